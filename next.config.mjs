// Security headers on every page and API answer. The Content-Security-Policy allows
// nothing from elsewhere but creators' media (images and audio over https), no plugins,
// no <base> or form hijacking, and no framing at all: no page of Dropmint is meant to be
// embedded (the hosted mint pages of other drops live on their own sites).
// Scripts: 'self' plus 'unsafe-inline', because Next.js inlines each page's data as
// scripts. A nonce would remove 'unsafe-inline' but makes every page's HTML unique per
// request, so no page could ever be cached by a CDN; React escapes every text it renders
// and links are checked for their scheme, which is what keeps creator text inert.
const isDev = process.env.NODE_ENV !== "production";
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "media-src 'self' data: blob: https:",
  "font-src 'self' data:",
  `connect-src 'self'${isDev ? " ws: wss:" : ""}`,
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY_HEADERS = [
  { key: "Content-Security-Policy", value: CONTENT_SECURITY_POLICY },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // For browsers that predate frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  async headers() {
    return [{ source: "/:path*", headers: SECURITY_HEADERS }];
  },
  // Native and WASM server packages are loaded by Node at run time, not bundled.
  serverExternalPackages: [
    "litesvm",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "ioredis",
    // bigint-buffer finds its native binding relative to its own files: bundling breaks that.
    "@solana/web3.js",
    "@solana/spl-token",
    "bigint-buffer",
    "@aws-sdk/client-s3",
  ],
  // `next dev` on 127.0.0.1 never hydrates without this.
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  // `npm test` type-checks the whole tree (`tsc --noEmit`) before it builds, and says so with
  // DROPMINT_TYPECHECKED=1: checking again inside `next build` would only repeat it. Every
  // other build (`npm start`, `npm run build`) still refuses code with type errors.
  typescript: { ignoreBuildErrors: process.env.DROPMINT_TYPECHECKED === "1" },
  typedRoutes: false,
  // A CPU profile of the site (`npm run bench:profile`) names the app's own functions only in
  // an unminified server build: `DROPMINT_UNMINIFIED_SERVER=1 next build`, for profiling alone.
  experimental: { serverMinification: process.env.DROPMINT_UNMINIFIED_SERVER !== "1" },
};

export default nextConfig;

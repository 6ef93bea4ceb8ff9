/** @type {import('next').NextConfig} */
const nextConfig = {
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
  ],
  // `next dev` on 127.0.0.1 never hydrates without this.
  allowedDevOrigins: ["127.0.0.1"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;

// What scripts/serve.ts answers itself, before Next.js sees a request, because the
// framework would answer it with a bare 500 or an empty, header-less 405:
// - a path whose percent-encoding is malformed (`/api/v1/collections/%E0%A4%A`): Next's
//   URL decoding throws before any handler runs. 400, the envelope under /api, the
//   site's error page elsewhere;
// - a method the path does not answer, including ones Next never routes (TRACE, PROPFIND,
//   QUERY, SEARCH): 405 with `Allow` (from the route files, see route-methods.ts), the
//   envelope under /api; pages answer GET and HEAD only (the site has no server actions).
import { fail } from "./envelope";
import { allowedMethods } from "./route-methods";

const PAGE_METHODS = ["GET", "HEAD"];

export function earlyRefusal(method: string, rawUrl: string): Response | null {
  const pathname = (rawUrl.split(/[?#]/, 1)[0] ?? "/") || "/";
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (!isDecodable(pathname)) {
    return isApi
      ? fail("INVALID_REQUEST", "The request path is not valid percent-encoding.")
      : errorPage(400, "Bad request", "This address is not valid: it contains a malformed %-escape.");
  }
  const allowed = isApi ? allowedMethods(pathname) : PAGE_METHODS;
  if (allowed === null || allowed.includes(method.toUpperCase())) return null;
  const refusal = isApi
    ? fail("METHOD_NOT_ALLOWED", "This endpoint does not accept that method.")
    : errorPage(405, "Method not allowed", "Pages of this site are read with GET.");
  refusal.headers.set("Allow", allowed.join(", "));
  return refusal;
}

function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** A small page in the site's colours; no script, nothing from elsewhere. */
function errorPage(status: number, title: string, sentence: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Dropmint</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0b1020;color:#e2e8f0;font-family:system-ui,sans-serif}main{max-width:32rem;padding:2rem}h1{font-size:1.5rem}a{color:#34d399}</style></head><body><main><h1>${title}</h1><p>${sentence}</p><p><a href="/">Back to Dropmint</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

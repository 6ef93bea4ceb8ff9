// Cross-origin access for browser callers with publishable keys. Any origin may read v1
// responses: nothing rides on cookies, and the key's own origin list (checked in auth) is
// what authorizes a browser page. Preflights carry no key, so they are answered for all.
const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "Retry-After",
} as const;

export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(CORS_HEADERS)) response.headers.set(name, value);
  return response;
}

/** `export const OPTIONS = v1Preflight` in v1 route files. */
export async function v1Preflight(): Promise<Response> {
  return withCors(
    new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
        "Access-Control-Allow-Headers": "X-API-Key, Content-Type",
        "Access-Control-Max-Age": "600",
      },
    }),
  );
}

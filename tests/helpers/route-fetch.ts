// A `fetch` that delivers to the app's route handlers in-process (through route-caller),
// for running the browser client against the real API without a server. It adds what a
// browser adds to a same-origin request from the site's pages: Sec-Fetch-Site, and Origin on
// anything but GET/HEAD, so keyless calls count as first-party exactly as they do in the site;
// and, like a browser, it keeps the cookies the site sets (the wallet sign-in) and sends them back.
import { callRoute } from "./route-caller";
import { TEST_SITE_ORIGIN } from "./test-app";

export type RouteFetchCall = { method: string; url: string; headers: Headers };

/** `calls` records every request the client made (to count attempts or read headers). */
export function createRouteFetch(): { fetch: typeof fetch; calls: RouteFetchCall[] } {
  const calls: RouteFetchCall[] = [];
  const jar = new Map<string, string>();
  const routeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    // The site's client uses same-origin paths ("/api/v1/…"): resolve them as the page would.
    const request = new Request(typeof input === "string" ? new URL(input, TEST_SITE_ORIGIN) : input, init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set("sec-fetch-site", "same-origin");
    if (request.method !== "GET" && request.method !== "HEAD") headers.set("origin", TEST_SITE_ORIGIN);
    if (jar.size > 0) headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
    calls.push({ method: request.method, url: url.pathname + url.search, headers });
    const rawBody = request.body ? await request.text() : undefined;
    const response = await callRoute(request.method, url.pathname + url.search, {
      headers: Object.fromEntries(headers),
      rawBody,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const [name = "", value = ""] = pair.split("=");
      if (attributes.some((a) => a.trim() === "Max-Age=0")) jar.delete(name.trim());
      else jar.set(name.trim(), value.trim());
    }
    return response;
  };
  return { fetch: routeFetch as typeof fetch, calls };
}

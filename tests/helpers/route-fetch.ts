// A `fetch` that delivers to the app's route handlers in-process (through route-caller),
// for running the browser client against the real API without a server. It adds what a
// browser adds to a same-origin request from the site's pages: Sec-Fetch-Site, and Origin on
// anything but GET/HEAD, so keyless calls count as first-party exactly as they do in the site.
import { callRoute } from "./route-caller";
import { TEST_SITE_ORIGIN } from "./test-app";

export type RouteFetchCall = { method: string; url: string; headers: Headers };

/** `calls` records every request the client made (to count attempts or read headers). */
export function createRouteFetch(): { fetch: typeof fetch; calls: RouteFetchCall[] } {
  const calls: RouteFetchCall[] = [];
  const routeFetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    // The site's client uses same-origin paths ("/api/v1/…"): resolve them as the page would.
    const request = new Request(typeof input === "string" ? new URL(input, TEST_SITE_ORIGIN) : input, init);
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set("sec-fetch-site", "same-origin");
    if (request.method !== "GET" && request.method !== "HEAD") headers.set("origin", TEST_SITE_ORIGIN);
    calls.push({ method: request.method, url: url.pathname + url.search, headers });
    const rawBody = request.body ? await request.text() : undefined;
    return callRoute(request.method, url.pathname + url.search, { headers: Object.fromEntries(headers), rawBody });
  };
  return { fetch: routeFetch as typeof fetch, calls };
}

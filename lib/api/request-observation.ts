// What every API request leaves behind for an operator, added in one place around the route
// pipeline (lib/api/route.ts) and the probes: a request id, returned in `X-Request-Id` and
// carried by every log line the request causes; one structured log line when it is answered;
// and its count and latency by route template and status (lib/metrics.ts).
import { randomUUID } from "node:crypto";
import { createLogger, withLogContext } from "@/lib/log";
import { metrics } from "@/lib/metrics";
import { routeTemplate } from "./route-methods";

const log = createLogger("api");

export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a proxy in front already gave the request is kept, when it is a plain token (never free text into the log). */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The id a request is known by: the proxy's, when plain, else a new one. */
export function requestIdOf(forwarded: string | null | undefined): string {
  return forwarded && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
}

/** Counts and times an answered request, and writes its one line. */
export function recordRequest(answered: { route: string; method: string; status: number; path: string; ms: number }) {
  const labels = { route: answered.route, method: answered.method, status: String(answered.status) };
  metrics().httpRequests.inc(labels);
  metrics().httpSeconds.observe(labels, answered.ms / 1000);
  log.info("request", { ...answered, ms: Math.round(answered.ms) });
}

/**
 * Runs `answer` as one observed request. The line names the route's template and the path
 * without its query (a query may carry a wallet or a code; the template is what aggregates).
 */
export async function observeRequest(request: Request, answer: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(request.headers.get(REQUEST_ID_HEADER));
  return withLogContext({ requestId }, async () => {
    const response = await answer();
    const path = new URL(request.url).pathname;
    const { method, status } = { method: request.method, status: response.status };
    recordRequest({ route: routeTemplate(path), method, status, path, ms: performance.now() - started });
    return withRequestId(response, requestId);
  });
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId);
    return response;
  } catch {
    // Immutable headers (a Response.redirect): the same answer, re-wrapped.
    const headers = new Headers(response.headers);
    headers.set(REQUEST_ID_HEADER, requestId);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

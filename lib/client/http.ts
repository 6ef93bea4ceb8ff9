// One HTTP attempt: paced, bounded by a timeout, its answer read as the service's JSON
// envelope. It never throws: the caller decides what each outcome means (a read retries a
// timeout, an execute reports it as an unknown outcome).
import { DropmintClientError } from "./errors.ts";
import type { Pacer } from "./pacing.ts";

export type Transport = {
  baseUrl: string;
  fetch: typeof fetch;
  apiKey: string | null;
  pacer: Pacer;
};

export type QueryValue = string | number | boolean | null | undefined;

export type HttpRequest = {
  method: "GET" | "POST";
  /** Already encoded, starting with "/" (see `pathOf`). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs: number;
};

export type HttpOutcome =
  /** A response whose body is a JSON object. */
  | { kind: "response"; status: number; headers: Headers; body: Record<string, unknown> }
  /** A response, but its body is not a JSON object (a proxy's HTML page, a cut-off body). */
  | { kind: "invalid"; status: number; headers: Headers; text: string }
  | { kind: "timeout" }
  /** No response at all: offline, DNS, connection refused or dropped. */
  | { kind: "network"; cause: unknown };

/** `/api/v1/collections/{a}/…`: every segment encoded, so an identifier can never change the path. */
export function pathOf(...segments: string[]): string {
  return "/" + segments.map(encodeURIComponent).join("/");
}

export function urlOf(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const qs = search.toString();
  return `${baseUrl.replace(/\/+$/, "")}${path}${qs ? `?${qs}` : ""}`;
}

export async function sendOnce(transport: Transport, request: HttpRequest): Promise<HttpOutcome> {
  await transport.pacer.take();
  const headers: Record<string, string> = { Accept: "application/json" };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (transport.apiKey) headers["X-API-Key"] = transport.apiKey;

  const controller = new AbortController();
  let timedOut = false;
  // The timer covers reading the body too: a response that stalls mid-body is a timeout.
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  try {
    const response = await transport.fetch(urlOf(transport.baseUrl, request.path, request.query), {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: controller.signal,
    });
    const text = await response.text();
    const body = parseObject(text);
    return body
      ? { kind: "response", status: response.status, headers: response.headers, body }
      : { kind: "invalid", status: response.status, headers: response.headers, text };
  } catch (cause) {
    return timedOut ? { kind: "timeout" } : { kind: "network", cause };
  } finally {
    clearTimeout(timer);
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export const isSuccessStatus = (status: number) => status >= 200 && status < 300;

/**
 * Seconds to wait before asking again, from Retry-After (seconds or an HTTP date) or else
 * the body's retryAfter; null when neither says.
 */
export function retryAfterSecondsOf(headers: Headers, body?: Record<string, unknown>): number | null {
  const header = headers.get("retry-after")?.trim();
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header)) return Number(header);
    const date = Date.parse(header);
    if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - Date.now()) / 1000));
  }
  const fromBody = body?.retryAfter;
  return typeof fromBody === "number" && Number.isFinite(fromBody) && fromBody >= 0 ? fromBody : null;
}

/** The error an outcome that is not a success stands for. */
export function errorOf(outcome: HttpOutcome): DropmintClientError {
  switch (outcome.kind) {
    case "timeout":
      return new DropmintClientError("TIMEOUT", "The request timed out.");
    case "network":
      return new DropmintClientError("NETWORK_ERROR", "The service could not be reached.", {
        body: { cause: describeCause(outcome.cause) },
      });
    case "invalid":
      return new DropmintClientError(
        "INVALID_RESPONSE",
        `The service answered HTTP ${outcome.status} with a body that is not the expected JSON.`,
        {
          status: outcome.status,
          body: outcome.text.slice(0, 500),
        },
      );
    case "response": {
      const { status, headers, body } = outcome;
      const code = typeof body.code === "string" && body.code ? body.code : `HTTP_${status}`;
      const message =
        typeof body.error === "string" && body.error ? body.error : `The service answered HTTP ${status}.`;
      return new DropmintClientError(code, message, {
        status,
        body,
        retryAfterSeconds: retryAfterSecondsOf(headers, body),
      });
    }
  }
}

function describeCause(cause: unknown): string {
  return cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
}

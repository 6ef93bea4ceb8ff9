// The one module that builds v1 response bodies. Success bodies carry `success: true`
// beside the resource's own top-level fields; errors are `{ success: false, error, code }`
// plus any named extras (e.g. retryAfter). A few spec bodies have no `success` member:
// those go through `bare`.
import { statusOf, type ErrorCode } from "@/lib/errors";

type Body = Record<string, unknown>;

/** `{ success: true, ...body }` (success always true, always first), status 200 unless `init.status` says otherwise. */
export function ok(body: Body, init?: ResponseInit): Response {
  return jsonResponse(okText(body), init);
}

/** A spec body without a `success` member, sent as given. */
export function bare(body: Body, init?: ResponseInit): Response {
  return jsonResponse(bareText(body), init);
}

/** The JSON text of `ok(body)`, for a caller that keeps it (the route pipeline reuses the text of a cached result). */
export function okText(body: Body): string {
  return stringify(Object.assign({ success: true }, body, { success: true }));
}

export function bareText(body: Body): string {
  return stringify(body);
}

/** `{ success: false, error, code, ...extra }` with the code's status. */
export function fail(code: ErrorCode, error: string, extra?: Body, init?: ResponseInit): Response {
  // Assigning the three members first and last keeps them first in key order and unforgeable by `extra`.
  const body = Object.assign({ success: false, error, code }, extra, { success: false, error, code });
  return json(body, { ...init, status: statusOf(code) });
}

function json(body: unknown, init: ResponseInit = {}): Response {
  return jsonResponse(stringify(body), init);
}

/** A JSON response from its text (no-store unless `init` says otherwise). */
export function jsonResponse(text: string, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  return new Response(text, { ...init, headers });
}

/** Without a replacer first: a replacer is called for every key, which doubles the cost of a large page. */
function stringify(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (error) {
    if (error instanceof TypeError) return JSON.stringify(body, bigintSafe); // a stray bigint
    throw error;
  }
}

// Callers should pass numbers; a stray bigint must not crash a response either.
function bigintSafe(_key: string, value: unknown): unknown {
  if (typeof value !== "bigint") return value;
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)
    ? Number(value)
    : value.toString();
}

// The error that services, helpers and the HTTP pipeline throw to answer with a specific
// code. It knows nothing of HTTP: the route wrapper (lib/api/handle-error.ts) turns it into
// an envelope with the code's status, and a `retryAfter` extra into a Retry-After header.
import { statusOf, type ErrorCode } from "./codes";

export type AppErrorOptions = {
  /** Extra members of the error body, e.g. `{ retryAfter: 12 }` (seconds, also sent as Retry-After). */
  extra?: Record<string, unknown>;
  cause?: unknown;
};

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly extra?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.extra = options.extra;
  }

  /** The status the spec gives this code. */
  get status(): number {
    return statusOf(this.code);
  }
}

/** Seconds to wait, when the error says so (rate limits). */
export function retryAfterOf(error: AppError): number | null {
  const value = error.extra?.retryAfter;
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

// The error that helpers and services throw to answer with a specific code. The route
// wrapper turns it into an envelope (lib/api/handle-error.ts); nothing else needs to.
import { statusOf, type ErrorCode } from "./error-codes";

export type ApiErrorOptions = {
  /** Extra members of the error body, e.g. `{ retryAfter: 12 }`. */
  extra?: Record<string, unknown>;
  /** Extra response headers, e.g. `{ "Retry-After": "12" }`. */
  headers?: Record<string, string>;
  cause?: unknown;
};

export class ApiError extends Error {
  override name = "ApiError";
  readonly code: ErrorCode;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  get status(): number {
    return statusOf(this.code);
  }
}

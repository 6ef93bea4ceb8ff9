// The one error the browser client throws. `code` is the service's stable code, or one the
// client raises itself: NETWORK_ERROR, TIMEOUT, INVALID_RESPONSE, and OUTCOME_UNKNOWN
// (submitted transactions whose outcome cannot be confirmed: check the wallet, never retry).
export class DropmintClientError extends Error {
  override name = "DropmintClientError";
  constructor(
    readonly code: string,
    message: string,
    readonly details: {
      status?: number | null;
      retryAfterSeconds?: number | null;
      /** The service's error body, when there was one. */
      body?: unknown;
    } = {},
  ) {
    super(message);
  }
  get status(): number | null {
    return this.details.status ?? null;
  }
}

export function isClientError(error: unknown): error is DropmintClientError {
  return error instanceof DropmintClientError;
}

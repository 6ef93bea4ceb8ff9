// What the client does with each outcome, by kind of call (spec: Errors, Limits):
// - reads retry on 429, 5xx, timeouts and network failures, with backoff and Retry-After;
// - single-shot calls (prepare-mint, the faucet) go once: they change state on the server;
// - mint submissions go once, and any outcome that does not prove "landed" or "refused"
//   becomes OUTCOME_UNKNOWN: the transaction may still land, so the collector must check the
//   wallet rather than sign again.
import { DropmintClientError } from "./errors.ts";
import {
  errorOf,
  isSuccessStatus,
  retryAfterSecondsOf,
  sendOnce,
  type HttpOutcome,
  type HttpRequest,
  type Transport,
} from "./http.ts";

export type ReadPolicy = {
  attempts: number;
  /** First backoff; each later one is 3× longer (300 ms, 900 ms by default), ±20 % jitter. */
  backoffMs: number;
  /** A Retry-After longer than this is not waited out: the error is thrown with retryAfterSeconds. */
  maxRetryAfterSeconds: number;
  sleep(ms: number): Promise<void>;
};

export async function readJson<R>(transport: Transport, request: HttpRequest, policy: ReadPolicy): Promise<R> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await sendOnce(transport, request);
    if (outcome.kind === "response" && isSuccessStatus(outcome.status)) return outcome.body as R;
    const wait = attempt < policy.attempts ? retryWaitMs(outcome, attempt, policy) : null;
    if (wait === null) throw errorOf(outcome);
    await policy.sleep(wait);
  }
}

/** How long to wait before the next attempt, or null when this outcome must not be retried. */
export function retryWaitMs(
  outcome: HttpOutcome,
  attempt: number,
  policy: Pick<ReadPolicy, "backoffMs" | "maxRetryAfterSeconds">,
  random = Math.random,
): number | null {
  const backoff = () => policy.backoffMs * 3 ** (attempt - 1) * (0.8 + 0.4 * random());
  if (outcome.kind === "timeout" || outcome.kind === "network") return backoff();
  if (!isRetryableStatus(outcome.status)) return null;
  const retryAfter = retryAfterSecondsOf(outcome.headers, outcome.kind === "response" ? outcome.body : undefined);
  if (retryAfter === null) return backoff();
  return retryAfter <= policy.maxRetryAfterSeconds ? retryAfter * 1000 : null;
}

const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** One attempt; a failure is thrown as is (prepare-mint reserves supply, so it is never repeated). */
export async function sendJsonOnce<R>(transport: Transport, request: HttpRequest): Promise<R> {
  const outcome = await sendOnce(transport, request);
  if (outcome.kind === "response" && isSuccessStatus(outcome.status)) return outcome.body as R;
  throw errorOf(outcome);
}

export const OUTCOME_UNKNOWN_SENTENCE = "The mint may still complete — check your wallet before minting again.";

/** execute-mint and its batch: one attempt; anything short of a clear answer is OUTCOME_UNKNOWN. */
export async function submitMint<R>(transport: Transport, request: HttpRequest): Promise<R> {
  const outcome = await sendOnce(transport, request);
  if (outcome.kind === "response") {
    const { status, body } = outcome;
    if (isSuccessStatus(status) && body.pending !== true) return body as R;
    if (isClearRefusal(status, body)) throw errorOf(outcome);
  }
  throw outcomeUnknown(outcome);
}

/**
 * A 4xx the service answered before or instead of submitting (invalid signature, expired
 * session, rate limit…) means nothing was sent. ALREADY_COMPLETED is clear too: it landed.
 * ALREADY_PROCESSING and anything marked pending are not: another call is still submitting.
 */
function isClearRefusal(status: number, body: Record<string, unknown>): boolean {
  if (status < 400 || status >= 500) return false;
  return body.pending !== true && body.code !== "ALREADY_PROCESSING" && body.code !== "OUTCOME_PENDING";
}

function outcomeUnknown(outcome: HttpOutcome): DropmintClientError {
  const original = errorOf(outcome);
  const body = outcome.kind === "response" ? outcome.body : { code: original.code, error: original.message };
  return new DropmintClientError("OUTCOME_UNKNOWN", OUTCOME_UNKNOWN_SENTENCE, { status: original.status, body });
}

// Client-side pacing (spec: Limits — 5 requests per second sustained, bursts of 10): a token
// bucket that makes a caller wait for its turn instead of failing, so a busy page slows down
// rather than earning 429s from the service.

export type PacingOptions = { perSecond: number; burst: number };

export const DEFAULT_PACING: PacingOptions = { perSecond: 5, burst: 10 };

export type Clock = { now(): number; sleep(ms: number): Promise<void> };

/** performance.now() is monotonic: a device clock change cannot drain or flood the bucket. */
export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type Pacer = {
  /** Resolves when this request may go. Callers are served first come, first served. */
  take(): Promise<void>;
};

export function createTokenBucket({ perSecond, burst }: PacingOptions, clock: Clock = realClock): Pacer {
  if (!(perSecond > 0) || !(burst >= 1)) throw new RangeError("pacing needs perSecond > 0 and burst >= 1");
  const perMs = perSecond / 1000;
  let tokens = burst;
  let refilledAt = clock.now();

  return {
    take() {
      const now = clock.now();
      tokens = Math.min(burst, tokens + (now - refilledAt) * perMs);
      refilledAt = now;
      // A negative balance is the queue: each waiting caller has reserved the token that will
      // have refilled by the time its wait ends, so waits line up in call order.
      tokens -= 1;
      if (tokens >= 0) return Promise.resolve();
      return clock.sleep(-tokens / perMs);
    },
  };
}

/** For `pacing: null`: every request goes at once. */
export const unpaced: Pacer = { take: () => Promise.resolve() };

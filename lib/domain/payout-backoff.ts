// When the payout worker tries a prize again after an attempt that left it pending (an
// unfunded prize account, an empty NFT vault, a chain that did not answer): doubling waits
// from a few seconds up to a ceiling, so a prize that cannot be paid yet costs little and a
// funded one is paid soon after.
export const PAYOUT_BACKOFF = { firstMs: 5_000, maxMs: 10 * 60_000 } as const;

/** The moment of the next attempt after `attempts` failed ones (1 for the first failure). */
export function nextPayoutAttemptAt(now: Date, attempts: number): Date {
  const exponent = Math.max(0, Math.min(attempts - 1, 20));
  const delay = Math.min(PAYOUT_BACKOFF.maxMs, PAYOUT_BACKOFF.firstMs * 2 ** exponent);
  return new Date(now.getTime() + delay);
}

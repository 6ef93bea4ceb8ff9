import { describe, expect, it } from "vitest";
import { nextPayoutAttemptAt, PAYOUT_BACKOFF } from "@/lib/domain/payout-backoff";

describe("nextPayoutAttemptAt", () => {
  const now = new Date("2030-01-01T00:00:00Z");
  const waitAfter = (attempts: number) => nextPayoutAttemptAt(now, attempts).getTime() - now.getTime();

  it("doubles the wait after each failed attempt, from the first wait up to the ceiling", () => {
    expect([1, 2, 3, 4].map(waitAfter)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(waitAfter(30)).toBe(PAYOUT_BACKOFF.maxMs);
    expect(waitAfter(1_000)).toBe(PAYOUT_BACKOFF.maxMs);
  });
});

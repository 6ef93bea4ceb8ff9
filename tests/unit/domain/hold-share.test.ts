// Who holds a reservation, a holder's share of a phase, and the cooldown (issue 21).
import { describe, expect, it } from "vitest";
import {
  HOLD_COOLDOWN_WINDOW_MS,
  HOLD_SHARE_MIN,
  cooldownUntil,
  holdShareOf,
  holderKeyOf,
} from "@/lib/domain/hold-share";

describe("the holder of a reservation", () => {
  it("is a secret key wherever it calls from, a publishable key per network, the site's pages per network", () => {
    expect(holderKeyOf({ kind: "partner", keyId: "k1", keyClass: "live" }, "198.51.100.7")).toBe("key:k1");
    expect(holderKeyOf({ kind: "partner", keyId: "k1", keyClass: "pub" }, "198.51.100.7")).toBe(
      "key:k1:ip:198.51.100.7",
    );
    expect(holderKeyOf({ kind: "first-party" }, "2001:db8:1:2:3:4:5:6")).toBe("ip:2001:db8:1:2::/64");
    // The same /64 however it is written (tests/unit/domain/client-network.test.ts has the rest).
    expect(holderKeyOf({ kind: "first-party" }, "2001:db8:1:2::9")).toBe("ip:2001:db8:1:2::/64");
  });
});

describe("a holder's share of a phase", () => {
  it("is 10% of the supply, never less than the minimum, and none for an open edition", () => {
    expect(holdShareOf(1_000)).toBe(100);
    expect(holdShareOf(50)).toBe(HOLD_SHARE_MIN);
    expect(holdShareOf(3)).toBe(HOLD_SHARE_MIN);
    expect(holdShareOf(null)).toBeNull();
  });
});

describe("the cooldown", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it("starts at the limit within the window and ends when the limit-th most recent leaves it", () => {
    expect(cooldownUntil([ago(1), ago(2)], 3, now)).toBeNull();
    expect(cooldownUntil([ago(1), ago(2), ago(40)], 3, now)).toBeNull(); // one outside the window
    const until = cooldownUntil([ago(5), ago(1), ago(2)], 3, now);
    expect(until).toEqual(new Date(ago(5).getTime() + HOLD_COOLDOWN_WINDOW_MS));
  });
});

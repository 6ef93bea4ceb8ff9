// Who holds a reservation, a holder's share of a phase, and the cooldown (issue 21).
import { describe, expect, it } from "vitest";
import {
  HOLD_COOLDOWN_WINDOW_MS,
  HOLD_SHARE_MIN,
  cooldownUntil,
  holdShareOf,
  holderKeyOf,
  networkOf,
} from "@/lib/domain/hold-share";

describe("the holder of a reservation", () => {
  it("is a secret key wherever it calls from, a publishable key per network, the site's pages per network", () => {
    expect(holderKeyOf({ kind: "partner", keyId: "k1", keyClass: "live" }, "198.51.100.7")).toBe("key:k1");
    expect(holderKeyOf({ kind: "partner", keyId: "k1", keyClass: "pub" }, "198.51.100.7")).toBe(
      "key:k1:ip:198.51.100.7",
    );
    expect(holderKeyOf({ kind: "first-party" }, "2001:db8:1:2:3:4:5:6")).toBe("ip:2001:db8:1:2::/64");
  });

  it("counts an IPv6 client by its /64, however the address is written", () => {
    const same = ["2001:db8:0:1::1", "2001:0db8:0000:0001:ffff::9", "2001:db8::1:0:0:0:7"];
    expect(new Set(same.map(networkOf))).toEqual(new Set(["2001:db8:0:1::/64"]));
    expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("2001:db8:0:2::1")).not.toBe(networkOf("2001:db8:0:1::1"));
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

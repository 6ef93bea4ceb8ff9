// lib/format: the site's one way of writing amounts (exact, from smallest units), counts,
// percents, UTC dates, relative times, countdowns, wallets and BOGO offers.
import { describe, expect, it } from "vitest";
import {
  bogoLabel,
  formatCount,
  formatCountdown,
  formatDecimal,
  formatDisplayAmount,
  formatDuration,
  formatPercent,
  formatSol,
  formatTimeAgo,
  formatTimeUntil,
  formatTokenAmount,
  formatUtcDate,
  formatUtcDateTime,
  nftNumberLabel,
  numberUnlessNamed,
  plural,
  shortWallet,
  walletLabel,
} from "@/lib/format";

const WALLET = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

describe("formatTokenAmount", () => {
  it.each([
    [500_000_000, 9, "SOL", "0.5 SOL"],
    [1_500_000_000, 9, "SOL", "1.5 SOL"],
    [100_000_000, 9, "SOL", "0.1 SOL"],
    [1, 9, "SOL", "0.000000001 SOL"],
    [0, 9, "SOL", "0 SOL"],
    [1_250_500_000, 6, "GLOW", "1,250.5 GLOW"],
    [1_234_567, 0, "PTS", "1,234,567 PTS"],
    [42, 0, null, "42 tokens"],
  ])("%d with %d decimals and %j → %j", (raw, decimals, symbol, text) => {
    expect(formatTokenAmount(raw, decimals, symbol)).toBe(text);
  });

  it("is exact for amounts a float would round", () => {
    expect(formatTokenAmount(9_007_199_254_740_991n, 9, "SOL")).toBe("9,007,199.254740991 SOL");
  });

  it("refuses a raw amount that is not a whole number of smallest units", () => {
    expect(() => formatTokenAmount(1.5, 9, "SOL")).toThrow(RangeError);
  });
});

describe("formatSol: lamports written exactly, never by float division", () => {
  it.each([
    [1n, "0.000000001 SOL"],
    [100_000_000n, "0.1 SOL"],
    [300_000_000n, "0.3 SOL"],
    [1_000_000_000n, "1 SOL"],
    [2_000_000_000n, "2 SOL"],
    [123_456_789_123_456_789n, "123,456,789.123456789 SOL"],
    [2n ** 53n + 1n, "9,007,199.254740993 SOL"],
    [10n ** 30n + 1n, "1,000,000,000,000,000,000,000.000000001 SOL"],
  ])("%s lamports → %j", (lamports, text) => {
    expect(formatSol(lamports)).toBe(text);
  });

  it("shows where float division would have gone wrong", () => {
    // The old way: lamports / 1e9, then a number formatter.
    expect(String(123_456_789_123_456_789 / 1e9)).toBe("123456789.12345679"); // the float kept 17 digits
    expect(Number(2n ** 53n + 1n)).toBe(2 ** 53); // as a float, the last lamport is already gone
    expect(formatSol(2n ** 53n + 1n)).toBe("9,007,199.254740993 SOL");
    expect(String(0.1 + 0.2)).toBe("0.30000000000000004");
    expect(formatSol(100_000_000n + 200_000_000n)).toBe("0.3 SOL");
  });

  it("takes a JSON number of lamports converted at the edge", () => {
    expect(formatSol(BigInt(1_999_995_000))).toBe("1.999995 SOL");
    expect(formatSol(1_999_995_000)).toBe("1.999995 SOL");
  });
});

describe("formatDisplayAmount (a display number with no smallest-unit twin)", () => {
  it.each([
    [0.1, "SOL", "0.1 SOL"],
    [1.5, "SOL", "1.5 SOL"],
    [0, "SOL", "0 SOL"],
    [1000.25, "USDC", "1,000.25 USDC"],
    [0.0000001, "SOL", "0.0000001 SOL"],
    [0.000000001, "SOL", "0.000000001 SOL"],
    [1e21, "PTS", "1,000,000,000,000,000,000,000 PTS"],
  ])("%d %s → %j", (amount, currency, text) => {
    expect(formatDisplayAmount(amount, currency)).toBe(text);
  });

  it("without a currency, the bare number", () => {
    expect(formatDisplayAmount(2500)).toBe("2,500");
    expect(formatDisplayAmount(0.25, null)).toBe("0.25");
  });
});

describe("formatCount and plural", () => {
  it("groups thousands the same way everywhere", () => {
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(0)).toBe("0");
    expect(formatCount(-1234)).toBe("-1,234");
  });

  it("counts with the right noun", () => {
    expect(plural(1, "mint")).toBe("1 mint");
    expect(plural(3, "mint")).toBe("3 mints");
    expect(plural(1200, "entry", "entries")).toBe("1,200 entries");
  });
});

describe("formatDecimal", () => {
  it("rounds to at most the given decimals and groups", () => {
    expect(formatDecimal(12.3456)).toBe("12.35");
    expect(formatDecimal(1234.5)).toBe("1,234.5");
    expect(formatDecimal(7)).toBe("7");
    expect(formatDecimal(-0.001)).toBe("0");
  });
});

describe("formatPercent", () => {
  it.each([
    [12, "12%"],
    [12.5, "12.5%"],
    [100, "100%"],
    [33.333333, "33.3%"],
    [16.666666, "16.7%"],
    [42.85, "42.9%"],
    [0, "0%"],
    [0.25, "0.3%"],
    [0.04, "<0.1%"],
    [0.05, "0.1%"],
    [99.9, "99.9%"],
    [99.95, ">99.9%"],
  ])("%d → %j", (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });

  it("keeps a positive share off 0 % and an unfinished one off 100 %", () => {
    expect(formatPercent(0.0001)).not.toBe("0%");
    expect(formatPercent(99.9999)).not.toBe("100%");
  });
});

describe("bogoLabel", () => {
  it("writes BOGO as buy N, get M free, and nothing without an offer", () => {
    expect(bogoLabel({ buy: 2, get: 1 })).toBe("Buy 2, get 1 free");
    expect(bogoLabel(null)).toBeNull();
    expect(bogoLabel(undefined)).toBeNull();
    expect(bogoLabel({ buy: 0, get: 1 })).toBeNull();
    expect(bogoLabel({ buy: 3, get: 0 })).toBeNull();
  });
});

describe("wallets", () => {
  it("shortens a wallet to its first and last four characters", () => {
    expect(shortWallet(WALLET)).toBe("7xKX…gAsU");
  });

  it("prefers the display name, else shortens the wallet", () => {
    expect(walletLabel(WALLET, "Mira")).toBe("Mira");
    expect(walletLabel(WALLET, null)).toBe("7xKX…gAsU");
    expect(walletLabel(WALLET, "   ")).toBe("7xKX…gAsU");
  });
});

describe("dates in UTC", () => {
  it("formats the day and the moment in UTC whatever the machine's zone", () => {
    expect(formatUtcDate("2025-06-07T23:30:00.000Z")).toBe("7 Jun 2025");
    expect(formatUtcDateTime("2025-06-07T23:30:00.000Z")).toBe("7 Jun 2025, 23:30 UTC");
    expect(formatUtcDateTime("2025-01-01T04:05:00+02:00")).toBe("1 Jan 2025, 02:05 UTC");
    expect(formatUtcDateTime("2026-06-03T16:05:00.000Z")).toBe("3 Jun 2026, 16:05 UTC");
    expect(formatUtcDateTime("2026-12-31T23:59:59.999Z")).toBe("31 Dec 2026, 23:59 UTC");
    expect(formatUtcDateTime("2027-01-01T00:00:00+02:00")).toBe("31 Dec 2026, 22:00 UTC");
  });

  it("takes a Date or an ISO string alike", () => {
    expect(formatUtcDateTime(new Date("2026-01-05T03:04:00Z"))).toBe("5 Jan 2026, 03:04 UTC");
    expect(formatUtcDate(new Date("2026-11-23T21:40:00Z"))).toBe("23 Nov 2026");
  });

  it("does not invent a date from garbage", () => {
    expect(formatUtcDate("not a date")).toBe("—");
    expect(formatUtcDateTime("not a date")).toBe("—");
  });
});

describe("formatTimeAgo", () => {
  const now = Date.parse("2025-06-07T12:00:00.000Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it.each([
    [0, "just now"],
    [30_000, "just now"],
    [-5_000, "just now"],
    [60_000, "1 minute ago"],
    [5 * 60_000, "5 minutes ago"],
    [59 * 60_000, "59 minutes ago"],
    [60 * 60_000, "1 hour ago"],
    [23 * 3_600_000, "23 hours ago"],
    [24 * 3_600_000, "1 day ago"],
    [3 * 86_400_000, "3 days ago"],
  ])("%d ms before the server clock → %j", (ms, text) => {
    expect(formatTimeAgo(ago(ms), now)).toBe(text);
  });
  it("gives the date beyond a month", () => {
    expect(formatTimeAgo("2025-04-01T08:00:00.000Z", now)).toBe("1 Apr 2025");
  });
});

describe("formatTimeUntil", () => {
  it.each([
    [30_000, "in under a minute"],
    [60_000, "in 1 minute"],
    [59 * 60_000, "in 59 minutes"],
    [3_600_000, "in 1 hour"],
    [47 * 3_600_000, "in 47 hours"],
    [48 * 3_600_000, "in 2 days"],
    [10 * 86_400_000 + 5, "in 10 days"],
  ])("%i ms → %s", (ms, text) => {
    expect(formatTimeUntil(ms)).toBe(text);
  });
});

describe("formatCountdown", () => {
  it("shows whole seconds rounded up, hours and days when needed", () => {
    expect(formatCountdown(0)).toBe("00:00");
    expect(formatCountdown(1)).toBe("00:01");
    expect(formatCountdown(65_000)).toBe("01:05");
    expect(formatCountdown(3_600_000 + 4 * 60_000 + 5_000)).toBe("01:04:05");
    expect(formatCountdown(2 * 86_400_000 + 4 * 3_600_000 + 5 * 60_000 + 6_000)).toBe("2d 04:05:06");
    expect(formatCountdown(-500)).toBe("00:00");
  });
});

describe("formatDuration", () => {
  it("prints minutes and seconds", () => {
    expect(formatDuration(30)).toBe("0:30");
    expect(formatDuration(65.4)).toBe("1:05");
  });
});

describe("nftNumberLabel", () => {
  it("names the edition copy, else the token id", () => {
    expect(nftNumberLabel({ tokenId: null, editionNumber: 5, maxEditionSupply: 50 })).toBe("Edition 5 of 50");
    expect(nftNumberLabel({ tokenId: null, editionNumber: 5, maxEditionSupply: null })).toBe("Edition 5");
    expect(nftNumberLabel({ tokenId: 12 })).toBe("#12");
    expect(nftNumberLabel({ tokenId: 0 })).toBe("#0");
    expect(nftNumberLabel({ tokenId: null })).toBeNull();
  });
});

describe("numberUnlessNamed", () => {
  it("drops the number line when the name already carries it", () => {
    expect(numberUnlessNamed("Solstice Sprite #12", "#12")).toBeNull();
    expect(numberUnlessNamed("Aurora #5 of 50", "Edition 5 of 50")).toBe("Edition 5 of 50");
    expect(numberUnlessNamed("Golden", null)).toBeNull();
  });
});

// The drop page sections' display helpers: amounts from smallest units, wallets, percentages,
// dates and relative times on the server clock, prize progress.
import { describe, expect, it } from "vitest";
import {
  everyNMints,
  formatDuration,
  formatPercent,
  formatPrizePool,
  formatTimeAgo,
  formatTokenAmount,
  formatUtcDate,
  formatUtcDateTime,
  milestoneProgress,
  mintsUntilNextDraw,
  nftNumberLabel,
  numberUnlessNamed,
  plural,
  walletLabel,
} from "@/app/d/[shortId]/_sections/format";

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
});

describe("formatPrizePool", () => {
  it("formats each token of the pool by its own decimals", () => {
    expect(formatPrizePool([{ symbol: "SOL", decimals: 9, pool_raw: 750_000_000 }])).toBe("0.75 SOL");
    expect(
      formatPrizePool([
        { symbol: "SOL", decimals: 9, pool_raw: 500_000_000 },
        { symbol: "USDC", decimals: 6, pool_raw: 100_000_000 },
      ]),
    ).toBe("0.5 SOL + 100 USDC");
  });
  it("is null for an empty pool", () => {
    expect(formatPrizePool([])).toBeNull();
    expect(formatPrizePool([{ symbol: "SOL", decimals: 9, pool_raw: 0 }])).toBeNull();
  });
});

describe("formatPercent", () => {
  it.each([
    [12.5, "12.5%"],
    [100, "100%"],
    [33.333333, "33.33%"],
    [0, "0%"],
    [0.004, "<0.01%"],
    [0.005, "0.01%"],
  ])("%d → %j", (value, text) => {
    expect(formatPercent(value)).toBe(text);
  });
});

describe("walletLabel", () => {
  it("prefers the display name, else shortens the wallet", () => {
    expect(walletLabel(WALLET, "Mira")).toBe("Mira");
    expect(walletLabel(WALLET, null)).toBe("7xKX…gAsU");
    expect(walletLabel(WALLET, "   ")).toBe("7xKX…gAsU");
  });
});

describe("plural", () => {
  it("counts with the right noun", () => {
    expect(plural(1, "mint")).toBe("1 mint");
    expect(plural(3, "mint")).toBe("3 mints");
    expect(plural(1200, "entry", "entries")).toBe("1,200 entries");
  });
});

describe("dates in UTC", () => {
  it("formats the date and time in UTC whatever the machine's zone", () => {
    expect(formatUtcDate("2025-06-07T23:30:00.000Z")).toBe("7 Jun 2025");
    expect(formatUtcDateTime("2025-06-07T23:30:00.000Z")).toBe("7 Jun 2025, 23:30 UTC");
    expect(formatUtcDateTime("2025-01-01T04:05:00+02:00")).toBe("1 Jan 2025, 02:05 UTC");
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

describe("milestoneProgress", () => {
  it("measures the mints counted towards the target", () => {
    expect(milestoneProgress(12, 25)).toEqual({ reached: false, percent: 48, remaining: 13 });
    expect(milestoneProgress(25, 25)).toEqual({ reached: true, percent: 100, remaining: 0 });
    expect(milestoneProgress(40, 25)).toEqual({ reached: true, percent: 100, remaining: 0 });
    expect(milestoneProgress(0, 100)).toEqual({ reached: false, percent: 0, remaining: 100 });
  });
});

describe("recurring pools", () => {
  it("says how often a pool draws", () => {
    expect(everyNMints(1)).toBe("every mint");
    expect(everyNMints(10)).toBe("every 10 mints");
  });
  it("counts the mints until the next draw", () => {
    expect(mintsUntilNextDraw(12, 5, 2, null)).toBe(3);
    expect(mintsUntilNextDraw(10, 5, 2, 10)).toBe(5);
    expect(mintsUntilNextDraw(0, 5, 0, null)).toBe(5);
  });
  it("has no next draw once the pool fired its last time, or without a cadence", () => {
    expect(mintsUntilNextDraw(10, 5, 2, 2)).toBeNull();
    expect(mintsUntilNextDraw(10, null, 0, null)).toBeNull();
  });
});

describe("formatDuration", () => {
  it("prints minutes and seconds", () => {
    expect(formatDuration(30)).toBe("0:30");
    expect(formatDuration(65.4)).toBe("1:05");
  });
});

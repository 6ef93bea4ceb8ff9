import { describe, expect, it } from "vitest";
import { peggedQuote, slippageCap } from "@/lib/domain/pegged-quote";
import { pegConfigOf } from "@/lib/domain/phase-config";

const now = 1_900_000_000_000;
const sol = (price: number, fetchedAt = now) => ({ price, source: "coingecko", fetchedAt });

describe("peggedQuote", () => {
  it("usd mode: the token amount for the USD target, rounded up to the smallest unit", () => {
    const quote = peggedQuote({
      config: { pegMode: "usd", target: 100, slippageTolerance: 0.02, validitySeconds: 60 },
      token: { symbol: "SOL", decimals: 9, usd: sol(150) },
      now,
      priceTtlMs: 60_000,
    });
    // 100 / 150 = 0.6666… SOL → 666_666_667 lamports (up), worth 100.00000005 USD.
    expect(quote).toEqual({
      pegMode: "usd",
      usdEquivalent: 100,
      tokenAmount: 0.666666667,
      tokenAmountRaw: 666_666_667n,
      tokenSymbol: "SOL",
      tokenDecimals: 9,
      tokenPrice: 150,
      usdValue: 100.00000005,
      slippageTolerance: 0.02,
      source: "coingecko",
      isStale: false,
      quotedAt: now,
      expiresAt: now + 60_000,
      validitySeconds: 60,
    });
  });

  it("is exact where floating division is not (0.3 / 0.1)", () => {
    const quote = peggedQuote({
      config: { pegMode: "usd", target: 0.3, slippageTolerance: 0, validitySeconds: 30 },
      token: { symbol: "TKN", decimals: 6, usd: { price: 0.1, source: "static", fetchedAt: now } },
      now,
      priceTtlMs: 60_000,
    });
    expect(quote).toMatchObject({ tokenAmountRaw: 3_000_000n, tokenAmount: 3, usdValue: 0.3, expiresAt: now + 30_000 });
  });

  it("native mode: worth `target` SOL, paid in another token", () => {
    const quote = peggedQuote({
      config: { pegMode: "native", target: 0.5, slippageTolerance: 0.01, validitySeconds: 45 },
      token: { symbol: "USDC", decimals: 6, usd: { price: 1, source: "static", fetchedAt: now } },
      native: sol(151.37),
      now,
      priceTtlMs: 60_000,
    });
    expect(quote).toMatchObject({
      pegMode: "native",
      nativeEquivalent: 0.5,
      nativePrice: 151.37,
      tokenAmountRaw: 75_685_000n,
      tokenAmount: 75.685,
      tokenPrice: 1,
      usdValue: 75.685,
      source: "static+coingecko",
      isStale: false,
    });
  });

  it("native mode paid in the native token itself is the target, exactly", () => {
    const quote = peggedQuote({
      config: { pegMode: "native", target: 1.25, slippageTolerance: 0.02, validitySeconds: 60 },
      token: { symbol: "SOL", decimals: 9, usd: sol(163.123456) },
      native: sol(163.123456),
      now,
      priceTtlMs: 60_000,
    });
    expect(quote).toMatchObject({ tokenAmountRaw: 1_250_000_000n, tokenAmount: 1.25, source: "coingecko" });
  });

  it("is stale when a price is older than its TTL", () => {
    const input = {
      config: { pegMode: "usd" as const, target: 10, slippageTolerance: 0.02, validitySeconds: 60 },
      now,
      priceTtlMs: 60_000,
    };
    expect(peggedQuote({ ...input, token: { symbol: "SOL", decimals: 9, usd: sol(100, now - 60_000) } }).isStale).toBe(
      false,
    );
    expect(peggedQuote({ ...input, token: { symbol: "SOL", decimals: 9, usd: sol(100, now - 60_001) } }).isStale).toBe(
      true,
    );
  });

  it("reads peg settings with their defaults, and refuses incomplete ones", () => {
    expect(pegConfigOf({ priceModel: "pegged", pegConfig: { pegMode: "usd", target: 25 } })).toEqual({
      pegMode: "usd",
      target: 25,
      nativeSymbol: "SOL",
      slippageTolerance: 0.02,
      validitySeconds: 60,
    });
    expect(pegConfigOf({ priceModel: "pegged", pegConfig: { pegMode: "eur", target: 25 } })).toBeNull();
    expect(pegConfigOf({ priceModel: "fixed", pegConfig: { pegMode: "usd", target: 25 } })).toBeNull();
  });
});

describe("slippageCap", () => {
  it("is the quote plus its tolerance, in the smallest unit, rounded up", () => {
    expect(slippageCap(0.2, 9, 0.02)).toBe(204_000_000n);
    expect(slippageCap(0.197, 9, 0.02)).toBe(200_940_000n);
    expect(slippageCap(1, 0, 0.015)).toBe(2n); // 1.015 whole units → 2
    expect(slippageCap(0.2, 9, 0)).toBe(200_000_000n);
  });
});

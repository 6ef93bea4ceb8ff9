import { describe, expect, it } from "vitest";
import {
  NATIVE_SOL_MINT,
  prizeTokenOf,
  shortenWallet,
  summarizePrizePool,
  toWireAmount,
  weightPercents,
  type TokenPrize,
} from "@/lib/domain/bounty-summary";

const USDC = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v";
const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
const sol = (lamports: bigint, extra: Partial<TokenPrize> = {}): TokenPrize => ({
  tokenMint: null,
  tokenSymbol: "SOL",
  tokenDecimals: 9,
  amount: lamports,
  ...extra,
});
const usdc = (raw: bigint): TokenPrize => ({ tokenMint: USDC, tokenSymbol: "USDC", tokenDecimals: 6, amount: raw });

describe("prizeTokenOf", () => {
  it("reads a prize without a token mint as native SOL, whatever the row says", () => {
    expect(prizeTokenOf({ tokenMint: null, tokenSymbol: null, tokenDecimals: null })).toEqual({
      address: NATIVE_SOL_MINT,
      symbol: "SOL",
      decimals: 9,
    });
    expect(prizeTokenOf({ tokenMint: NATIVE_SOL_MINT, tokenSymbol: "wSOL", tokenDecimals: 6 })).toEqual({
      address: NATIVE_SOL_MINT,
      symbol: "SOL",
      decimals: 9,
    });
  });
  it("keeps a named token's symbol, and reads unknown decimals as 0", () => {
    expect(prizeTokenOf({ tokenMint: USDC, tokenSymbol: "USDC", tokenDecimals: 6 })).toEqual({
      address: USDC,
      symbol: "USDC",
      decimals: 6,
    });
    expect(prizeTokenOf({ tokenMint: BONK, tokenSymbol: null, tokenDecimals: null })).toEqual({
      address: BONK,
      symbol: null,
      decimals: 0,
    });
  });
});

describe("summarizePrizePool", () => {
  it("is empty with a null symbol when nothing is promised", () => {
    expect(summarizePrizePool([])).toEqual({ tokens: [], totalRaw: 0n, tokenSymbol: null });
    // No amount, or zero: nothing countable.
    expect(summarizePrizePool([sol(0n), { ...sol(0n), amount: null }])).toEqual({
      tokens: [],
      totalRaw: 0n,
      tokenSymbol: null,
    });
  });

  it("adds one token's prizes and names its symbol", () => {
    expect(summarizePrizePool([sol(500_000_000n), sol(250_000_000n, { tokenSymbol: null })])).toEqual({
      tokens: [{ address: NATIVE_SOL_MINT, symbol: "SOL", decimals: 9, poolRaw: 750_000_000n }],
      totalRaw: 750_000_000n,
      tokenSymbol: "SOL",
    });
  });

  it('says "tokens" for several tokens, largest pool first, and adds the raw amounts', () => {
    const pool = summarizePrizePool([usdc(5_000_000n), sol(100_000_000n), usdc(2_000_000n)]);
    expect(pool.tokenSymbol).toBe("tokens");
    expect(pool.totalRaw).toBe(107_000_000n);
    expect(pool.tokens).toEqual([
      { address: NATIVE_SOL_MINT, symbol: "SOL", decimals: 9, poolRaw: 100_000_000n },
      { address: USDC, symbol: "USDC", decimals: 6, poolRaw: 7_000_000n },
    ]);
  });

  it("orders equal pools by address and gives a lone unnamed token a null symbol", () => {
    const bonk: TokenPrize = { tokenMint: BONK, tokenSymbol: null, tokenDecimals: 5, amount: 9n };
    expect(summarizePrizePool([usdc(9n), bonk]).tokens.map((t) => t.address)).toEqual([BONK, USDC]);
    expect(summarizePrizePool([bonk]).tokenSymbol).toBeNull();
  });
});

describe("weightPercents", () => {
  it("gives each entry its share of the pool's total weight", () => {
    expect(weightPercents([6000, 3000, 1000])).toEqual([60, 30, 10]);
    // Shares of the total, not of 10 000 bps.
    expect(weightPercents([2500, 2500])).toEqual([50, 50]);
    expect(weightPercents([1, 1, 1])).toEqual([33.33, 33.33, 33.33]);
    expect(weightPercents([1, 2])).toEqual([33.33, 66.67]);
    expect(weightPercents([1, 7])).toEqual([12.5, 87.5]);
  });
  it("counts negative weights as 0 and an all-zero pool as 0 each", () => {
    expect(weightPercents([-500, 500])).toEqual([0, 100]);
    expect(weightPercents([0, 0])).toEqual([0, 0]);
    expect(weightPercents([])).toEqual([]);
  });
});

describe("shortenWallet", () => {
  it("keeps the first and last four characters around an ellipsis", () => {
    expect(shortenWallet("AbCdEfGhJkLmNpQrStUvWxYz123456789abcdefWxYz")).toBe("AbCd…WxYz");
    expect(shortenWallet("123456789")).toBe("1234…6789");
  });
  it("never shows a short value whole", () => {
    expect(shortenWallet("12345678")).toBe("…");
    expect(shortenWallet("")).toBe("…");
  });
});

describe("toWireAmount", () => {
  it("passes amounts that a JSON number holds exactly", () => {
    expect(toWireAmount(500_000_000n)).toBe(500_000_000);
    expect(toWireAmount(9_007_199_254_740_991n)).toBe(Number.MAX_SAFE_INTEGER);
  });
  it("refuses one that would be rounded", () => {
    expect(() => toWireAmount(9_007_199_254_740_992n)).toThrow(RangeError);
  });
});

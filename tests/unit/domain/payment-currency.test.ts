// What a phase's price is paid in (issue 22, item 1): SOL, or a token named by its mint.
import { describe, expect, it } from "vitest";
import { settlementOf, tokenPlatformFee } from "@/lib/domain/payment-currency";

const sol = { currency: "SOL", currencyDecimals: 9, currencyMint: null, priceModel: "fixed", pegConfig: null };
const dusd = { ...sol, currency: "DUSD", currencyDecimals: 6, currencyMint: "Mint111" };

describe("settlementOf", () => {
  it("settles SOL in lamports and a token with its mint in the token", () => {
    expect(settlementOf(sol)).toEqual({ kind: "sol" });
    expect(settlementOf(dusd)).toEqual({ kind: "token", mint: "Mint111", decimals: 6 });
  });

  it("refuses a token without a mint, SOL with a mint, and SOL with other decimals", () => {
    expect(settlementOf({ ...dusd, currencyMint: null })).toMatchObject({ unsupported: /no mint address/ });
    expect(settlementOf({ ...sol, currencyMint: "Mint111" })).toMatchObject({ unsupported: /names a token mint/ });
    expect(settlementOf({ ...sol, currencyDecimals: 6 })).toMatchObject({ unsupported: /no mint address/ });
  });

  it("refuses a peg naming another token or other decimals than the phase's currency", () => {
    const peg = (extra: object) => ({ priceModel: "pegged", pegConfig: { pegMode: "usd", target: 12, ...extra } });
    expect(settlementOf({ ...sol, ...peg({ tokenSymbol: "USDC" }) })).toMatchObject({ unsupported: /USDC/ });
    expect(settlementOf({ ...dusd, ...peg({ tokenSymbol: "dusd", tokenDecimals: 9 }) })).toMatchObject({
      unsupported: /9 decimals/,
    });
    expect(settlementOf({ ...dusd, ...peg({ tokenSymbol: "dusd", tokenDecimals: 6 }) })).toMatchObject({
      kind: "token",
    });
  });
});

describe("tokenPlatformFee", () => {
  it("is the given basis points of the price, rounded down", () => {
    expect(tokenPlatformFee(12_000_000n, 100)).toBe(120_000n);
    expect(tokenPlatformFee(99n, 100)).toBe(0n);
    expect(tokenPlatformFee(5_000_000n, 0)).toBe(0n);
  });
});

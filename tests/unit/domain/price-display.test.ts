import { describe, expect, it } from "vitest";
import { resolvePriceDisplay, type PhasePricing } from "@/lib/domain/price-display";
import { formatUnits, toDisplayAmount } from "@/lib/domain/amounts";
import { parseUnits } from "@/lib/domain/parse-units";
import { priceLabel } from "@/app/_components/price-label";

const base: PhasePricing = {
  priceModel: "fixed",
  price: 100_000_000n,
  priceMax: null,
  currency: "SOL",
  currencyDecimals: 9,
};

describe("resolvePriceDisplay", () => {
  it("shows a fixed price as an amount, exactly", () => {
    expect(resolvePriceDisplay(base)).toEqual({ kind: "amount", amount: 0.1, currency: "SOL", isFree: false });
  });

  it("marks only a zero amount as free", () => {
    expect(resolvePriceDisplay({ ...base, price: 0n })).toEqual({
      kind: "amount",
      amount: 0,
      currency: "SOL",
      isFree: true,
    });
    expect(resolvePriceDisplay({ ...base, price: 1n })).toMatchObject({ isFree: false, amount: 0.000000001 });
  });

  it("shows a range with its bounds, or an amount when the bounds collapse", () => {
    expect(resolvePriceDisplay({ ...base, priceModel: "range", price: 200_000_000n, priceMax: 500_000_000n })).toEqual({
      kind: "range",
      min: 0.2,
      max: 0.5,
      currency: "SOL",
    });
    expect(resolvePriceDisplay({ ...base, priceModel: "range", priceMax: 100_000_000n })).toMatchObject({
      kind: "amount",
      amount: 0.1,
    });
  });

  it("never reveals a hidden price", () => {
    expect(resolvePriceDisplay({ ...base, priceModel: "hidden" })).toEqual({ kind: "hidden" });
  });

  it("answers unknown for a pegged price without a quote, and an approximate amount with one", () => {
    expect(resolvePriceDisplay({ ...base, priceModel: "pegged" })).toEqual({ kind: "unknown" });
    expect(
      resolvePriceDisplay(
        { ...base, priceModel: "pegged" },
        { peggedQuote: { amount: 12_345_000n, currency: "USDC", decimals: 6 } },
      ),
    ).toEqual({
      kind: "amount",
      amount: 12.345,
      currency: "USDC",
      isFree: false,
      approximate: true,
    });
  });

  it("shows a dutch auction as its live price, else its floor-to-ceiling range, else unknown", () => {
    const dutch = { ...base, priceModel: "dutch" as const };
    expect(resolvePriceDisplay(dutch, { dutchLivePrice: 750_000_000n })).toMatchObject({
      kind: "amount",
      amount: 0.75,
    });
    expect(resolvePriceDisplay(dutch, { dutchBounds: { floor: 100_000_000n, ceiling: 2_000_000_000n } })).toEqual({
      kind: "range",
      min: 0.1,
      max: 2,
      currency: "SOL",
    });
    expect(resolvePriceDisplay(dutch)).toEqual({ kind: "unknown" });
  });
});

describe("priceLabel", () => {
  it("renders by the spec's rules", () => {
    expect(priceLabel({ kind: "amount", amount: 0, currency: "SOL", isFree: true })).toBe("Free");
    expect(priceLabel({ kind: "amount", amount: 0, currency: "SOL", isFree: false })).toBe("0 SOL");
    expect(priceLabel({ kind: "amount", amount: 1.5, currency: "SOL", isFree: false, approximate: true })).toBe(
      "≈ 1.5 SOL",
    );
    expect(priceLabel({ kind: "range", min: 0.2, max: 0.5, currency: "SOL" })).toBe("from 0.2 SOL");
    expect(priceLabel({ kind: "amount", amount: 1250.5, currency: "USDC", isFree: false })).toBe("1,250.5 USDC");
    expect(priceLabel({ kind: "amount", amount: 0.0000001, currency: "SOL", isFree: false })).toBe("0.0000001 SOL");
    expect(priceLabel({ kind: "hidden" })).not.toMatch(/\d/);
    expect(priceLabel({ kind: "unknown" })).not.toMatch(/\d/);
  });
});

describe("amounts", () => {
  it("formats and parses smallest units without floating error", () => {
    expect(formatUnits(100_000_000n, 9)).toBe("0.1");
    expect(formatUnits(1_000_000_000n, 9)).toBe("1");
    expect(formatUnits(123n, 0)).toBe("123");
    expect(parseUnits("0.3", 9)).toBe(300_000_000n);
    expect(toDisplayAmount(parseUnits("0.1", 9) + parseUnits("0.2", 9), 9)).toBe(0.3);
    expect(() => parseUnits("0.0000000001", 9)).toThrow(/decimals/);
    expect(() => parseUnits("-1", 9)).toThrow();
  });
});

// The display price of a phase (the spec's PriceDisplay). Clients never recompute it; the
// authoritative, wallet-specific figure is prepare-mint's `pricing`.
import { toDisplayAmount } from "./amounts";

export type PriceDisplay =
  | { kind: "amount"; amount: number; currency: string; isFree: boolean; approximate?: boolean }
  | { kind: "range"; min: number; max: number; currency: string }
  | { kind: "hidden" }
  | { kind: "unknown" };

export type PhasePricing = {
  priceModel: "fixed" | "range" | "hidden" | "dutch" | "pegged";
  /** fixed: the price; range: the minimum (smallest unit). */
  price: bigint;
  priceMax: bigint | null;
  currency: string;
  currencyDecimals: number;
};

export type PriceContext = {
  /** dutch: the live price from the auction rule, when computed for this request. */
  dutchLivePrice?: bigint | null;
  /** dutch: the configured floor and ceiling, shown as a range when no live price is given. */
  dutchBounds?: { floor: bigint; ceiling: bigint } | null;
  /** pegged: the current quote (in the paid token's smallest unit), when a price source answered. */
  peggedQuote?: { amount: bigint; currency: string; decimals: number } | null;
};

export function resolvePriceDisplay(phase: PhasePricing, context: PriceContext = {}): PriceDisplay {
  const { currency, currencyDecimals: decimals } = phase;
  const amount = (raw: bigint, approximate?: boolean, unit = { currency, decimals }): PriceDisplay => ({
    kind: "amount",
    amount: toDisplayAmount(raw, unit.decimals),
    currency: unit.currency,
    isFree: raw === 0n,
    ...(approximate ? { approximate: true } : {}),
  });
  switch (phase.priceModel) {
    case "fixed":
      return amount(phase.price);
    case "range":
      if (phase.priceMax === null || phase.priceMax <= phase.price) return amount(phase.price);
      return {
        kind: "range",
        min: toDisplayAmount(phase.price, decimals),
        max: toDisplayAmount(phase.priceMax, decimals),
        currency,
      };
    case "hidden":
      return { kind: "hidden" };
    case "dutch":
      if (context.dutchLivePrice != null) return amount(context.dutchLivePrice);
      if (context.dutchBounds) {
        const { floor, ceiling } = context.dutchBounds;
        return {
          kind: "range",
          min: toDisplayAmount(floor, decimals),
          max: toDisplayAmount(ceiling, decimals),
          currency,
        };
      }
      return { kind: "unknown" };
    case "pegged":
      // A pegged price moves with its reference; with no quote we say so rather than show 0.
      return context.peggedQuote ? amount(context.peggedQuote.amount, true, context.peggedQuote) : { kind: "unknown" };
  }
}

// A phase's display price beyond its row: the live dutch price and the pegged quote.
import type { Phase } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { PriceContext } from "@/lib/domain/price-display";
import { dutchBoundsOf } from "@/lib/domain/phase-config";
import type { ServiceContext } from "./context";
import { quoteDutchPhase } from "./dutch-price";
import { quotePeggedPhase } from "./pegged-price";

/**
 * What a phase's display price depends on beyond its row: the live dutch price and the
 * pegged quote, by the same functions the price endpoints and prepare-mint use. When they
 * cannot be had (no token price, broken settings) the display falls back to the dutch
 * range or `unknown`, never to 0.
 */
export async function phasePriceContext(ctx: ServiceContext, phase: Phase, now: Date): Promise<PriceContext> {
  const fallback: PriceContext = { dutchBounds: dutchBoundsOf(phase) };
  try {
    if (phase.priceModel === "dutch")
      return { ...fallback, dutchLivePrice: (await quoteDutchPhase(ctx, phase, now)).quote.price };
    if (phase.priceModel === "pegged") {
      const quote = await quotePeggedPhase(ctx, phase, now);
      return {
        peggedQuote: { amount: quote.tokenAmountRaw, currency: quote.tokenSymbol, decimals: quote.tokenDecimals },
      };
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
  return fallback;
}

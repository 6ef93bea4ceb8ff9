// GET /token-prices: the current price snapshot, shaped as the spec's Token prices body. An
// unavailable price stays 0 with source "unavailable", as v1 says, and `reasons` (an addition)
// says why in a sentence, so no caller has to show or guess at a 0.
import { NO_PROVIDER, tokenPriceBook, type Unavailable } from "@/lib/prices";
import type { TokenPricesResponse } from "@/lib/schemas/token-prices";
import type { ServiceContext } from "./context";

export const UNAVAILABLE = "unavailable";

export async function getTokenPrices(ctx: ServiceContext): Promise<Omit<TokenPricesResponse, "success">> {
  const snapshot = await tokenPriceBook(ctx.config).snapshot();
  const prices: Record<string, number> = {};
  const sources: Record<string, string> = {};
  const reasons: Record<string, string> = {};
  for (const [symbol, quote] of Object.entries(snapshot.quotes)) {
    prices[symbol] = quote?.price ?? 0;
    sources[symbol] = quote?.source ?? UNAVAILABLE;
    const missing = snapshot.unavailable[symbol];
    if (!quote && missing) reasons[symbol] = unavailableReason(symbol, missing, snapshot.ttlSeconds);
  }
  return { prices, sources, reasons, timestamp: snapshot.takenAt, cacheTTL: snapshot.ttlSeconds };
}

/** The sentence for a symbol without a price. */
function unavailableReason(symbol: string, { source, cause }: Unavailable, ttlSeconds: number): string {
  if (source === NO_PROVIDER) return `No price provider is configured on this server, so ${symbol} has no price.`;
  if (cause === "source-failed")
    return `The price source (${source}) could not be reached or gave no usable answer; it is asked again within ${ttlSeconds} seconds.`;
  return `The price source (${source}) has no usable price for ${symbol}.`;
}

// GET /token-prices: the current price snapshot, shaped as the spec's Token prices body.
import { tokenPriceBook } from "@/lib/prices";
import type { TokenPricesResponse } from "@/lib/schemas/token-prices";
import type { ServiceContext } from "./context";

export const UNAVAILABLE = "unavailable";

export async function getTokenPrices(ctx: ServiceContext): Promise<Omit<TokenPricesResponse, "success">> {
  const snapshot = await tokenPriceBook(ctx.config).snapshot();
  const prices: Record<string, number> = {};
  const sources: Record<string, string> = {};
  for (const [symbol, quote] of Object.entries(snapshot.quotes)) {
    prices[symbol] = quote?.price ?? 0;
    sources[symbol] = quote?.source ?? UNAVAILABLE;
  }
  return { prices, sources, timestamp: snapshot.takenAt, cacheTTL: snapshot.ttlSeconds };
}

// Fixed prices from configuration (STATIC_TOKEN_PRICES), e.g. a stablecoin pinned at 1 USD.
import type { PriceSource } from "./price-source";

export function staticPriceSource(table: Readonly<Record<string, number>>): PriceSource {
  return {
    name: "static",
    symbols: Object.keys(table),
    fetchUsdPrices: async () => ({ ...table }),
  };
}

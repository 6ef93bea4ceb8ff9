// The price book of a configuration: the static table first (pinned symbols are never
// asked of the provider), then the CoinGecko-compatible provider when one is configured.
import type { Config } from "@/lib/config";
import { coinGeckoSource } from "./coingecko";
import { PriceBook } from "./price-book";
import type { PriceSource } from "./price-source";
import { staticPriceSource } from "./static-prices";

export type { PriceQuote, PriceSnapshot, Unavailable } from "./price-book";

/** The source that owns the provider's symbols while no provider is configured: they are listed, unavailable. */
export const NO_PROVIDER = "none";
export { PriceBook } from "./price-book";

// One book per configuration object: a process has one, each test runtime its own. Kept on
// globalThis: Next bundles this module into the pages' and the route handlers' server code
// separately, and a module-level map gave each bundle its own book (so the provider was asked,
// and an outage logged, once per bundle).
const booksSlot = globalThis as unknown as { __dropmintPriceBooks?: WeakMap<Config, PriceBook> };
const books = (booksSlot.__dropmintPriceBooks ??= new WeakMap<Config, PriceBook>());

export function tokenPriceBook(config: Config): PriceBook {
  let book = books.get(config);
  if (!book) books.set(config, (book = new PriceBook(priceSourcesOf(config), config.tokenPrices.cacheSeconds)));
  return book;
}

function priceSourcesOf(config: Config): PriceSource[] {
  const { providerUrl, providerIds, staticPrices } = config.tokenPrices;
  const sources: PriceSource[] = [staticPriceSource(staticPrices)];
  const askable = Object.fromEntries(Object.entries(providerIds).filter(([symbol]) => !(symbol in staticPrices)));
  // With the provider switched off its symbols are still listed, as unavailable.
  sources.push(
    providerUrl
      ? coinGeckoSource({ baseUrl: providerUrl, ids: askable })
      : { name: NO_PROVIDER, symbols: Object.keys(askable), fetchUsdPrices: async () => ({}) },
  );
  return sources;
}

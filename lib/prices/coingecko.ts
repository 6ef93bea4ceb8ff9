// A CoinGecko-compatible HTTP price API: GET {baseUrl}/simple/price?ids=solana,usd-coin&vs_currencies=usd
// answers { "solana": { "usd": 150.2 }, ... }. Any failure (unreachable, timeout, non-2xx,
// unexpected JSON) throws, which the price book reports as unavailable.
import { z } from "zod";
import type { PriceSource } from "./price-source";

const simplePriceSchema = z.record(z.string(), z.looseObject({ usd: z.number().optional() }));

export type CoinGeckoOptions = {
  baseUrl: string;
  /** Upper-case symbol → the provider's coin id. */
  ids: Readonly<Record<string, string>>;
  timeoutMs?: number;
};

export function coinGeckoSource({ baseUrl, ids, timeoutMs = 3000 }: CoinGeckoOptions): PriceSource {
  const symbols = Object.keys(ids);
  return {
    name: "coingecko",
    symbols,
    async fetchUsdPrices() {
      if (symbols.length === 0) return {};
      const url = new URL(`${baseUrl}/simple/price`);
      url.searchParams.set("ids", [...new Set(Object.values(ids))].join(","));
      url.searchParams.set("vs_currencies", "usd");
      const response = await fetch(url, {
        headers: { accept: "application/json" },
        cache: "no-store",
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`price provider answered HTTP ${response.status}`);
      const body = simplePriceSchema.parse(await response.json());
      const prices: Record<string, number> = {};
      for (const symbol of symbols) {
        const usd = body[ids[symbol]!]?.usd;
        if (usd !== undefined) prices[symbol] = usd;
      }
      return prices;
    },
  };
}

// GET /token-prices: USD prices of the tokens the site knows, for display (not settlement).
import { z } from "zod";

export const tokenPricesResponseSchema = z.object({
  success: z.literal(true),
  /** Symbol → USD per whole token; 0 means unavailable (check sources). */
  prices: z
    .record(z.string(), z.number().nonnegative())
    .meta({ description: "Symbol → USD per whole token. 0 means unavailable: never show it as a price." }),
  /** Symbol → the source's name ("coingecko", "static") or "unavailable". */
  sources: z
    .record(z.string(), z.string())
    .meta({ description: 'Symbol → the source\'s name ("static", "coingecko"), or "unavailable".' }),
  /**
   * Symbol → why its price is unavailable, a plain sentence; only unavailable symbols are
   * listed (an addition to the v1 shape, which keeps 0 and "unavailable": docs, Prices).
   */
  reasons: z.record(z.string(), z.string()).meta({
    description:
      'Symbol → why its price is unavailable, a plain sentence. Exactly the symbols whose `sources` entry is "unavailable" (and whose price is 0) are listed; empty when every price is available.',
  }),
  /** When the snapshot was taken (ms since epoch). */
  timestamp: z.number().int(),
  /** Seconds the snapshot is reused server-side. */
  cacheTTL: z.number().int().positive(),
});
export type TokenPricesResponse = z.infer<typeof tokenPricesResponseSchema>;

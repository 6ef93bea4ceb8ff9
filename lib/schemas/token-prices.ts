// GET /token-prices: USD prices of the tokens the site knows, for display (not settlement).
import { z } from "zod";

export const tokenPricesResponseSchema = z.object({
  success: z.literal(true),
  /** Symbol → USD per whole token; 0 means unavailable (check sources). */
  prices: z.record(z.string(), z.number().nonnegative()),
  /** Symbol → the source's name ("coingecko", "static") or "unavailable". */
  sources: z.record(z.string(), z.string()),
  /** When the snapshot was taken (ms since epoch). */
  timestamp: z.number().int(),
  /** Seconds the snapshot is reused server-side. */
  cacheTTL: z.number().int().positive(),
});
export type TokenPricesResponse = z.infer<typeof tokenPricesResponseSchema>;

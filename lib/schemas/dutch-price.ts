// GET /phases/{phaseId}/dutch-price: the live price of a dutch-auction phase and its parts.
// Amounts are numbers in the phase currency's units (e.g. SOL), like PriceDisplay.
import { z } from "zod";
import { timestampSchema, uuidSchema } from "./common";

export const getDutchPriceParamsSchema = z.object({ phaseId: uuidSchema });

export const dutchAuctionSettingsSchema = z.object({
  basePrice: z.number(),
  floorPrice: z.number(),
  ceilingPrice: z.number(),
  /** Drop per decay interval without a mint. */
  decayAmount: z.number(),
  decayIntervalMinutes: z.number(),
  surgePremium: z.number(),
  surgeThreshold: z.number().int(),
  surgeWindowMinutes: z.number(),
});

export const dutchPriceResponseSchema = z.object({
  success: z.literal(true),
  /** The live figure: basePrice − decayAmount + surgePremium. */
  price: z.number(),
  basePrice: z.number(),
  /** The premium in effect now (0 when not surging). */
  surgePremium: z.number(),
  /** The decay in effect now (after the floor). */
  decayAmount: z.number(),
  isSurging: z.boolean(),
  mintsInWindow: z.number().int(),
  totalMints: z.number().int(),
  surgeThreshold: z.number().int(),
  floorPrice: z.number(),
  ceilingPrice: z.number(),
  surgeWindowMinutes: z.number(),
  startedAt: timestampSchema.nullable(),
  lastMintAt: timestampSchema.nullable(),
  config: dutchAuctionSettingsSchema,
  timestamp: z.number().int(),
  /** Additive: the currency of every amount. */
  currency: z.string(),
});
export type DutchPriceResponse = z.infer<typeof dutchPriceResponseSchema>;

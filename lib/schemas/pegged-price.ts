// GET /phases/{phaseId}/pegged-price: a short-lived quote of a pegged phase's price.
import { z } from "zod";
import { uuidSchema } from "./common";

export const getPeggedPriceParamsSchema = z.object({ phaseId: uuidSchema });

const peggedCommonShape = {
  success: z.literal(true),
  phaseId: z.string(),
  /** Amount of the paid token for one NFT (whole-token units, rounded up to its smallest unit). */
  tokenAmount: z.number(),
  tokenSymbol: z.string().nullable(),
  tokenDecimals: z.number().int().nullable(),
  /** USD per whole paid token. */
  tokenPrice: z.number(),
  /** USD value of tokenAmount. */
  usdValue: z.number(),
  /** A fraction: 0.02 = 2%. */
  slippageTolerance: z.number(),
  source: z.string(),
  isStale: z.boolean(),
  quotedAt: z.number().int(),
  expiresAt: z.number().int(),
  validitySeconds: z.number().int(),
};

export const usdPeggedPriceSchema = z.object({
  ...peggedCommonShape,
  pegMode: z.literal("usd"),
  usdEquivalent: z.number(),
});
export const nativePeggedPriceSchema = z.object({
  ...peggedCommonShape,
  pegMode: z.literal("native"),
  nativeEquivalent: z.number().nullable(),
  nativePrice: z.number(),
});

export const peggedPriceResponseSchema = z.discriminatedUnion("pegMode", [
  usdPeggedPriceSchema,
  nativePeggedPriceSchema,
]);
export type PeggedPriceResponse = z.infer<typeof peggedPriceResponseSchema>;

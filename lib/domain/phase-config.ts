// Typed views of a phase's JSON price settings. The JSON columns are validated here, once,
// so the rest of the code sees plain typed values.
import { z } from "zod";

const lamports = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform((v) => BigInt(v));

export const dutchConfigSchema = z
  .object({
    basePrice: lamports,
    floorPrice: lamports,
    ceilingPrice: lamports,
    /** Price drop applied per interval that passes without a mint. */
    decayAmount: lamports,
    decayIntervalMinutes: z.number().positive(),
    /** Premium added while mints in the window reach the threshold. */
    surgePremium: lamports,
    surgeThreshold: z.number().int().positive(),
    surgeWindowMinutes: z.number().positive(),
  })
  .refine(
    (c) => c.floorPrice <= c.basePrice && c.basePrice <= c.ceilingPrice,
    "needs floorPrice <= basePrice <= ceilingPrice",
  );
export type DutchConfig = z.infer<typeof dutchConfigSchema>;

export const pegConfigSchema = z.object({
  pegMode: z.enum(["usd", "native"]),
  /** usd: the USD value of one NFT; native: the amount of the native token (nativeSymbol) it is worth. */
  target: z.number().positive().max(1e12),
  /** The token paid; defaults to the phase currency (which prepare-mint charges). */
  tokenSymbol: z.string().min(1).optional(),
  tokenDecimals: z.number().int().min(0).max(18).optional(),
  /** native: the reference token. */
  nativeSymbol: z.string().min(1).default("SOL"),
  /** A fraction (0.02 = 2%) the paid amount may move between quote and settlement. */
  slippageTolerance: z.number().min(0).max(1).default(0.02),
  validitySeconds: z.number().int().positive().default(60),
});
export type PegConfig = z.infer<typeof pegConfigSchema>;

export function dutchConfigOf(phase: { priceModel: string; dutchConfig: unknown }): DutchConfig | null {
  if (phase.priceModel !== "dutch" || phase.dutchConfig == null) return null;
  const parsed = dutchConfigSchema.safeParse(phase.dutchConfig);
  return parsed.success ? parsed.data : null;
}

export function dutchBoundsOf(phase: { priceModel: string; dutchConfig: unknown }) {
  const config = dutchConfigOf(phase);
  return config ? { floor: config.floorPrice, ceiling: config.ceilingPrice } : null;
}

export function pegConfigOf(phase: { priceModel: string; pegConfig: unknown }): PegConfig | null {
  if (phase.priceModel !== "pegged" || phase.pegConfig == null) return null;
  const parsed = pegConfigSchema.safeParse(phase.pegConfig);
  return parsed.success ? parsed.data : null;
}

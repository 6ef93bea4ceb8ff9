// The collection resource (GET /collections/{identifier}) and its parts: Phase,
// PriceDisplay and Capabilities, exactly as the v1 spec names them.
import { z } from "zod";
import { collectionIdentifierSchema, timestampSchema } from "./common";

export const priceDisplaySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("amount"),
    amount: z.number(),
    currency: z.string(),
    isFree: z.boolean(),
    approximate: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("range"), min: z.number(), max: z.number(), currency: z.string() }),
  z.object({ kind: z.literal("hidden") }),
  z.object({ kind: z.literal("unknown") }),
]);

export const phaseStatusSchema = z.enum(["active", "upcoming", "ended"]);

export const phaseSchema = z.object({
  id: z.uuid(),
  name: z.string().nullable(),
  status: phaseStatusSchema,
  startDate: timestampSchema.nullable(),
  endDate: timestampSchema.nullable(),
  priceDisplay: priceDisplaySchema,
  bogo: z.object({ buy: z.number().int(), get: z.number().int() }).nullable(),
  isGated: z.boolean(),
  maxPerWallet: z.number().int().nullable(),
  maxPerTransaction: z.number().int().nullable(),
  phaseSupply: z.number().int().nullable(),
  /**
   * Dropmint's addition: nothing more can be minted in this phase, because its phaseSupply
   * or the drop's whole supply has landed. `status` still follows the clock alone.
   */
  soldOut: z.boolean(),
  msUntilStart: z.number().nullable(),
  msUntilEnd: z.number().nullable(),
});
export type Phase = z.infer<typeof phaseSchema>;

export const capabilitiesSchema = z.object({
  requiresFeatures: z.array(z.string()),
  supportedBySurface: z.boolean(),
  mintUrl: z.url().nullable(),
});

export const collectionStatsSchema = z.object({
  /** 0 for an open-ended drop (see isOpenEnded). */
  totalSupply: z.number().int(),
  mintedCount: z.number().int(),
  availableCount: z.number().int(),
  percentMinted: z.number().min(0).max(100),
  /** Additive to v1: true when the drop has no supply cap. */
  isOpenEnded: z.boolean(),
});

/**
 * Additive to v1: a provably fair drop's commitment to the order its NFTs go out in
 * (lib/domain/fair-order.ts); the seed is null until no NFT can be minted any more.
 */
export const fairnessSchema = z.object({
  algorithm: z.literal("dropmint-fair-order-v1"),
  commitment: z.string().regex(/^[0-9a-f]{64}$/),
  seed: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
  tokenIds: z.object({ from: z.number().int(), to: z.number().int() }),
  /** A Node script that recomputes the order from the seed and checks the commitment. */
  verifyScript: z.url(),
  /**
   * A drop launched from a Sugar folder with hiddenSettings: the hash of its asset files it
   * committed to before the mint (lib/domain/assets-hash.ts). Absent otherwise.
   */
  assetsHash: z.string().optional(),
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const collectionRecordSchema = z.object({
  id: z.uuid(),
  shortId: z.string().nullable(),
  name: z.string().nullable(),
  symbol: z.string().nullable(),
  description: z.string().nullable(),
  image: z.url().nullable(),
  bannerImage: z.url().nullable(),
  chain: z.string().nullable(),
  collectionAddress: z.string().nullable(),
  contractAddress: z.string().nullable(),
  externalUrl: z.string().nullable(),
  twitter: z.string().nullable(),
  discord: z.string().nullable(),
  isVerified: z.boolean(),
  fairness: fairnessSchema.nullable(),
});

export const collectionResponseSchema = z.object({
  success: z.literal(true),
  collection: collectionRecordSchema,
  stats: collectionStatsSchema,
  phases: z.object({ all: z.array(phaseSchema), active: z.array(phaseSchema), upcoming: z.array(phaseSchema) }),
  capabilities: capabilitiesSchema,
  serverTime: timestampSchema,
});
export type CollectionResponse = z.infer<typeof collectionResponseSchema>;
/** The body a service builds; the envelope adds `success`. */
export type CollectionView = Omit<CollectionResponse, "success">;

export const getCollectionParamsSchema = z.object({ identifier: collectionIdentifierSchema });

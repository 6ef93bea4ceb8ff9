// First-party GET nft/{identifier}: one NFT by mint address, `contract:tokenId` (the drop's
// on-chain collection address, or its short ID, then the token id) or a bare token id with
// `?collection=` naming the drop. UUIDs are refused. Delayed-reveal rules apply: before its
// reveal the NFT shows the placeholder view (lib/services/reveal.ts).
import { z } from "zod";
import { collectionIdentifierSchema, timestampSchema } from "./common";

/**
 * The three shapes lib/services/nft-lookup.ts parses, as the document states them. A token
 * id past the largest stored one is a shape that finds nothing (404), not a refusal.
 */
export const getNftParamsSchema = z.object({
  identifier: z.union(
    [
      z
        .string()
        .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
        .meta({ title: "Mint address" }),
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{2,64}:\d{1,10}$/)
        .meta({
          title: "contract:tokenId",
          description: "The drop's collection address or short ID, then the token id.",
        }),
      z
        .string()
        .regex(/^\d{1,10}$/)
        .meta({ title: "Token id", description: "With `?collection=` when token ids repeat." }),
    ],
    { error: "must be a mint address, contract:tokenId or a token id (not a UUID)" },
  ),
});
export const getNftQuerySchema = z.object({ collection: collectionIdentifierSchema.optional() });

export const nftResponseSchema = z.object({
  success: z.literal(true),
  nft: z.object({
    id: z.uuid(),
    tokenId: z.number().int().nullable(),
    editionNumber: z.number().int().nullable(),
    maxEditionSupply: z.number().int().nullable(),
    name: z.string().nullable(),
    description: z.string().nullable(),
    image: z.string().nullable(),
    previewImage: z.string().nullable(),
    animationUrl: z.string().nullable(),
    mediaType: z.string().nullable(),
    attributes: z.array(z.any()),
    rarityRank: z.number().int().nullable(),
    rarityTier: z.string().nullable(),
    rarityScore: z.number().nullable(),
    isRevealed: z.boolean(),
    /** available | reserved | minted | burned (an expired reservation reads as available). */
    mintStatus: z.enum(["available", "reserved", "minted", "burned"]),
    mintAddress: z.string().nullable(),
    ownerWallet: z.string().nullable(),
    mintedAt: timestampSchema.nullable(),
  }),
  collection: z.object({
    id: z.uuid(),
    shortId: z.string().nullable(),
    name: z.string().nullable(),
    collectionAddress: z.string().nullable(),
    chain: z.string(),
  }),
});
export type NftView = Omit<z.infer<typeof nftResponseSchema>, "success">;

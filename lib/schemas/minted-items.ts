// The minted feeds: GET /collections/{identifier}/all-minted (MintedItem pages) and
// GET /collections/{identifier}/recently-minted (RecentMint = MintedItem + media fields).
import { z } from "zod";
import { queryNumber, queryOffsetSchema, timestampSchema, trimmedTextSchema } from "./common";
import { profileEffectSchema } from "./profile";

export const ALL_MINTED_LIMIT = { defaultLimit: 20, maxLimit: 100 } as const;
export const RECENTLY_MINTED_LIMIT = { defaultLimit: 20, maxLimit: 50 } as const;
export const MINTED_SEARCH_MAX_LENGTH = 100;
export const mintedSortSchema = z.enum(["newest", "oldest", "popular"], { error: "must be newest, oldest or popular" });

/** A page size from 1 to max, `fallback` when absent (a larger one is refused, not capped). */
function limitSchema(max: number, fallback: number) {
  return queryNumber(
    z
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(max, `must be at most ${max}`),
    fallback,
  );
}

export const getAllMintedQuerySchema = z.object({
  // The spec caps the page at 100. Like gallery and recently-minted, a larger limit is
  // refused (400), never served silently as less than asked: the document states the maximum.
  limit: limitSchema(ALL_MINTED_LIMIT.maxLimit, ALL_MINTED_LIMIT.defaultLimit),
  offset: queryOffsetSchema,
  sort: mintedSortSchema.default("newest"),
  search: trimmedTextSchema(0, MINTED_SEARCH_MAX_LENGTH).optional(),
});

export const getRecentlyMintedQuerySchema = z.object({
  limit: limitSchema(RECENTLY_MINTED_LIMIT.maxLimit, RECENTLY_MINTED_LIMIT.defaultLimit),
});

export const nftBountySchema = z.object({
  bountyType: z.string(),
  /** Token smallest unit. */
  amount: z.number().nullable(),
  tokenSymbol: z.string().nullable(),
  payoutStatus: z.string(),
  memo: z.string().nullable().optional(),
});

export const mintedItemSchema = z.object({
  id: z.uuid(),
  tokenId: z.number().int().nullable(),
  name: z.string().nullable(),
  image: z.string().nullable(),
  fullImageUrl: z.string().nullable(),
  mintAddress: z.string().nullable(),
  mintedAt: timestampSchema.nullable(),
  isRevealed: z.boolean(),
  ownerWallet: z.string().nullable(),
  attributes: z.array(z.any()),
  minterDisplayName: z.string().nullable(),
  minterAvatarUrl: z.string().nullable(),
  minterEffects: z.array(profileEffectSchema),
  reactions: z.record(z.string(), z.number().int().min(0)).optional(),
  editionNumber: z.number().int().nullable().optional(),
  packTierName: z.string().nullable().optional(),
  rarityRank: z.number().int().nullable().optional(),
  rarityTier: z.string().nullable().optional(),
  rarityScore: z.number().nullable().optional(),
  bounty: nftBountySchema.nullable().optional(),
  isCrossChain: z.boolean().optional(),
  sourceChain: z.string().nullable().optional(),
});
export type MintedItem = z.infer<typeof mintedItemSchema>;

export const recentMintSchema = mintedItemSchema.extend({
  masterNftId: z.string().nullable().optional(),
  previewImage: z.string().nullable(),
  maxEditionSupply: z.number().int().nullable(),
  isMasterEdition: z.boolean(),
  currentEditionSupply: z.number().int().nullable(),
  animationUrl: z.string().nullable(),
  mediaType: z.string().nullable(),
  isPatron: z.boolean(),
  customTag: z.string().nullable(),
  generationStatus: z.string().nullable().optional(),
  currentPlaceholderSequence: z.number().int().nullable().optional(),
  /** Always null: full audio is never public. */
  audioUrl: z.null().optional(),
  audioPreviewUrl: z.string().nullable().optional(),
  coverArtUrl: z.string().nullable().optional(),
});
export type RecentMint = z.infer<typeof recentMintSchema>;

export const allMintedResponseSchema = z.object({
  success: z.literal(true),
  nfts: z.array(mintedItemSchema),
  total: z.number().int().min(0),
  hasMore: z.boolean(),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1),
  collection: z.object({
    id: z.uuid(),
    shortId: z.string().nullable(),
    name: z.string().nullable(),
    twitterHandle: z.string().nullable(),
  }),
  allowImageDownload: z.boolean(),
});
export type AllMintedView = Omit<z.infer<typeof allMintedResponseSchema>, "success">;

export const recentlyMintedResponseSchema = z.object({
  success: z.literal(true),
  nfts: z.array(recentMintSchema),
  total: z.number().int().min(0),
  delayedRevealEnabled: z.boolean(),
  editionType: z.string(),
  allowImageDownload: z.boolean(),
});
export type RecentlyMintedView = Omit<z.infer<typeof recentlyMintedResponseSchema>, "success">;

// GET /collections/{identifier}/gallery: the NFTs that can still be minted, snake_case as
// the spec names them.
import { z } from "zod";
import { paginationQuerySchema, solanaAddressSchema } from "./common";

export const GALLERY_LIMIT = { defaultLimit: 100, maxLimit: 200 } as const;

export const getGalleryQuerySchema = paginationQuerySchema(GALLERY_LIMIT).extend({
  /** Adds the NFTs reserved for this wallet (a creator hold, or its own mint in progress). */
  walletAddress: solanaAddressSchema.optional(),
});

export const galleryNftSchema = z.object({
  id: z.uuid(),
  token_id: z.number().int().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  preview_image_url: z.string().nullable(),
  cover_art_url: z.string().nullable(),
  animation_url: z.string().nullable(),
  /** Always null: full audio is never public. */
  audio_url: z.null(),
  audio_preview_url: z.string().nullable(),
  media_type: z.string().nullable(),
  preview_url: z.string().nullable(),
  preview_start_time: z.number().nullable(),
  preview_duration: z.number().nullable(),
  audio_duration_seconds: z.number().nullable(),
  mint_status: z.string().nullable(),
  attributes: z.any(),
  is_master_edition: z.boolean(),
  current_edition_supply: z.number().int(),
  max_edition_supply: z.number().int().nullable(),
  edition_number: z.number().int().nullable(),
  master_nft_id: z.string().nullable(),
  reservation_wallet: z.string().nullable(),
  reserved_by: z.string().nullable(),
});
export type GalleryNft = z.infer<typeof galleryNftSchema>;

export const galleryResponseSchema = z.object({
  success: z.literal(true),
  nfts: z.array(galleryNftSchema),
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  offset: z.number().int().min(0),
});
export type GalleryView = Omit<z.infer<typeof galleryResponseSchema>, "success">;

/** First-party gallery (/api/public): `mintedOnly=true` lists the minted NFTs instead (no wallet holds there). */
export const getPublicGalleryQuerySchema = paginationQuerySchema(GALLERY_LIMIT).extend({
  mintedOnly: z
    .enum(["true", "false", "1", "0"], { error: "must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1"),
});

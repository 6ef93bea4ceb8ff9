// Profile pieces shown beside wallets in feeds and leaderboards.
import { z } from "zod";
import { REACTION_KINDS } from "@/lib/domain/reactions";
import { solanaAddressSchema, uuidSchema } from "./common";

export const profileEffectSchema = z.object({
  effect_type: z.string().nullable(),
  effect_category: z.string().nullable(),
  config: z.any(),
});
export type ProfileEffect = z.infer<typeof profileEffectSchema>;

// ── A collector's own profile and reactions (first-party router; the wallet signs in first) ──

/** A profile as its page and its editor show it. */
export const profileResponseSchema = z.object({
  success: z.literal(true),
  address: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** The NFT the avatar shows; null when none (or when it left the wallet and was cleared). */
  avatarMint: z.string().nullable(),
  platformRank: z.string(),
  effects: z.array(profileEffectSchema),
});

export const getProfileParamsSchema = z.strictObject({ address: solanaAddressSchema });

/** The signed-in wallet's new name; null removes it. Rules: Profiles on /docs (lib/domain/profile-name.ts). */
export const setDisplayNameBodySchema = z.strictObject({
  address: solanaAddressSchema,
  displayName: z.string().max(64).nullable(),
});

/** An NFT minted on Dropmint that the wallet holds now, by mint address; null removes the avatar. */
export const setAvatarBodySchema = z.strictObject({
  address: solanaAddressSchema,
  mintAddress: solanaAddressSchema.nullable(),
});

export const reactionKindSchema = z.enum(REACTION_KINDS);

/** Give (`active: true`) or take back (`false`) one reaction of the signed-in wallet on a minted NFT. */
export const setReactionBodySchema = z.strictObject({
  address: solanaAddressSchema,
  nftId: uuidSchema,
  reaction: reactionKindSchema,
  active: z.boolean(),
});

export const reactionResponseSchema = z.object({
  success: z.literal(true),
  nftId: z.string(),
  /** Count per kind, as the minted reads' `reactions`. */
  reactions: z.record(z.string(), z.number().int().min(0)),
  /** The kinds this wallet has given. */
  mine: z.array(z.string()),
});

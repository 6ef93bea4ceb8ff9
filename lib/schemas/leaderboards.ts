// The leaderboards of a drop (GET /collections/{identifier}/top-holders and /top-minters):
// up to 10 LeaderboardEntry rows each, with the count that ranks them.
import { z } from "zod";
import { profileEffectSchema } from "./profile";

/** Most entries either leaderboard lists (spec: Limits). */
export const LEADERBOARD_SIZE = 10;

export const leaderboardEntrySchema = z.object({
  /** 1-based position; equal counts still get distinct ranks, in wallet order. */
  rank: z.number().int().min(1),
  walletAddress: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.url().nullable(),
  platformRank: z.string(),
  effects: z.array(profileEffectSchema),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const topHolderSchema = leaderboardEntrySchema.extend({ holdCount: z.number().int().min(1) });
export const topMinterSchema = leaderboardEntrySchema.extend({ mintCount: z.number().int().min(1) });

export const topHoldersResponseSchema = z.object({
  success: z.literal(true),
  topHolders: z.array(topHolderSchema).max(LEADERBOARD_SIZE),
  /** Distinct holders found on chain. */
  total: z.number().int().min(0),
  /** Set (with an empty list and total 0) when on-chain holder data could not be read. */
  error: z.string().optional(),
});
export type TopHoldersView = Omit<z.infer<typeof topHoldersResponseSchema>, "success">;

export const topMintersResponseSchema = z.object({
  success: z.literal(true),
  topMinters: z.array(topMinterSchema).max(LEADERBOARD_SIZE),
  /** Distinct wallets that minted from the drop. */
  total: z.number().int().min(0),
});
export type TopMintersView = Omit<z.infer<typeof topMintersResponseSchema>, "success">;

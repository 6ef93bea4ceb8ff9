// Public profiles of wallets (display name, avatar, rank, effects), looked up in one query
// for a whole page of wallets.
import type { ProfileEffect } from "@/lib/schemas/profile";
import type { ServiceContext } from "./context";
import { toPublicUrl } from "./public-url";

export type PublicProfile = {
  displayName: string | null;
  avatarUrl: string | null;
  platformRank: string;
  effects: ProfileEffect[];
};

export const NO_PROFILE: PublicProfile = { displayName: null, avatarUrl: null, platformRank: "member", effects: [] };

export async function getProfiles(
  ctx: ServiceContext,
  wallets: readonly string[],
): Promise<Map<string, PublicProfile>> {
  const unique = [...new Set(wallets)];
  if (unique.length === 0) return new Map();
  const rows = await ctx.db.profile.findMany({ where: { walletAddress: { in: unique } }, include: { effects: true } });
  return new Map(
    rows.map((row) => [
      row.walletAddress,
      {
        displayName: row.displayName,
        avatarUrl: toPublicUrl(row.avatarUrl, ctx.publicBaseUrl),
        platformRank: row.platformRank,
        effects: row.effects.map((e) => ({
          effect_type: e.effectType,
          effect_category: e.effectCategory,
          config: e.config ?? null,
        })),
      },
    ]),
  );
}

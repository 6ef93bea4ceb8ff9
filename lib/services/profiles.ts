// Public profiles of wallets (display name, avatar, rank, effects) for a whole page of wallets
// at once: the stored profiles, and the platform-wide activity their rank and effects are
// earned by (lib/domain/platform-rank.ts), one query each.
import type { Db } from "@/lib/db/client";
import { shownRank, unlockedEffects, type Activity, type EffectGrant } from "@/lib/domain/platform-rank";
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
  const [rows, activity] = await Promise.all([
    ctx.db.profile.findMany({ where: { walletAddress: { in: unique } }, include: { effects: true } }),
    activityOf(ctx.db, unique),
  ]);
  const stored = new Map(rows.map((row) => [row.walletAddress, row]));
  const profiles = new Map<string, PublicProfile>();
  for (const wallet of unique) {
    const row = stored.get(wallet);
    const done = activity.get(wallet) ?? NO_ACTIVITY;
    if (!row && done === NO_ACTIVITY) continue;
    const storedEffects: EffectGrant[] = (row?.effects ?? []).map((e) => ({
      effectType: e.effectType ?? "",
      effectCategory: (e.effectCategory ?? "name") as EffectGrant["effectCategory"],
      config: e.config ?? null,
    }));
    profiles.set(wallet, {
      displayName: row?.displayName ?? null,
      avatarUrl: toPublicUrl(row?.avatarUrl ?? null, ctx.publicBaseUrl),
      platformRank: shownRank(row?.platformRank ?? "member", done),
      effects: unlockedEffects(storedEffects, done).map((e) => ({
        effect_type: e.effectType,
        effect_category: e.effectCategory,
        config: e.config ?? null,
      })),
    });
  }
  return profiles;
}

const NO_ACTIVITY: Activity = { mints: 0, drops: 0, bountyWins: 0 };

/** Mints, drops minted from and bounties won, platform-wide, per wallet. */
async function activityOf(db: Db, wallets: string[]): Promise<Map<string, Activity>> {
  const [mints, wins] = await Promise.all([
    db.mint.groupBy({
      by: ["walletAddress", "collectionId"],
      where: { walletAddress: { in: wallets } },
      _count: { _all: true },
    }),
    db.bountyAward.groupBy({
      by: ["walletAddress"],
      where: { walletAddress: { in: wallets } },
      _count: { _all: true },
    }),
  ]);
  const activity = new Map<string, Activity>();
  const of = (wallet: string) => {
    let entry = activity.get(wallet);
    if (!entry) activity.set(wallet, (entry = { mints: 0, drops: 0, bountyWins: 0 }));
    return entry;
  };
  for (const group of mints) {
    const entry = of(group.walletAddress);
    entry.mints += group._count._all;
    entry.drops += 1;
  }
  for (const group of wins) of(group.walletAddress).bountyWins = group._count._all;
  return activity;
}

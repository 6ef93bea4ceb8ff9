// Public profiles of wallets (display name, avatar, rank, effects) for a whole page of wallets
// at once: the stored profiles, and the platform-wide activity their rank and effects are
// earned by (lib/domain/platform-rank.ts), one query each. An avatar chosen from an NFT shows
// that NFT as the public may see it now: its placeholder before the reveal, its art after.
import type { Db } from "@/lib/db/client";
import { isNftRevealed } from "@/lib/domain/reveal";
import { shownRank, unlockedEffects, type Activity, type EffectGrant } from "@/lib/domain/platform-rank";
import type { ProfileEffect } from "@/lib/schemas/profile";
import type { ServiceContext } from "./context";
import { toPublicUrl } from "./public-url";
import { shownNft } from "./reveal";

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
  const avatars = await avatarImages(
    ctx,
    rows.flatMap((row) => (row.avatarMint ? [row.avatarMint] : [])),
  );
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
      // The stored URL only when no NFT of ours backs the avatar (the demo's, rows set directly).
      avatarUrl:
        row?.avatarMint && avatars.has(row.avatarMint)
          ? avatars.get(row.avatarMint)!
          : toPublicUrl(row?.avatarUrl ?? null, ctx.publicBaseUrl),
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

/**
 * The image each avatar NFT shows at this moment, by mint address, resolved at read time so
 * an avatar chosen before its NFT's reveal shows the art once the reveal comes.
 */
async function avatarImages(ctx: ServiceContext, mints: string[]): Promise<Map<string, string | null>> {
  if (mints.length === 0) return new Map();
  const nfts = await ctx.db.nft.findMany({
    where: { mintAddress: { in: mints } },
    include: { collection: true, mint: { select: { mintedAt: true } } },
  });
  const now = ctx.clock.now();
  return new Map(
    nfts.map((nft) => {
      const revealed = isNftRevealed(nft.collection, nft.mint?.mintedAt ?? nft.mintedAt, now);
      const shown = shownNft(nft, nft.collection, revealed, ctx.publicBaseUrl);
      return [nft.mintAddress!, shown.previewImageUrl ?? shown.imageUrl];
    }),
  );
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

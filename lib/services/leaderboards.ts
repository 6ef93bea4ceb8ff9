// The leaderboards of a drop. Top holders are read from the chain (who holds the drop's
// NFTs now, transfers included); top minters from the database (who minted, bonus mints
// included). Up to 10 each, with public profiles; equal counts are ordered by wallet.
import type { Chain } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import { logWarn } from "@/lib/api/log";
import { LEADERBOARD_SIZE, type LeaderboardEntry, type TopHoldersView, type TopMintersView } from "@/lib/schemas/leaderboards";
import { getProfiles, NO_PROFILE } from "./profiles";

type Options = { publicBaseUrl: string };
type Ranked = { walletAddress: string; count: number };

export const HOLDERS_UNAVAILABLE = "On-chain holder data could not be read right now; try again later.";

export async function getTopHolders(db: Db, chain: Chain, collectionId: string, options: Options): Promise<TopHoldersView> {
  const nfts = await db.nft.findMany({ where: { collectionId, status: "minted", mintAddress: { not: null } }, select: { mintAddress: true } });
  const mints = nfts.map((nft) => nft.mintAddress!);
  if (mints.length === 0) return { topHolders: [], total: 0 };

  let owners: Map<string, string>;
  try {
    owners = await chain.getMintOwners(mints);
  } catch (error) {
    // The spec: the request still succeeds, with the reason in `error` and an empty list.
    logWarn(`top holders of ${collectionId}: the chain could not be read`, error);
    return { topHolders: [], total: 0, error: HOLDERS_UNAVAILABLE };
  }
  const counts = new Map<string, number>();
  for (const wallet of owners.values()) counts.set(wallet, (counts.get(wallet) ?? 0) + 1);
  const ranked = [...counts].map(([walletAddress, count]) => ({ walletAddress, count })).sort(byCountThenWallet).slice(0, LEADERBOARD_SIZE);
  const entries = await withProfiles(db, ranked, options);
  return { topHolders: entries.map(({ entry, count }) => ({ ...entry, holdCount: count })), total: counts.size };
}

export async function getTopMinters(db: Db, collectionId: string, options: Options): Promise<TopMintersView> {
  // Counted in SQL so only ten rows come back; the wallet tie-break uses the C collation,
  // which orders base58 like JavaScript does, on every server locale. `total` is the
  // number of groups (the window runs after GROUP BY, before LIMIT).
  const rows = await db.$queryRaw<Array<{ walletAddress: string; count: number; total: number }>>`
    SELECT "walletAddress", COUNT(*)::int AS "count", (COUNT(*) OVER ())::int AS "total"
    FROM "Mint"
    WHERE "collectionId" = ${collectionId}::uuid
    GROUP BY "walletAddress"
    ORDER BY COUNT(*) DESC, "walletAddress" COLLATE "C" ASC
    LIMIT ${LEADERBOARD_SIZE}`;
  const entries = await withProfiles(db, rows, options);
  return { topMinters: entries.map(({ entry, count }) => ({ ...entry, mintCount: count })), total: rows[0]?.total ?? 0 };
}

async function withProfiles(db: Db, ranked: readonly Ranked[], options: Options): Promise<Array<{ entry: LeaderboardEntry; count: number }>> {
  const profiles = await getProfiles(db, ranked.map((r) => r.walletAddress), options.publicBaseUrl);
  return ranked.map(({ walletAddress, count }, index) => {
    const profile = profiles.get(walletAddress) ?? NO_PROFILE;
    return {
      count,
      entry: {
        rank: index + 1,
        walletAddress,
        displayName: profile.displayName,
        avatarUrl: profile.avatarUrl,
        platformRank: profile.platformRank,
        effects: profile.effects,
      },
    };
  });
}

/** Most first; equal counts by wallet in code-unit order (the same as SQL's C collation). */
function byCountThenWallet(a: Ranked, b: Ranked): number {
  if (a.count !== b.count) return b.count - a.count;
  return a.walletAddress < b.walletAddress ? -1 : a.walletAddress > b.walletAddress ? 1 : 0;
}

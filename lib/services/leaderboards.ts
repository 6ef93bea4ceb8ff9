// The leaderboards of a drop. Top holders are read from the chain (who holds the drop's
// NFTs now, transfers included), at most once per HOLDERS_CACHE_SECONDS
// (config.holdersCacheSeconds) per drop, timed on the context's clock; top
// minters from the database (who minted, bonus mints included). Up to 10 each, with public
// profiles; equal counts are ordered by wallet.
import type { Chain } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import { createLogger } from "@/lib/log";
import {
  LEADERBOARD_SIZE,
  type LeaderboardEntry,
  type TopHoldersView,
  type TopMintersView,
} from "@/lib/schemas/leaderboards";
import type { ServiceContext } from "./context";
import { getProfiles, NO_PROFILE } from "./profiles";

const log = createLogger("leaderboards");

type Ranked = { walletAddress: string; count: number };

export const HOLDERS_UNAVAILABLE = "On-chain holder data could not be read right now; try again later.";

/**
 * One computation of the drop's holders is reused for `ctx.config.holdersCacheSeconds`
 * (HOLDERS_CACHE_SECONDS), measured on `ctx.clock`.
 */
export async function getTopHolders(ctx: ServiceContext, collectionId: string): Promise<TopHoldersView> {
  const now = ctx.clock.now().getTime();
  const board = await holderBoardOf(ctx.db, ctx.chain, collectionId, {
    now,
    cacheSeconds: ctx.config.holdersCacheSeconds,
  });
  // The spec: when the chain cannot be read, the request still succeeds, with the reason in `error` and an empty list.
  if (board === "unavailable") return { topHolders: [], total: 0, error: HOLDERS_UNAVAILABLE };
  // Profiles are read per request: a renamed collector shows at once, and they cost no chain call.
  const entries = await withProfiles(ctx, board.ranked);
  return { topHolders: entries.map(({ entry, count }) => ({ ...entry, holdCount: count })), total: board.total };
}

// ── Holders per drop: computed at most once per interval, one computation at a time ──
//
// Reading who holds a drop's NFTs costs a chain call per minted NFT (RPC batches of them), so
// each instance computes a drop's board at most once per `cacheSeconds`, and concurrent
// requests share the computation in flight (single-flight) instead of starting their own.
// Boards are kept per chain (a runtime's chain; tests open several), at most
// HOLDERS_CACHE_MAX_DROPS drops, oldest dropped first. A board the chain could not be read
// for is never kept: the next request after it tries again.

type HolderBoard = { ranked: Ranked[]; total: number } | "unavailable";
type BoardEntry = { board: Promise<HolderBoard>; expiresAt: number };

const HOLDERS_CACHE_MAX_DROPS = 1_000;
const boardCaches = new WeakMap<Chain, Map<string, BoardEntry>>();

function holderBoardOf(
  db: Db,
  chain: Chain,
  collectionId: string,
  options: { now: number; cacheSeconds: number },
): Promise<HolderBoard> {
  let cache = boardCaches.get(chain);
  if (!cache) boardCaches.set(chain, (cache = new Map()));
  const current = cache.get(collectionId);
  if (current && options.now < current.expiresAt) return current.board;

  // Until it settles, the computation is shared by everyone who asks (expiresAt: never).
  const entry: BoardEntry = { board: computeHolderBoard(db, chain, collectionId), expiresAt: Number.POSITIVE_INFINITY };
  cache.delete(collectionId);
  if (cache.size >= HOLDERS_CACHE_MAX_DROPS) cache.delete(cache.keys().next().value!);
  cache.set(collectionId, entry);
  const forget = () => {
    if (cache.get(collectionId) === entry) cache.delete(collectionId);
  };
  entry.board.then(
    (board) => (board === "unavailable" ? forget() : (entry.expiresAt = options.now + options.cacheSeconds * 1000)),
    forget,
  );
  return entry.board;
}

async function computeHolderBoard(db: Db, chain: Chain, collectionId: string): Promise<HolderBoard> {
  const nfts = await db.nft.findMany({
    where: { collectionId, status: "minted", mintAddress: { not: null } },
    select: { mintAddress: true },
  });
  const mints = nfts.map((nft) => nft.mintAddress!);
  if (mints.length === 0) return { ranked: [], total: 0 };

  let owners: Map<string, string>;
  try {
    owners = await chain.getMintOwners(mints);
  } catch (error) {
    log.warn(`top holders of ${collectionId}: the chain could not be read`, error);
    return "unavailable";
  }
  const counts = new Map<string, number>();
  for (const wallet of owners.values()) counts.set(wallet, (counts.get(wallet) ?? 0) + 1);
  const ranked = [...counts]
    .map(([walletAddress, count]) => ({ walletAddress, count }))
    .sort(byCountThenWallet)
    .slice(0, LEADERBOARD_SIZE);
  return { ranked, total: counts.size };
}

export async function getTopMinters(ctx: ServiceContext, collectionId: string): Promise<TopMintersView> {
  // Counted in SQL so only ten rows come back; the wallet tie-break uses the C collation,
  // which orders base58 like JavaScript does, on every server locale. `total` is the
  // number of groups (the window runs after GROUP BY, before LIMIT).
  const rows = await ctx.db.$queryRaw<Array<{ walletAddress: string; count: number; total: number }>>`
    SELECT "walletAddress", COUNT(*)::int AS "count", (COUNT(*) OVER ())::int AS "total"
    FROM "Mint"
    WHERE "collectionId" = ${collectionId}::uuid
    GROUP BY "walletAddress"
    ORDER BY COUNT(*) DESC, "walletAddress" COLLATE "C" ASC
    LIMIT ${LEADERBOARD_SIZE}`;
  const entries = await withProfiles(ctx, rows);
  return {
    topMinters: entries.map(({ entry, count }) => ({ ...entry, mintCount: count })),
    total: rows[0]?.total ?? 0,
  };
}

async function withProfiles(
  ctx: ServiceContext,
  ranked: readonly Ranked[],
): Promise<Array<{ entry: LeaderboardEntry; count: number }>> {
  const profiles = await getProfiles(
    ctx,
    ranked.map((r) => r.walletAddress),
  );
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

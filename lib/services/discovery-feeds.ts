// The first-party discovery feeds (/api/public): every one a page of collection cards
// (lib/services/collection-summaries.ts), default 20 and at most 100 per page.
//
// - featured: drops the operator flagged (Collection.isFeatured), any launch status.
// - live-mints: published drops that can be minted now: a phase active on the server clock
//   with supply left in it, and the drop not sold out.
// - upcoming-mints: drops whose summary status is upcoming (a phase starts later and none
//   can sell now) plus every pre-launch drop.
// - trending: published drops ranked by landed mints in the last 24 hours (type
//   "mints_24h"); drops with no mint in the window are not listed.
// - recent-soldouts: capped drops whose every item is minted, the latest sell-out first
//   (sell-out time = the drop's last landed mint).
import { TRENDING_TYPE, TRENDING_WINDOW_HOURS } from "@/lib/schemas/discovery";
import {
  blockchainWhere,
  statusWhere,
  pageCollectionSummaries,
  summariesByIds,
  type CollectionStatus,
  type CollectionSummary,
  type PageOptions,
  type SummaryPage,
} from "./collection-summaries";
import type { ServiceContext } from "./context";

export function getFeatured(ctx: ServiceContext, page: PageOptions): Promise<SummaryPage> {
  return pageCollectionSummaries(ctx, { ...page, where: { isFeatured: true }, now: ctx.clock.now() });
}

export async function getLiveMints(ctx: ServiceContext, page: PageOptions) {
  const now = ctx.clock.now();
  const { collections, ...rest } = await pageCollectionSummaries(ctx, {
    ...page,
    where: await statusWhere(ctx, "active", now),
    now,
  });
  return { mints: collections, ...rest };
}

export async function getUpcomingMints(ctx: ServiceContext, page: PageOptions) {
  const now = ctx.clock.now();
  const { collections, ...rest } = await pageCollectionSummaries(ctx, {
    ...page,
    where: await statusWhere(ctx, "upcoming", now),
    now,
  });
  return { mints: collections, ...rest };
}

/** GET collections: every drop, filtered by chain and by status on the server clock. */
export async function listCollections(
  ctx: ServiceContext,
  options: PageOptions & { blockchain?: string; status?: CollectionStatus },
): Promise<SummaryPage> {
  const now = ctx.clock.now();
  const filters = [
    ...(options.blockchain ? [blockchainWhere(options.blockchain)] : []),
    ...(options.status ? [await statusWhere(ctx, options.status, now)] : []),
  ];
  return pageCollectionSummaries(ctx, { limit: options.limit, offset: options.offset, where: { AND: filters }, now });
}

const HOUR_MS = 3_600_000;

export async function getTrending(ctx: ServiceContext, page: PageOptions) {
  const { db } = ctx;
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - TRENDING_WINDOW_HOURS * HOUR_MS);
  const where = { mintedAt: { gte: since, lte: now }, collection: { launchStatus: "live" as const } };
  const [ranked, all] = await Promise.all([
    db.mint.groupBy({
      by: ["collectionId"],
      where,
      _count: { _all: true },
      orderBy: [{ _count: { collectionId: "desc" } }, { collectionId: "asc" }],
      skip: page.offset,
      take: page.limit,
    }),
    db.mint.groupBy({ by: ["collectionId"], where }),
  ]);
  const counts = new Map(ranked.map((row) => [row.collectionId, row._count._all]));
  const cards = await summariesByIds(
    ctx,
    ranked.map((row) => row.collectionId),
    now,
  );
  return {
    type: TRENDING_TYPE,
    windowHours: TRENDING_WINDOW_HOURS,
    collections: cards.map((card) => ({ ...card, windowMints: counts.get(card.id) ?? 0 })),
    ...pageOf(all.length, page, ranked.length),
  };
}

export async function getRecentSoldouts(ctx: ServiceContext, page: PageOptions) {
  const { db } = ctx;
  const now = ctx.clock.now();
  // Per-drop landed counts of capped, published drops; one row per drop that has mints.
  const minted = await db.nft.groupBy({
    by: ["collectionId"],
    where: {
      isMasterEdition: false,
      status: { in: ["minted", "burned"] },
      collection: { launchStatus: "live", totalSupply: { not: null } },
    },
    _count: { _all: true },
    _max: { mintedAt: true },
  });
  const supplies = await db.collection.findMany({
    where: { id: { in: minted.map((row) => row.collectionId) } },
    select: { id: true, totalSupply: true },
  });
  const supplyOf = new Map(supplies.map((row) => [row.id, row.totalSupply]));
  const soldOut = minted
    .filter((row) => row._count._all >= (supplyOf.get(row.collectionId) ?? Infinity))
    .map((row) => ({ id: row.collectionId, at: row._max.mintedAt ?? new Date(0) }))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || a.id.localeCompare(b.id));
  const pageRows = soldOut.slice(page.offset, page.offset + page.limit);
  const at = new Map(pageRows.map((row) => [row.id, row.at]));
  const cards: CollectionSummary[] = await summariesByIds(
    ctx,
    pageRows.map((row) => row.id),
    now,
  );
  return {
    collections: cards.map((card) => ({ ...card, soldOutAt: at.get(card.id)!.toISOString() })),
    ...pageOf(soldOut.length, page, pageRows.length),
  };
}

function pageOf(total: number, options: PageOptions, shown: number) {
  return { total, limit: options.limit, offset: options.offset, hasMore: options.offset + shown < total };
}

// Short cards of collections for discovery: the home page, and the first-party feeds and
// collection list (/api/public). Status (active, upcoming, ended) is resolveDropStatus
// (lib/domain/drop-status.ts): active when a phase is active and the drop can still sell
// there, else upcoming when a phase starts later, else ended (also a sold-out drop and a
// drop with no phases). A pre-launch drop (launchStatus ≠ live) is always upcoming and
// shows no price or schedule.
import { Prisma } from "@/lib/db/generated/client";
import { phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceDisplay } from "@/lib/domain/price-display";
import { supplyStats, type SupplyStats } from "@/lib/domain/supply";
import { isDropSoldOut, isPhaseSoldOut, resolveDropStatus } from "@/lib/domain/drop-status";
import type { ServiceContext } from "./context";
import { phasePriceContext } from "./phase-price-context";
import { toPublicUrl } from "./public-url";

export type CollectionStatus = "active" | "upcoming" | "ended";

export type CollectionSummary = {
  id: string;
  shortId: string | null;
  name: string | null;
  image: string | null;
  isVerified: boolean;
  launchStatus: "live" | "coming_soon" | "deploying" | "maintenance";
  status: CollectionStatus;
  price: PriceDisplay | null;
  stats: SupplyStats;
};

/** A page of a feed: `limit` cards from `offset`. */
export type PageOptions = { limit: number; offset: number };
export type SummaryPage = {
  collections: CollectionSummary[];
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
};

const LIST_ORDER = [
  { isFeatured: "desc" },
  { createdAt: "asc" },
  { id: "asc" },
] satisfies Prisma.CollectionOrderByWithRelationInput[];
const withPhases = {
  phases: { orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }] },
} satisfies Prisma.CollectionInclude;
type CollectionWithPhases = Prisma.CollectionGetPayload<{ include: typeof withPhases }>;

/** Phases active at `now` (started, not ended), as Prisma filters. */
function activePhaseWhere(now: Date): Prisma.PhaseWhereInput {
  return {
    AND: [
      { OR: [{ startDate: null }, { startDate: { lte: now } }] },
      { OR: [{ endDate: null }, { endDate: { gt: now } }] },
    ],
  };
}

/**
 * Published drops that cannot sell now although a phase is active: sold out (every item
 * landed), or every active phase's own supply landed (lib/domain/drop-status.ts).
 */
export type UnsellableDrops = { soldOut: string[]; phasesSoldOut: string[] };

export async function unsellableDrops(ctx: ServiceContext, now: Date): Promise<UnsellableDrops> {
  const [soldOutRows, activePhases] = await Promise.all([
    ctx.db.$queryRaw<Array<{ id: string }>>`
      SELECT c."id" FROM "Collection" c
       WHERE c."launchStatus"::text = 'live' AND c."totalSupply" > 0
         AND ${mintedCountSql(Prisma.sql`c."id"`)} >= c."totalSupply"`,
    ctx.db.phase.findMany({
      where: { ...activePhaseWhere(now), collection: { launchStatus: "live" } },
      select: { id: true, collectionId: true, phaseSupply: true },
    }),
  ]);
  const mintedInPhase = await mintedCountsByPhase(ctx, activePhases);
  const sellable = new Set(
    activePhases.filter((p) => !isPhaseSoldOut(p, mintedInPhase.get(p.id) ?? 0)).map((p) => p.collectionId),
  );
  const soldOut = soldOutRows.map((row) => row.id);
  const phasesSoldOut = [...new Set(activePhases.map((p) => p.collectionId))].filter((id) => !sellable.has(id));
  return { soldOut, phasesSoldOut: phasesSoldOut.filter((id) => !soldOut.includes(id)) };
}

/** Landed mints per phase, for the phases that have a supply of their own. */
async function mintedCountsByPhase(
  ctx: ServiceContext,
  phases: ReadonlyArray<{ id: string; phaseSupply: number | null }>,
): Promise<Map<string, number>> {
  const capped = phases.filter((p) => p.phaseSupply !== null).map((p) => p.id);
  if (capped.length === 0) return new Map();
  const rows = await ctx.db.mint.groupBy({
    by: ["phaseId"],
    where: { phaseId: { in: capped } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.phaseId!, row._count._all]));
}

/**
 * The drops whose summary status is `status` at `now`, in the database (so pages and totals
 * agree with resolveDropStatus on each card).
 */
export function collectionStatusWhere(
  status: CollectionStatus,
  now: Date,
  unsellable: UnsellableDrops,
): Prisma.CollectionWhereInput {
  const active = activePhaseWhere(now);
  const later: Prisma.PhaseWhereInput = { startDate: { gt: now } };
  const cannotSell = [...unsellable.soldOut, ...unsellable.phasesSoldOut];
  if (status === "active") return { launchStatus: "live", phases: { some: active }, id: { notIn: cannotSell } };
  if (status === "upcoming")
    return {
      OR: [
        { launchStatus: { not: "live" } },
        { launchStatus: "live", AND: [{ phases: { none: active } }, { phases: { some: later } }] },
        { launchStatus: "live", id: { in: unsellable.phasesSoldOut }, phases: { some: later } },
      ],
    };
  return {
    launchStatus: "live",
    OR: [
      { AND: [{ phases: { none: active } }, { phases: { none: later } }] },
      { id: { in: unsellable.soldOut } },
      { id: { in: unsellable.phasesSoldOut }, phases: { none: later } },
    ],
  };
}

/** collectionStatusWhere with the unsellable drops looked up at `now`. */
export async function statusWhere(
  ctx: ServiceContext,
  status: CollectionStatus,
  now: Date,
): Promise<Prisma.CollectionWhereInput> {
  return collectionStatusWhere(status, now, await unsellableDrops(ctx, now));
}

/** `solana` means every Solana chain; anything else is one chain name (solana-devnet, …). */
export function blockchainWhere(blockchain: string): Prisma.CollectionWhereInput {
  const name = blockchain.toLowerCase();
  return name === "solana" ? { chain: { startsWith: "solana" } } : { chain: name };
}

/**
 * One page of cards of the drops matching `where`, featured first then oldest first, with the
 * total. `now`: the instant the feed's filter was built at, so cards and filter agree.
 */
export async function pageCollectionSummaries(
  ctx: ServiceContext,
  options: PageOptions & { where?: Prisma.CollectionWhereInput; now: Date },
): Promise<SummaryPage> {
  const where = options.where ?? {};
  const [collections, total] = await Promise.all([
    ctx.db.collection.findMany({
      where,
      orderBy: LIST_ORDER,
      take: options.limit,
      skip: options.offset,
      include: withPhases,
    }),
    ctx.db.collection.count({ where }),
  ]);
  return {
    collections: await summarize(ctx, collections, options.now),
    total,
    limit: options.limit,
    offset: options.offset,
    hasMore: options.offset + collections.length < total,
  };
}

/** Cards of the given drops, in the given order (ranked feeds); unknown ids are skipped. */
export async function summariesByIds(
  ctx: ServiceContext,
  ids: readonly string[],
  now: Date,
): Promise<CollectionSummary[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.collection.findMany({ where: { id: { in: [...ids] } }, include: withPhases });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return summarize(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
    now,
  );
}

/** Landed NFTs per drop: burned ones still count; an edition's master never does (as countMinted). */
export async function mintedCountsOf(
  ctx: ServiceContext,
  collectionIds: readonly string[],
): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await ctx.db.nft.groupBy({
    by: ["collectionId"],
    where: { collectionId: { in: [...collectionIds] }, isMasterEdition: false, status: { in: ["minted", "burned"] } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.collectionId, row._count._all]));
}

/**
 * The count of mintedCountsOf as a correlated subquery on the drop id `collectionId` (an SQL
 * expression), for a search that fetches its drops in raw SQL and wants their counts in
 * the same round trip. Keep the two rules equal.
 */
export function mintedCountSql(collectionId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT count(*)::int FROM "Nft" WHERE "Nft"."collectionId" = ${collectionId} AND NOT "Nft"."isMasterEdition" AND "Nft"."status" IN ('minted', 'burned'))`;
}

async function summarize(
  ctx: ServiceContext,
  collections: CollectionWithPhases[],
  now: Date,
): Promise<CollectionSummary[]> {
  const ids = collections.map((c) => c.id);
  const [mintedBy, mintedInPhase] = await Promise.all([
    mintedCountsOf(ctx, ids),
    mintedCountsByPhase(
      ctx,
      collections.flatMap((c) => c.phases),
    ),
  ]);
  return Promise.all(
    collections.map(async (collection) => {
      const stats = supplyStats(collection.totalSupply, mintedBy.get(collection.id) ?? 0);
      const timed = collection.phases.map((phase) => ({
        timing: phaseTiming(phase, now),
        soldOut: isPhaseSoldOut(phase, mintedInPhase.get(phase.id) ?? 0),
      }));
      // A pre-launch drop reveals nothing unpublished: no price, no schedule.
      const isPublished = collection.launchStatus === "live";
      const { status, phaseIndex } = resolveDropStatus({ isPublished, soldOut: isDropSoldOut(stats), phases: timed });
      const phase = phaseIndex === null ? null : collection.phases[phaseIndex];
      return {
        id: collection.id,
        shortId: collection.shortId,
        name: collection.name,
        image: toPublicUrl(collection.image, ctx.publicBaseUrl),
        isVerified: collection.isVerified,
        launchStatus: collection.launchStatus,
        status,
        // The same price as the drop page: the live dutch price, the pegged quote.
        price: phase ? resolvePriceDisplay(phase, await phasePriceContext(ctx, phase, now)) : null,
        stats,
      };
    }),
  );
}

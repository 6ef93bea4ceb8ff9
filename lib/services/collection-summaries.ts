// Short cards of collections for discovery: the home page, and the first-party feeds and
// collection list (/api/public). Status (active, upcoming, ended) comes from the phases on
// the server clock, the same rule as phaseTiming: a card is active when a phase is active,
// else upcoming when a phase starts later, else ended (also a drop with no phases). A
// pre-launch drop (launchStatus ≠ live) is always upcoming and shows no price or schedule.
import { Prisma } from "@/lib/db/generated/client";
import { phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceDisplay } from "@/lib/domain/price-display";
import { supplyStats, type SupplyStats } from "@/lib/domain/supply";
import { dutchBoundsOf } from "@/lib/domain/phase-config";
import type { ServiceContext } from "./context";
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

/** The drops whose summary status is `status` at `now`, in the database (so pages and totals agree). */
export function collectionStatusWhere(status: CollectionStatus, now: Date): Prisma.CollectionWhereInput {
  const active = activePhaseWhere(now);
  const later: Prisma.PhaseWhereInput = { startDate: { gt: now } };
  if (status === "active") return { launchStatus: "live", phases: { some: active } };
  if (status === "upcoming")
    return {
      OR: [
        { launchStatus: { not: "live" } },
        { launchStatus: "live", AND: [{ phases: { none: active } }, { phases: { some: later } }] },
      ],
    };
  return { launchStatus: "live", AND: [{ phases: { none: active } }, { phases: { none: later } }] };
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
  const mintedBy = await mintedCountsOf(
    ctx,
    collections.map((c) => c.id),
  );
  return collections.map((collection) => {
    const timed = collection.phases.map((phase) => ({ phase, timing: phaseTiming(phase, now) }));
    const current =
      timed.find((p) => p.timing.status === "active") ?? timed.find((p) => p.timing.status === "upcoming");
    // A pre-launch drop reveals nothing unpublished: no price, no schedule.
    const isPublished = collection.launchStatus === "live";
    const status = isPublished ? (current?.timing.status ?? "ended") : "upcoming";
    return {
      id: collection.id,
      shortId: collection.shortId,
      name: collection.name,
      image: toPublicUrl(collection.image, ctx.publicBaseUrl),
      isVerified: collection.isVerified,
      launchStatus: collection.launchStatus,
      status,
      price:
        isPublished && current
          ? resolvePriceDisplay(current.phase, { dutchBounds: dutchBoundsOf(current.phase) })
          : null,
      stats: supplyStats(collection.totalSupply, mintedBy.get(collection.id) ?? 0),
    };
  });
}

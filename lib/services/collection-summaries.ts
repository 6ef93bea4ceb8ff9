// Short cards of collections for discovery: the home page, and the first-party feeds and
// collection list (/api/public). Status (active, upcoming, ended) comes from the phases on
// the server clock, the same rule as phaseTiming: a card is active when a phase is active,
// else upcoming when a phase starts later, else ended (also a drop with no phases). A
// pre-launch drop (launchStatus ≠ live) is always upcoming and shows no price or schedule.
import type { Db } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceDisplay } from "@/lib/domain/price-display";
import { supplyStats, type SupplyStats } from "@/lib/domain/supply";
import { dutchBoundsOf } from "@/lib/domain/phase-config";
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

export type SummaryOptions = { now: Date; publicBaseUrl: string };
export type SummaryPage = { collections: CollectionSummary[]; total: number; limit: number; offset: number; hasMore: boolean };

const LIST_ORDER = [{ isFeatured: "desc" }, { createdAt: "asc" }, { id: "asc" }] satisfies Prisma.CollectionOrderByWithRelationInput[];
const withPhases = { phases: { orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }] } } satisfies Prisma.CollectionInclude;
type CollectionWithPhases = Prisma.CollectionGetPayload<{ include: typeof withPhases }>;

/** Phases active at `now` (started, not ended), as Prisma filters. */
function activePhaseWhere(now: Date): Prisma.PhaseWhereInput {
  return { AND: [{ OR: [{ startDate: null }, { startDate: { lte: now } }] }, { OR: [{ endDate: null }, { endDate: { gt: now } }] }] };
}

/** The drops whose summary status is `status` at `now`, in the database (so pages and totals agree). */
export function collectionStatusWhere(status: CollectionStatus, now: Date): Prisma.CollectionWhereInput {
  const active = activePhaseWhere(now);
  const later: Prisma.PhaseWhereInput = { startDate: { gt: now } };
  if (status === "active") return { launchStatus: "live", phases: { some: active } };
  if (status === "upcoming") return { OR: [{ launchStatus: { not: "live" } }, { launchStatus: "live", AND: [{ phases: { none: active } }, { phases: { some: later } }] }] };
  return { launchStatus: "live", AND: [{ phases: { none: active } }, { phases: { none: later } }] };
}

/** `solana` means every Solana chain; anything else is one chain name (solana-devnet, …). */
export function blockchainWhere(blockchain: string): Prisma.CollectionWhereInput {
  const name = blockchain.toLowerCase();
  return name === "solana" ? { chain: { startsWith: "solana" } } : { chain: name };
}

/** The home page's cards (featured first). */
export async function listCollectionSummaries(
  db: Db,
  options: SummaryOptions & { limit?: number; offset?: number },
): Promise<CollectionSummary[]> {
  const collections = await db.collection.findMany({ orderBy: LIST_ORDER, take: Math.min(options.limit ?? 20, 100), skip: options.offset ?? 0, include: withPhases });
  return summarize(db, collections, options);
}

/** One page of cards of the drops matching `where`, featured first then oldest first, with the total. */
export async function pageCollectionSummaries(
  db: Db,
  options: SummaryOptions & { where?: Prisma.CollectionWhereInput; limit: number; offset: number },
): Promise<SummaryPage> {
  const where = options.where ?? {};
  const [collections, total] = await Promise.all([
    db.collection.findMany({ where, orderBy: LIST_ORDER, take: options.limit, skip: options.offset, include: withPhases }),
    db.collection.count({ where }),
  ]);
  return {
    collections: await summarize(db, collections, options),
    total,
    limit: options.limit,
    offset: options.offset,
    hasMore: options.offset + collections.length < total,
  };
}

/** Cards of the given drops, in the given order (ranked feeds); unknown ids are skipped. */
export async function summariesByIds(db: Db, ids: readonly string[], options: SummaryOptions): Promise<CollectionSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.collection.findMany({ where: { id: { in: [...ids] } }, include: withPhases });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return summarize(db, ids.flatMap((id) => byId.get(id) ?? []), options);
}

/** Landed NFTs per drop: burned ones still count; an edition's master never does (as countMinted). */
export async function mintedCountsOf(db: Db, collectionIds: readonly string[]): Promise<Map<string, number>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db.nft.groupBy({
    by: ["collectionId"],
    where: { collectionId: { in: [...collectionIds] }, isMasterEdition: false, status: { in: ["minted", "burned"] } },
    _count: { _all: true },
  });
  return new Map(rows.map((row) => [row.collectionId, row._count._all]));
}

async function summarize(db: Db, collections: CollectionWithPhases[], options: SummaryOptions): Promise<CollectionSummary[]> {
  const mintedBy = await mintedCountsOf(db, collections.map((c) => c.id));
  return collections.map((collection) => {
    const timed = collection.phases.map((phase) => ({ phase, timing: phaseTiming(phase, options.now) }));
    const current = timed.find((p) => p.timing.status === "active") ?? timed.find((p) => p.timing.status === "upcoming");
    // A pre-launch drop reveals nothing unpublished: no price, no schedule.
    const isPublished = collection.launchStatus === "live";
    const status = isPublished ? (current?.timing.status ?? "ended") : "upcoming";
    return {
      id: collection.id,
      shortId: collection.shortId,
      name: collection.name,
      image: toPublicUrl(collection.image, options.publicBaseUrl),
      isVerified: collection.isVerified,
      launchStatus: collection.launchStatus,
      status,
      price: isPublished && current ? resolvePriceDisplay(current.phase, { dutchBounds: dutchBoundsOf(current.phase) }) : null,
      stats: supplyStats(collection.totalSupply, mintedBy.get(collection.id) ?? 0),
    };
  });
}

// Short cards of collections for discovery: the home page now, the first-party feeds later.
import type { Db } from "@/lib/db/client";
import { phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceDisplay } from "@/lib/domain/price-display";
import { supplyStats, type SupplyStats } from "@/lib/domain/supply";
import { dutchBoundsOf } from "@/lib/domain/phase-config";
import { toPublicUrl } from "./public-url";

export type CollectionSummary = {
  id: string;
  shortId: string | null;
  name: string | null;
  image: string | null;
  isVerified: boolean;
  launchStatus: "live" | "coming_soon" | "deploying" | "maintenance";
  status: "active" | "upcoming" | "ended";
  price: PriceDisplay | null;
  stats: SupplyStats;
};

export async function listCollectionSummaries(
  db: Db,
  options: { now: Date; publicBaseUrl: string; limit?: number; offset?: number },
): Promise<CollectionSummary[]> {
  const collections = await db.collection.findMany({
    orderBy: [{ isFeatured: "desc" }, { createdAt: "asc" }],
    take: Math.min(options.limit ?? 20, 100),
    skip: options.offset ?? 0,
    include: { phases: { orderBy: [{ sortOrder: "asc" }] } },
  });
  const mintedCounts = await db.nft.groupBy({
    by: ["collectionId"],
    where: { collectionId: { in: collections.map((c) => c.id) }, status: { in: ["minted", "burned"] } },
    _count: { _all: true },
  });
  const mintedBy = new Map(mintedCounts.map((row) => [row.collectionId, row._count._all]));
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

// The first-party collection read: the full v1 Collection view for a launched drop, or the
// pre-launch envelope (lib/schemas/public-collection.ts) that shows nothing unpublished.
import type { Db } from "@/lib/db/client";
import type { Config } from "@/lib/config";
import { ApiError } from "@/lib/api/api-error";
import type { PreLaunchCollection } from "@/lib/schemas/public-collection";
import type { CollectionView } from "@/lib/schemas/collection";
import { getCollectionView } from "./collections";
import { toPublicUrl } from "./public-url";

export type PublicCollection = (CollectionView & { status: "live" }) | PreLaunchCollection;

export async function getPublicCollection(db: Db, collectionId: string, options: { now: Date; config: Config }): Promise<PublicCollection> {
  const row = await db.collection.findUnique({ where: { id: collectionId }, select: { launchStatus: true, shortId: true, name: true, image: true, bannerImage: true } });
  if (!row) throw new ApiError("COLLECTION_NOT_FOUND", "No collection matches that identifier.");
  if (row.launchStatus === "live") return { status: "live", ...(await getCollectionView(db, collectionId, options)) };
  const url = (value: string | null) => toPublicUrl(value, options.config.publicUrl);
  return {
    status: row.launchStatus,
    collection: { shortId: row.shortId, name: row.name, image: url(row.image), bannerImage: url(row.bannerImage) },
    serverTime: options.now.toISOString(),
  };
}

/** Whether the drop is launched: the NFT feeds of a pre-launch drop answer empty pages. */
export async function isCollectionLaunched(db: Db, collectionId: string): Promise<boolean> {
  const row = await db.collection.findUnique({ where: { id: collectionId }, select: { launchStatus: true } });
  return row?.launchStatus === "live";
}

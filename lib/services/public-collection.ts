// The first-party collection read: the full v1 Collection view for a launched drop, or the
// pre-launch envelope (lib/schemas/public-collection.ts) that shows nothing unpublished.
import type { PreLaunchCollection } from "@/lib/schemas/public-collection";
import type { CollectionView } from "@/lib/schemas/collection";
import { getCollectionView } from "./collections";
import type { ServiceContext } from "./context";
import { getDropFacts } from "./drop-snapshot";
import { toPublicUrl } from "./public-url";

export type PublicCollection = (CollectionView & { status: "live" }) | PreLaunchCollection;

export async function getPublicCollection(ctx: ServiceContext, collectionId: string): Promise<PublicCollection> {
  const now = ctx.clock.now();
  const { collection: row } = await getDropFacts(ctx, collectionId);
  if (row.launchStatus === "live") return { status: "live", ...(await getCollectionView(ctx, collectionId)) };
  const url = (value: string | null) => toPublicUrl(value, ctx.publicBaseUrl);
  return {
    status: row.launchStatus,
    collection: { shortId: row.shortId, name: row.name, image: url(row.image), bannerImage: url(row.bannerImage) },
    serverTime: now.toISOString(),
  };
}

/** Whether the drop is launched: the NFT feeds of a pre-launch drop answer empty pages. */
export async function isCollectionLaunched(ctx: ServiceContext, collectionId: string): Promise<boolean> {
  return (await getDropFacts(ctx, collectionId)).collection.launchStatus === "live";
}

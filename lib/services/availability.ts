// Live supply counts of a drop (GET availability). Burned NFTs stay counted as minted;
// a limited edition counts its copies, never the master. Counts read NFT rows, so an NFT
// held by a mint in progress still counts as available until that mint lands.
import { percentOf } from "@/lib/domain/supply";
import type { AvailabilityView } from "@/lib/schemas/availability";
import { countMinted, getCollectionOrThrow } from "./collections";
import type { ServiceContext } from "./context";

export async function getAvailability(ctx: ServiceContext, collectionId: string): Promise<AvailabilityView> {
  const [collection, minted, burned] = await Promise.all([
    getCollectionOrThrow(ctx, collectionId),
    countMinted(ctx, collectionId),
    ctx.db.nft.count({ where: { collectionId, isMasterEdition: false, status: "burned" } }),
  ]);
  const total = collection.totalSupply;
  return {
    collectionId,
    stats: {
      total: total ?? 0,
      minted,
      burned,
      available: total === null ? null : Math.max(0, total - minted),
      percentMinted: total === null ? 0 : percentOf(minted, total),
    },
  };
}

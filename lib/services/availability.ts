// Live supply counts of a drop (GET availability). Burned NFTs stay counted as minted;
// a limited edition counts its copies, never the master. Counts read NFT rows, so an NFT
// held by a mint in progress still counts as available until that mint lands.
import { percentOf } from "@/lib/domain/supply";
import type { AvailabilityView } from "@/lib/schemas/availability";
import type { ServiceContext } from "./context";
import { getDropSnapshot } from "./drop-snapshot";

export async function getAvailability(ctx: ServiceContext, collectionId: string): Promise<AvailabilityView> {
  const { collection, minted, burned } = await getDropSnapshot(ctx, collectionId);
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

// The studio's views of a creator's drops: the list (own drops; an admin's: all) and one drop.
import type { Collection } from "@/lib/db/generated/client";
import type { StudioDropSummary } from "@/lib/schemas/studio";
import type { ServiceContext } from "../context";
import type { StudioCaller } from "./owned-drops";

type DropRow = Collection & { _count: { mints: number } };

function summaryOf(drop: DropRow): StudioDropSummary {
  return {
    id: drop.id,
    shortId: drop.shortId,
    name: drop.name,
    launchStatus: drop.launchStatus,
    creatorWallet: drop.creatorWallet,
    totalSupply: drop.totalSupply,
    minted: drop._count.mints,
    createdAt: drop.createdAt.toISOString(),
  };
}

/** The caller's drops, newest first (an admin's: every drop). */
export async function listStudioDrops(ctx: Pick<ServiceContext, "db">, caller: StudioCaller) {
  const drops = await ctx.db.collection.findMany({
    where: caller.isAdmin ? {} : { creatorWallet: caller.wallet },
    include: { _count: { select: { mints: true } } },
    orderBy: { createdAt: "desc" },
  });
  return { drops: drops.map(summaryOf) };
}

/** One of the caller's drops (already checked by the route: lib/api/studio-auth.ts). */
export async function getStudioDrop(ctx: Pick<ServiceContext, "db">, drop: Collection) {
  const mints = await ctx.db.mint.count({ where: { collectionId: drop.id } });
  const { description, bannerImage, externalUrl, twitter, discord, treasuryAddress } = drop;
  return {
    drop: {
      ...summaryOf({ ...drop, _count: { mints } }),
      ...{ description, bannerImage, externalUrl, twitter, discord, treasuryAddress },
    },
  };
}

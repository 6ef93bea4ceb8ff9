// Provably fair drops (lib/domain/fair-order.ts): committing a drop to a shuffled order
// before its mint opens, and the public record of it (commitment always, seed once no NFT
// can be minted any more).
import type { Collection } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/client";
import { FAIR_ORDER_ALGORITHM, fairCommitment, fairOrder, newFairSeed } from "@/lib/domain/fair-order";
import { isFairSeedPublic } from "@/lib/domain/fair-reveal";
import type { PhaseSchedule } from "@/lib/domain/phase-status";
import type { Fairness } from "@/lib/schemas/collection";

/** Where the docs' verification script is served (public/fairness/verify.mjs). */
export const FAIR_VERIFY_SCRIPT_PATH = "/fairness/verify.mjs";

/**
 * Commits a drop to a fresh secret order of its token ids, before anything of it is
 * reserved or minted (after that the order could no longer be the one things went out in).
 * The token ids must be contiguous. Returns the commitment.
 */
export async function commitFairOrder(db: Db, collectionId: string): Promise<string> {
  return db.$transaction(async (tx) => {
    const nfts = await tx.nft.findMany({
      where: { collectionId, isMasterEdition: false },
      select: { tokenId: true, status: true },
    });
    if (nfts.length === 0 || nfts.some((n) => n.tokenId === null))
      throw new Error("a fair drop needs NFTs numbered by token id");
    if (nfts.some((n) => n.status !== "available"))
      throw new Error("a fair order is committed before anything of the drop is reserved or minted");
    const ids = nfts.map((n) => n.tokenId!).sort((a, b) => a - b);
    const range = { from: ids[0]!, to: ids[ids.length - 1]! };
    if (range.to - range.from + 1 !== ids.length) throw new Error("a fair drop's token ids must be contiguous");
    const seed = newFairSeed();
    const order = fairOrder(seed, range);
    const commitment = fairCommitment(seed, order);
    await tx.$executeRaw`
      UPDATE "Nft" AS nft SET "fairPosition" = o.position - 1
      FROM unnest(${order}::int[]) WITH ORDINALITY AS o("tokenId", position)
      WHERE nft."collectionId" = ${collectionId}::uuid AND nft."tokenId" = o."tokenId"`;
    await tx.collection.update({
      where: { id: collectionId },
      data: { fairCommitment: commitment, fairSeed: seed, fairFromToken: range.from, fairToToken: range.to },
    });
    return commitment;
  });
}

export const isFairDrop = (collection: Pick<Collection, "fairCommitment">) => collection.fairCommitment !== null;

/** The public record of a fair drop (null for any other): the seed only once it can no longer help anyone pick. */
export function fairnessView(
  collection: Collection,
  drop: { minted: number; phases: readonly PhaseSchedule[] },
  publicBaseUrl: string,
  now: Date,
): Fairness | null {
  const { fairCommitment: commitment, fairSeed: seed, fairFromToken: from, fairToToken: to } = collection;
  if (commitment === null || seed === null || from === null || to === null) return null;
  const revealed = isFairSeedPublic(
    { totalSupply: collection.totalSupply, minted: drop.minted, phases: drop.phases },
    now,
  );
  return {
    algorithm: FAIR_ORDER_ALGORITHM,
    commitment,
    seed: revealed ? seed : null,
    tokenIds: { from, to },
    verifyScript: `${publicBaseUrl.replace(/\/+$/, "")}${FAIR_VERIFY_SCRIPT_PATH}`,
    ...(collection.assetsHash ? { assetsHash: collection.assetsHash } : {}),
  };
}

// Bounties a landed mint may win, decided inside the mint's recording transaction (under
// the drop's recording lock, so the mint counts are exact):
// - a one-off Bounty whose triggerMintCount equals the drop's mint count since its
//   triggerStartsAt goes to this wallet (claimed + a BountyAward);
// - a recurring pool fires on every recurEveryNMints-th mint since its counterStartsAt,
//   at most recurMaxFires times: one weighted draw (weightBps) among its entries.
// An NFT prize is assigned an inventory item here; lib/services/bounty-payouts.ts pays every
// prize out afterwards, outside this transaction.
import { randomInt } from "node:crypto";
import type { Prisma, PayoutStatus } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;

export type WonBounty = {
  awardId: string;
  bountyId: string | null;
  poolId: string | null;
  name: string | null;
  bountyType: string;
  amount: bigint | null;
  tokenSymbol: string | null;
  payoutStatus: PayoutStatus;
  memo: string | null;
};

type MintFacts = { collectionId: string; nftId: string; wallet: string; at: Date };

const mintsSince = (tx: Tx, collectionId: string, since: Date | null) =>
  tx.mint.count({ where: { collectionId, ...(since ? { mintedAt: { gte: since } } : {}) } });

const payoutOf = (type: string): PayoutStatus => (type === "grant" ? "not_applicable" : "pending");

export async function fireBountyTriggers(tx: Tx, facts: MintFacts): Promise<WonBounty[]> {
  const won: WonBounty[] = [];
  const bounties = await tx.bounty.findMany({
    where: { collectionId: facts.collectionId, isClaimed: false, triggerMintCount: { not: null } },
  });
  for (const bounty of bounties) {
    if ((await mintsSince(tx, facts.collectionId, bounty.triggerStartsAt)) !== bounty.triggerMintCount) continue;
    const claimed = await tx.bounty.updateMany({
      where: { id: bounty.id, isClaimed: false },
      data: { isClaimed: true, claimedWinner: facts.wallet, claimedAt: facts.at },
    });
    if (claimed.count === 0) continue;
    const item =
      bounty.bountyType === "nft"
        ? await assignInventoryItem(tx, facts, { bountyId: bounty.id, name: bounty.nftName, poolLabel: null })
        : null;
    const award = await tx.bountyAward.create({
      data: {
        collectionId: facts.collectionId,
        nftId: facts.nftId,
        bountyId: bounty.id,
        walletAddress: facts.wallet,
        bountyType: bounty.bountyType,
        amount: bounty.amount,
        tokenSymbol: bounty.tokenSymbol,
        tokenMint: bounty.tokenMint,
        tokenDecimals: bounty.tokenDecimals,
        inventoryItemId: item?.id ?? null,
        payoutStatus: payoutOf(bounty.bountyType),
        memo: bounty.grantLabel ?? item?.name ?? bounty.nftName ?? null,
      },
    });
    won.push({
      awardId: award.id,
      bountyId: bounty.id,
      poolId: null,
      name: bounty.name,
      bountyType: award.bountyType,
      amount: award.amount,
      tokenSymbol: award.tokenSymbol,
      payoutStatus: award.payoutStatus,
      memo: award.memo,
    });
  }

  const pools = await tx.bountyPool.findMany({
    where: { collectionId: facts.collectionId, recurEveryNMints: { gt: 0 } },
    include: { entries: { orderBy: { sortOrder: "asc" } } },
  });
  for (const pool of pools) {
    if (pool.recurMaxFires !== null && pool.recurFiresCount >= pool.recurMaxFires) continue;
    const count = await mintsSince(tx, facts.collectionId, pool.counterStartsAt);
    if (count === 0 || count % pool.recurEveryNMints! !== 0) continue;
    const entry = weightedDraw(pool.entries);
    if (!entry) continue;
    const fired = await tx.bountyPool.updateMany({
      where: { id: pool.id, recurFiresCount: pool.recurFiresCount },
      data: { recurFiresCount: { increment: 1 } },
    });
    if (fired.count === 0) continue;
    const item =
      entry.rewardType === "nft"
        ? await assignInventoryItem(tx, facts, { bountyId: null, name: null, poolLabel: entry.nftPoolLabel })
        : null;
    const award = await tx.bountyAward.create({
      data: {
        collectionId: facts.collectionId,
        nftId: facts.nftId,
        poolId: pool.id,
        walletAddress: facts.wallet,
        bountyType: entry.rewardType,
        amount: entry.payoutAmount,
        tokenSymbol: entry.tokenSymbol,
        tokenMint: entry.tokenMint,
        tokenDecimals: entry.tokenDecimals,
        inventoryItemId: item?.id ?? null,
        payoutStatus: payoutOf(entry.rewardType),
        memo: item?.name ?? entry.displayLabel ?? entry.nftPoolLabel,
      },
    });
    won.push({
      awardId: award.id,
      bountyId: null,
      poolId: pool.id,
      name: pool.name,
      bountyType: award.bountyType,
      amount: award.amount,
      tokenSymbol: award.tokenSymbol,
      payoutStatus: award.payoutStatus,
      memo: award.memo,
    });
  }
  return won;
}

/**
 * The inventory item an NFT prize hands over, moved from unassigned to assigned (its payout
 * moves it to claimed): the item tied to the bounty, else an unassigned one named like the
 * prize; for a pool's NFT draw, the first unassigned item of the entry's NFT pool
 * (nft_pool_label), never one of another pool, or, for an entry naming no pool, the first
 * tied to no bounty and no pool. Null when the vault is empty: the award then stays pending
 * until the creator adds one.
 */
async function assignInventoryItem(
  tx: Tx,
  facts: MintFacts,
  prize: { bountyId: string | null; name: string | null; poolLabel: string | null },
) {
  const fromPool = prize.bountyId === null;
  const candidates: Prisma.BountyInventoryItemWhereInput[] = [
    ...(prize.bountyId ? [{ bountyId: prize.bountyId }] : []),
    ...(prize.name ? [{ name: prize.name }] : []),
    ...(fromPool ? [{ bountyId: null, poolLabel: prize.poolLabel }] : []),
  ];
  for (const where of candidates) {
    const item = await tx.bountyInventoryItem.findFirst({
      where: { collectionId: facts.collectionId, state: "unassigned", ...where },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    });
    if (!item) continue;
    const moved = await tx.bountyInventoryItem.updateMany({
      where: { id: item.id, state: "unassigned" },
      data: { state: "assigned", claimedWinner: facts.wallet },
    });
    if (moved.count === 1) return item;
  }
  return null;
}

/** One entry, chosen with probability weightBps / sum of weights. */
export function weightedDraw<E extends { weightBps: number }>(
  entries: readonly E[],
  roll: (max: number) => number = randomInt,
): E | null {
  const weights = entries.map((e) => Math.max(0, e.weightBps));
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let ticket = roll(total);
  for (let i = 0; i < entries.length; i++) {
    if (ticket < weights[i]!) return entries[i]!;
    ticket -= weights[i]!;
  }
  return null;
}

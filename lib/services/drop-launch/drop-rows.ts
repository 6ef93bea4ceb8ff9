// The database rows of a staged drop plan: the collection's fields, its phases (with their
// allowlists and gates), its NFTs (ranked by rarity; in a committed shuffled order for a fair
// drop), and its claim codes and bounties. Always written inside the caller's transaction.
import { Prisma } from "@/lib/db/generated/client";
import { fairCommitment, fairOrder, newFairSeed } from "@/lib/domain/fair-order";
import { rankByRarity } from "@/lib/domain/rarity";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import type { LaunchSettings } from "./drop-shape";
import { insertAllowlist, insertNftRows, type NftRow } from "./bulk-insert";

type Tx = Prisma.TransactionClient;

export function launchSettingsOf(plan: DropPlan): LaunchSettings {
  return {
    phaseLabels: plan.phases.map((p) => p.label),
    claimCodeBatches: plan.claimCodeBatches,
    bounties: plan.bounties,
  };
}

/** The collection's own fields (everything but its id, address and fair order). */
export function collectionFieldsOf(ctx: ServiceContext, plan: DropPlan) {
  return {
    shortId: plan.shortId,
    name: plan.name,
    symbol: plan.symbol,
    description: plan.description,
    image: plan.image,
    bannerImage: plan.bannerImage,
    chain: ctx.config.chainName,
    externalUrl: plan.externalUrl,
    twitter: plan.twitter,
    discord: plan.discord,
    launchStatus: "live" as const,
    editionType: "generative" as const,
    totalSupply: plan.nfts.length,
    treasuryAddress: plan.treasury,
    creatorWallet: plan.creatorWallet ?? plan.creators[0]?.address ?? null,
    sellerFeeBasisPoints: plan.sellerFeeBasisPoints,
    creators: plan.creators as Prisma.InputJsonValue,
    delayedRevealEnabled: plan.reveal !== null,
    revealedAt: plan.reveal?.revealAt ? new Date(plan.reveal.revealAt) : null,
    placeholderImage: plan.reveal?.placeholderImage ?? null,
    assetsHash: plan.reveal?.assetsHash ?? null,
    importFingerprint: plan.fingerprint,
    launchSettings: launchSettingsOf(plan) as unknown as Prisma.InputJsonValue,
  };
}

/**
 * A gated phase's allocation per rule: Candy Guard lets an admitted wallet mint until its
 * mintLimit (or the supply) runs out, and Dropmint caps the allocation by maxPerWallet.
 */
function gateAllocation(phase: DropPlan["phases"][number], totalSupply: number): number {
  return phase.maxPerWallet ?? phase.phaseSupply ?? totalSupply;
}

/** A plan phase's own columns (its allowlist and gates are rows of their own). */
export function phaseFieldsOf(phase: DropPlan["phases"][number], index: number) {
  return {
    name: phase.name,
    sortOrder: index,
    startDate: phase.startDate ? new Date(phase.startDate) : null,
    endDate: phase.endDate ? new Date(phase.endDate) : null,
    priceModel: phase.priceModel,
    price: BigInt(phase.price),
    priceMax: null,
    dutchConfig: (phase.dutchConfig ?? undefined) as Prisma.InputJsonValue | undefined,
    pegConfig: (phase.pegConfig ?? undefined) as Prisma.InputJsonValue | undefined,
    bogoBuy: phase.bogo?.buy ?? null,
    bogoGet: phase.bogo?.get ?? null,
    isGated: phase.allowlist !== null || phase.tokenGate !== null || phase.nftGate !== null,
    maxPerWallet: phase.maxPerWallet,
    maxPerTransaction: phase.maxPerTransaction,
    phaseSupply: phase.phaseSupply,
  };
}

/** A plan bounty's columns: the Nth mint wins SOL, a free mint or the creator's own grant. */
export function bountyFieldsOf(bounty: DropPlan["bounties"][number], index: number) {
  return {
    name: bounty.name,
    description: bounty.description,
    sortOrder: index,
    triggerMintCount: bounty.triggerMintCount,
    ...(bounty.kind === "sol"
      ? {
          bountyType: "token" as const,
          tokenSymbol: "SOL",
          tokenDecimals: 9,
          amount: BigInt(bounty.lamports ?? "0"),
        }
      : bounty.kind === "grant"
        ? { bountyType: "grant" as const, grantLabel: bounty.grantLabel }
        : { bountyType: "free_mint" as const }),
  };
}

/** Writes the plan's phases with their allowlists and gates; returns their ids in order. */
export async function writePhases(
  tx: Tx,
  collectionId: string,
  plan: DropPlan,
  existingIds: readonly string[] = [],
): Promise<string[]> {
  const ids: string[] = [];
  for (const [index, phase] of plan.phases.entries()) {
    const data = phaseFieldsOf(phase, index);
    const existing = existingIds[index];
    let id: string;
    if (existing) {
      await tx.phase.update({
        where: { id: existing },
        data: {
          ...data,
          dutchConfig: (phase.dutchConfig as Prisma.InputJsonValue | null) ?? Prisma.DbNull,
          pegConfig: (phase.pegConfig as Prisma.InputJsonValue | null) ?? Prisma.DbNull,
        },
      });
      await tx.allowlistEntry.deleteMany({ where: { phaseId: existing } });
      await tx.gateRule.deleteMany({ where: { phaseId: existing } });
      id = existing;
    } else {
      id = (await tx.phase.create({ data: { collectionId, ...data }, select: { id: true } })).id;
    }
    const allocation = gateAllocation(phase, plan.nfts.length);
    if (phase.allowlist) await insertAllowlist(tx, id, phase.allowlist, allocation);
    if (phase.tokenGate) {
      await tx.gateRule.create({
        data: {
          phaseId: id,
          kind: "token_gate",
          ruleName: "Token holders",
          tokenMint: phase.tokenGate.mint,
          minAmount: BigInt(phase.tokenGate.minAmount),
          multiplier: allocation,
        },
      });
    }
    if (phase.nftGate) {
      await tx.gateRule.create({
        data: {
          phaseId: id,
          kind: "nft_gate",
          ruleName: "Collection holders",
          collections: [phase.nftGate.collection],
          multiplier: allocation,
        },
      });
    }
    ids.push(id);
  }
  return ids;
}

export type FairRecord = {
  fairCommitment: string;
  fairSeed: string;
  fairFromToken: number;
  fairToToken: number;
} | null;

/** Writes the NFTs; for a fair drop also their committed order, whose record is returned. */
export async function writeNfts(tx: Tx, collectionId: string, plan: DropPlan): Promise<FairRecord> {
  const ranked = rankByRarity(plan.nfts);
  const hasTraits = plan.nfts.some((n) => n.attributes.length > 0);
  const ids = plan.nfts.map((n) => n.tokenId);
  const range = { from: Math.min(...ids), to: Math.max(...ids) };
  let fair: FairRecord = null;
  const positions = new Map<number, number>();
  if (plan.fair) {
    const seed = newFairSeed();
    const order = fairOrder(seed, range);
    order.forEach((tokenId, position) => positions.set(tokenId, position));
    fair = {
      fairCommitment: fairCommitment(seed, order),
      fairSeed: seed,
      fairFromToken: range.from,
      fairToToken: range.to,
    };
  }
  // Made as they are inserted: only one chunk of rows exists at a time beside the plan.
  function* rows(): Generator<NftRow> {
    for (const { item, rarityScore, rarityRank, rarityTier } of ranked)
      yield {
        tokenId: item.tokenId,
        name: item.name,
        description: item.description,
        imageUrl: item.imageUrl,
        previewImageUrl: item.previewImageUrl,
        mediaType: item.mediaType,
        animationUrl: item.animationUrl,
        attributes: item.attributes,
        rarityScore: hasTraits ? rarityScore : null,
        rarityRank: hasTraits ? rarityRank : null,
        rarityTier: hasTraits ? rarityTier : null,
        fairPosition: positions.get(item.tokenId) ?? null,
      };
  }
  // In chunks, still in the caller's one transaction: all or nothing.
  await insertNftRows(tx, collectionId, rows());
  return fair;
}

/** Claim-code batches and bounties (phase labels resolved to the phases just written). */
export async function writeExtras(
  tx: Tx,
  collectionId: string,
  plan: DropPlan,
  phaseIds: readonly string[],
): Promise<void> {
  const phaseOf = (label: string | null) => {
    if (label === null) return null;
    const index = plan.phases.findIndex((p) => (p.label ?? "default") === label);
    return index >= 0 ? phaseIds[index]! : null;
  };
  for (const batch of plan.claimCodeBatches) {
    const created = await tx.claimCodeBatch.create({
      data: {
        collectionId,
        phaseId: phaseOf(batch.phaseLabel),
        name: batch.name,
        grantType: batch.grantType,
        mintAllocation: batch.mintAllocation,
        discountPercent: batch.discountPercent,
        discountUses: batch.discountUses,
      },
    });
    await tx.claimCode.createMany({
      data: batch.codes.map((code) => ({ batchId: created.id, collectionId, code, maxUses: batch.maxUses })),
    });
  }
  for (const [index, bounty] of plan.bounties.entries())
    await tx.bounty.create({ data: { collectionId, ...bountyFieldsOf(bounty, index) } });
  if (plan.bounties.length > 0)
    await tx.collection.update({ where: { id: collectionId }, data: { bountyPrizesEnabled: true } });
}

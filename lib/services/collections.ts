// Reading a collection (a drop) as the v1 Collection response: record, supply stats,
// phases on the server clock, capabilities and the server time.
import { requiredFeatures } from "@/lib/domain/surface-support";
import type { Collection, Phase as PhaseRow } from "@/lib/db/generated/client";
import { groupPhasesByStatus, phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceContext } from "@/lib/domain/price-display";
import { isDropSoldOut, isPhaseSoldOut } from "@/lib/domain/drop-status";
import { supplyStats } from "@/lib/domain/supply";
import { dutchBoundsOf } from "@/lib/domain/phase-config";
import type { CollectionView, Phase } from "@/lib/schemas/collection";
import { fairnessView } from "./fairness";
import type { ServiceContext } from "./context";
import { getDropCounts, getDropFacts, getDropSnapshot, type DropSnapshot } from "./drop-snapshot";
import { toPublicUrl } from "./public-url";
import { phasePriceContext } from "./phase-price-context";
import { surfaceRefusal } from "./surface-support";

/** NFTs minted from the drop: burned ones still count; an edition's master never does. */
export async function countMinted(ctx: ServiceContext, collectionId: string): Promise<number> {
  return (await getDropCounts(ctx, collectionId)).minted;
}

export async function getCollectionOrThrow(ctx: ServiceContext, collectionId: string): Promise<Collection> {
  return (await getDropFacts(ctx, collectionId)).collection;
}

export function toPhaseView(
  phase: PhaseRow,
  now: Date,
  { price = { dutchBounds: dutchBoundsOf(phase) }, soldOut }: { price?: PriceContext; soldOut: boolean },
): Phase {
  const timing = phaseTiming(phase, now);
  return {
    id: phase.id,
    name: phase.name,
    status: timing.status,
    startDate: phase.startDate?.toISOString() ?? null,
    endDate: phase.endDate?.toISOString() ?? null,
    priceDisplay: resolvePriceDisplay(phase, price),
    bogo: phase.bogoBuy && phase.bogoGet ? { buy: phase.bogoBuy, get: phase.bogoGet } : null,
    isGated: phase.isGated,
    maxPerWallet: phase.maxPerWallet,
    maxPerTransaction: phase.maxPerTransaction,
    phaseSupply: phase.phaseSupply,
    soldOut,
    msUntilStart: timing.msUntilStart,
    msUntilEnd: timing.msUntilEnd,
  };
}

/** The full v1 Collection response for one collection, on the context's clock (from the drop's cached facts). */
export async function getCollectionView(ctx: ServiceContext, collectionId: string): Promise<CollectionView> {
  return collectionViewOf(ctx, await getDropSnapshot(ctx, collectionId));
}

/**
 * The Collection response of a drop's facts and counts: the stored drop's, or a draft's not yet
 * written (the studio's preview builds the snapshot from the plan, so both pages show one view).
 */
export async function collectionViewOf(
  ctx: ServiceContext,
  snapshot: Pick<DropSnapshot, "collection" | "phases" | "minted" | "mintedByPhase" | "hasClaimCodes">,
): Promise<CollectionView> {
  const now = ctx.clock.now();
  const { collection, phases, minted, mintedByPhase, hasClaimCodes } = snapshot;
  const url = (value: string | null) => toPublicUrl(value, ctx.publicBaseUrl);
  const [prices, refusal] = await Promise.all([
    Promise.all(phases.map((phase) => phasePriceContext(ctx, phase, now))),
    surfaceRefusal(ctx, collection, phases, "optional"),
  ]);
  const stats = supplyStats(collection.totalSupply, minted);
  const soldOut = (phase: PhaseRow) => isDropSoldOut(stats) || isPhaseSoldOut(phase, mintedByPhase[phase.id] ?? 0);
  // Derived from the drop and its payment tokens as they are: the rule prepare-mint refuses by.
  const supportedBySurface = refusal === null;
  return {
    collection: {
      id: collection.id,
      shortId: collection.shortId,
      name: collection.name,
      symbol: collection.symbol,
      description: collection.description,
      image: url(collection.image),
      bannerImage: url(collection.bannerImage),
      chain: collection.chain,
      collectionAddress: collection.collectionAddress,
      // Solana has no contract per drop (the token programs are shared): the drop's on-chain
      // address is its collection mint, unless the drop records a contract of its own.
      contractAddress:
        collection.contractAddress ?? (collection.chain.startsWith("solana-") ? collection.collectionAddress : null),
      externalUrl: collection.externalUrl,
      twitter: collection.twitter,
      discord: collection.discord,
      isVerified: collection.isVerified,
      fairness: fairnessView(collection, { minted, phases }, ctx.publicBaseUrl, now),
    },
    stats,
    phases: groupPhasesByStatus(
      phases.map((phase, i) => toPhaseView(phase, now, { price: prices[i], soldOut: soldOut(phase) })),
    ),
    capabilities: {
      requiresFeatures: requiredFeatures(collection.requiresFeatures, hasClaimCodes),
      supportedBySurface,
      mintUrl: supportedBySurface ? null : url(collection.mintUrl),
    },
    serverTime: now.toISOString(),
  };
}

// Reading a collection (a drop) as the v1 Collection response: record, supply stats,
// phases on the server clock, capabilities and the server time.
import type { Db } from "@/lib/db/client";
import type { Collection, Phase as PhaseRow } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/api/api-error";
import { groupPhasesByStatus, phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceContext } from "@/lib/domain/price-display";
import { supplyStats } from "@/lib/domain/supply";
import { dutchBoundsOf } from "@/lib/domain/phase-config";
import type { CollectionView, Phase } from "@/lib/schemas/collection";
import type { Config } from "@/lib/config";
import { toPublicUrl } from "./public-url";
import { quoteDutchPhase } from "./dutch-price";
import { quotePeggedPhase } from "./pegged-price";

/** NFTs minted from the drop: burned ones still count; an edition's master never does. */
export async function countMinted(db: Db, collectionId: string): Promise<number> {
  return db.nft.count({ where: { collectionId, isMasterEdition: false, status: { in: ["minted", "burned"] } } });
}

export async function getCollectionOrThrow(db: Db, collectionId: string): Promise<Collection> {
  const collection = await db.collection.findUnique({ where: { id: collectionId } });
  if (!collection) throw new ApiError("COLLECTION_NOT_FOUND", "No collection matches that identifier.");
  return collection;
}

export function toPhaseView(phase: PhaseRow, now: Date, price: PriceContext = { dutchBounds: dutchBoundsOf(phase) }): Phase {
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
    msUntilStart: timing.msUntilStart,
    msUntilEnd: timing.msUntilEnd,
  };
}

/**
 * What a phase's display price depends on beyond its row: the live dutch price and the
 * pegged quote, by the same functions the price endpoints and prepare-mint use. When they
 * cannot be had (no token price, broken settings) the display falls back to the dutch
 * range or `unknown`, never to 0.
 */
async function priceContextOf(db: Db, config: Config, phase: PhaseRow, now: Date): Promise<PriceContext> {
  const fallback: PriceContext = { dutchBounds: dutchBoundsOf(phase) };
  try {
    if (phase.priceModel === "dutch") return { ...fallback, dutchLivePrice: (await quoteDutchPhase(db, phase, now)).quote.price };
    if (phase.priceModel === "pegged") {
      const quote = await quotePeggedPhase(config, phase, now.getTime());
      return { peggedQuote: { amount: quote.tokenAmountRaw, currency: quote.tokenSymbol, decimals: quote.tokenDecimals } };
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
  return fallback;
}

/** The full v1 Collection response for one collection at `now`. */
export async function getCollectionView(
  db: Db,
  collectionId: string,
  options: { now: Date; config: Config },
): Promise<CollectionView> {
  const [collection, phases, minted] = await Promise.all([
    getCollectionOrThrow(db, collectionId),
    db.phase.findMany({ where: { collectionId }, orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }] }),
    countMinted(db, collectionId),
  ]);
  const url = (value: string | null) => toPublicUrl(value, options.config.publicUrl);
  const prices = await Promise.all(phases.map((phase) => priceContextOf(db, options.config, phase, options.now)));
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
      contractAddress: collection.contractAddress,
      externalUrl: collection.externalUrl,
      twitter: collection.twitter,
      discord: collection.discord,
      isVerified: collection.isVerified,
    },
    stats: supplyStats(collection.totalSupply, minted),
    phases: groupPhasesByStatus(phases.map((phase, i) => toPhaseView(phase, options.now, prices[i]))),
    capabilities: {
      requiresFeatures: collection.requiresFeatures,
      supportedBySurface: collection.supportedBySurface,
      mintUrl: collection.supportedBySurface ? null : url(collection.mintUrl),
    },
    serverTime: options.now.toISOString(),
  };
}

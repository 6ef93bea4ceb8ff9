// The response parts the documents name (components/schemas), so a reader and a code
// generator see `Phase` or `MintedNft` once instead of the same object inlined everywhere;
// and the schema of each path parameter, by its name in the path template.
import type { z } from "zod";
import { bountyItemSchema, bountySectionSchema, inventoryItemSchema, poolSectionSchema } from "@/lib/schemas/bounties";
import {
  capabilitiesSchema,
  collectionRecordSchema,
  collectionResponseSchema,
  collectionStatsSchema,
  phaseSchema,
  priceDisplaySchema,
} from "@/lib/schemas/collection";
import { collectionIdentifierSchema, solanaAddressSchema, uuidSchema } from "@/lib/schemas/common";
import { collectionSummarySchema, searchResultSchema } from "@/lib/schemas/discovery";
import { galleryNftSchema } from "@/lib/schemas/gallery";
import { leaderboardEntrySchema } from "@/lib/schemas/leaderboards";
import { batchTransactionResultSchema, mintPricingSchema, mintedNftSchema } from "@/lib/schemas/mint";
import { mintedItemSchema, nftBountySchema, recentMintSchema } from "@/lib/schemas/minted-items";
import { profileEffectSchema } from "@/lib/schemas/profile";
import { preLaunchCollectionResponseSchema } from "@/lib/schemas/public-collection";
import { traitSchema } from "@/lib/schemas/traits";
import { walletPhaseMintsSchema } from "@/lib/schemas/wallet-mints";
import { requestSchema, type JsonSchema } from "./json-schemas";

export const NAMED_RESPONSE_PARTS: ReadonlyArray<readonly [string, z.ZodType]> = [
  ["PriceDisplay", priceDisplaySchema],
  ["Phase", phaseSchema],
  ["Capabilities", capabilitiesSchema],
  ["CollectionStats", collectionStatsSchema],
  ["CollectionRecord", collectionRecordSchema],
  ["CollectionResponse", collectionResponseSchema],
  ["PreLaunchCollectionResponse", preLaunchCollectionResponseSchema],
  ["WalletPhaseMints", walletPhaseMintsSchema],
  ["GalleryNft", galleryNftSchema],
  ["ProfileEffect", profileEffectSchema],
  ["NftBounty", nftBountySchema],
  ["MintedItem", mintedItemSchema],
  ["RecentMint", recentMintSchema],
  ["Trait", traitSchema],
  ["LeaderboardEntry", leaderboardEntrySchema],
  ["BountySection", bountySectionSchema],
  ["BountyItem", bountyItemSchema],
  ["InventoryItem", inventoryItemSchema],
  ["PoolSection", poolSectionSchema],
  ["MintPricing", mintPricingSchema],
  ["MintedNft", mintedNftSchema],
  ["BatchTransactionResult", batchTransactionResultSchema],
  ["CollectionSummary", collectionSummarySchema],
  ["SearchResult", searchResultSchema],
];

/** `{identifier}` and `{collectionId}` name a drop; `{phaseId}` a phase; `{walletAddress}` a wallet. */
const PATH_PARAMETERS: Record<string, z.ZodType> = {
  identifier: collectionIdentifierSchema,
  collectionId: collectionIdentifierSchema,
  phaseId: uuidSchema,
  walletAddress: solanaAddressSchema,
};

export function pathParameterSchema(name: string): JsonSchema {
  const schema = PATH_PARAMETERS[name];
  if (!schema) throw new Error(`no schema for the path parameter {${name}}`);
  return requestSchema(schema);
}

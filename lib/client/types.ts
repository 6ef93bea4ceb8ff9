// Wire types the browser reads. Type-only re-exports of the zod schemas in lib/schemas (one
// source of truth), so no zod code reaches the browser bundle.
export type { Cluster } from "@/lib/config";
export type { CollectionResponse, CollectionView, Phase } from "@/lib/schemas/collection";
export type { PriceDisplay } from "@/lib/domain/price-display";
export type { EligibilityResponse } from "@/lib/schemas/eligibility";
export type { WalletMintsResponse, WalletPhaseMints } from "@/lib/schemas/wallet-mints";
export type { AvailabilityView } from "@/lib/schemas/availability";
export type { GalleryView, GalleryNft } from "@/lib/schemas/gallery";
export type { AllMintedView, RecentlyMintedView, MintedItem, RecentMint } from "@/lib/schemas/minted-items";
export type { TraitsView } from "@/lib/schemas/traits";
export type { TopHoldersView, TopMintersView, LeaderboardEntry } from "@/lib/schemas/leaderboards";
export type { BountySummaryView, BountyPrizesView, BountySection, PoolSection, BountyItem, InventoryItem } from "@/lib/schemas/bounties";
export type { ClaimCodeConfig, ClaimCodeCheck, ClaimCodeBenefitsResponse } from "@/lib/schemas/claim-codes";
export type { PrepareMintBody, PreparedMintResponse, MintPricing, ExecuteMintResult, ExecuteMintBatchResponse, BatchTransactionResult, MintedNft } from "@/lib/schemas/mint";
export type { SearchResult } from "@/lib/schemas/discovery";
export type { RootResponse } from "@/lib/schemas/root";
export type { TokenPricesResponse } from "@/lib/schemas/token-prices";
export type { DutchPriceResponse } from "@/lib/schemas/dutch-price";
export type { PeggedPriceResponse } from "@/lib/schemas/pegged-price";

export type AllMintedSort = "newest" | "oldest" | "popular";

// Wire types the client reads and sends, named as the spec names them. They come from the
// OpenAPI documents (wire/*.ts, generated from the zod schemas by `npm run client:types`),
// so the package partners install needs no zod, and a schema change reaches it through the
// document like everything else.
import type { components as V1 } from "./wire/v1.ts";
import type { components as FirstParty } from "./wire/public.ts";

type S = V1["schemas"];
/** A v1 body as a service builds it: without the envelope's `success`. */
type View<T> = Omit<T, "success">;

export type ErrorCode = S["ErrorCode"];
export type ErrorEnvelope = S["ErrorEnvelope"];
export type RootResponse = S["GetRootResponse"];
export type CollectionResponse = S["CollectionResponse"];
export type CollectionView = View<CollectionResponse>;
export type PreLaunchCollectionResponse = S["PreLaunchCollectionResponse"];
export type Phase = S["Phase"];
export type PriceDisplay = S["PriceDisplay"];
export type EligibilityResponse = S["GetEligibilityResponse"];
export type WalletMintsResponse = S["GetWalletMintsResponse"];
export type WalletPhaseMints = S["WalletPhaseMints"];
export type AvailabilityView = View<S["GetAvailabilityResponse"]>;
export type GalleryView = View<S["GetGalleryResponse"]>;
export type GalleryNft = S["GalleryNft"];
export type AllMintedView = View<S["GetAllMintedResponse"]>;
export type RecentlyMintedView = View<S["GetRecentlyMintedResponse"]>;
export type MintedItem = S["MintedItem"];
export type RecentMint = S["RecentMint"];
export type TraitsView = View<S["GetTraitsResponse"]>;
export type TopHoldersView = View<S["GetTopHoldersResponse"]>;
export type TopMintersView = View<S["GetTopMintersResponse"]>;
export type LeaderboardEntry = S["LeaderboardEntry"];
export type BountySummaryView = View<S["GetBountySummaryResponse"]>;
export type BountyPrizesView = S["GetBountyPrizesResponse"] extends infer U
  ? U extends unknown
    ? View<U>
    : never
  : never;
export type BountySection = S["BountySection"];
export type PoolSection = S["PoolSection"];
export type BountyItem = S["BountyItem"];
export type InventoryItem = S["InventoryItem"];
export type ClaimCodeConfig = S["GetClaimCodeConfigResponse"];
export type ClaimCodeCheck = S["ValidateClaimCodeResponse"];
export type ClaimCodeBenefitsResponse = S["GetClaimCodeBenefitsResponse"];
export type TokenPricesResponse = S["GetTokenPricesResponse"];
export type DutchPriceResponse = S["GetDutchPriceResponse"];
export type PeggedPriceResponse = S["GetPeggedPriceResponse"];
export type PrepareMintBody = S["PrepareMintRequest"];
export type PreparedMintResponse = S["PrepareMintResponse"];
export type MintPricing = S["MintPricing"];
export type ExecuteMintResult = S["ExecuteMintResponse"];
export type ExecuteMintBatchResponse = S["ExecuteMintBatchResponse"];
export type BatchTransactionResult = S["BatchTransactionResult"];
export type MintedNft = S["MintedNft"];
/** First-party search results (GET /api/public/collections/search). */
export type SearchResult = FirstParty["schemas"]["SearchResult"];

export type AllMintedSort = "newest" | "oldest" | "popular";

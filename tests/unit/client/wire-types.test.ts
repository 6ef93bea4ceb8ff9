// The client's wire types are generated from the OpenAPI documents (npm run client:types):
// they are current, and what each route's zod schema lets the service send is assignable to
// the type the client declares for it (checked by tsc, which reads this file too).
import { readFileSync } from "node:fs";
import type { z } from "zod";
import { describe, expect, it } from "vitest";
import type * as T from "@/lib/client/types";
import type { v1Operations } from "@/lib/api/contract/v1-operations";
import type { searchResultSchema } from "@/lib/schemas/discovery";
import { WIRE_TYPES_FILES, wireTypesSource } from "../../../scripts/client-types";

type Sent<K extends keyof typeof v1Operations> = z.output<(typeof v1Operations)[K]["response"]>;
type Fits<From, To> = [From] extends [To] ? true : false;

// Each line fails to compile when a schema sends something its client type does not allow.
export const SERVICE_BODIES_FIT_CLIENT_TYPES: true[] = [
  true satisfies Fits<Sent<"getRoot">, T.RootResponse>,
  true satisfies Fits<Sent<"getCollection">, T.CollectionResponse | T.PreLaunchCollectionResponse>,
  true satisfies Fits<Sent<"getEligibility">, T.EligibilityResponse>,
  true satisfies Fits<Sent<"getWalletMints">, T.WalletMintsResponse>,
  true satisfies Fits<Sent<"getAvailability">, T.AvailabilityView & { success: true }>,
  true satisfies Fits<Sent<"getGallery">, T.GalleryView & { success: true }>,
  true satisfies Fits<Sent<"getRecentlyMinted">, T.RecentlyMintedView & { success: true }>,
  true satisfies Fits<Sent<"getAllMinted">, T.AllMintedView & { success: true }>,
  true satisfies Fits<Sent<"getTraits">, T.TraitsView & { success: true }>,
  true satisfies Fits<Sent<"getTopHolders">, T.TopHoldersView & { success: true }>,
  true satisfies Fits<Sent<"getTopMinters">, T.TopMintersView & { success: true }>,
  true satisfies Fits<Sent<"getBountySummary">, T.BountySummaryView & { success: true }>,
  true satisfies Fits<Sent<"getClaimCodeConfig">, T.ClaimCodeConfig>,
  true satisfies Fits<Sent<"getClaimCodeBenefits">, T.ClaimCodeBenefitsResponse>,
  true satisfies Fits<Sent<"validateClaimCode">, T.ClaimCodeCheck>,
  true satisfies Fits<Sent<"getTokenPrices">, T.TokenPricesResponse>,
  true satisfies Fits<Sent<"getPeggedPrice">, T.PeggedPriceResponse>,
  true satisfies Fits<Sent<"getDutchPrice">, T.DutchPriceResponse>,
  true satisfies Fits<Sent<"prepareMint">, T.PreparedMintResponse>,
  true satisfies Fits<Sent<"executeMint">, T.ExecuteMintResult>,
  true satisfies Fits<Sent<"executeMintBatch">, T.ExecuteMintBatchResponse>,
  true satisfies Fits<z.output<typeof searchResultSchema>, T.SearchResult>,
];

describe("the client's wire types", () => {
  it.each(["v1", "public"] as const)(
    "are current for the %s document (npm run client:types writes nothing new)",
    async (router) => {
      expect(readFileSync(WIRE_TYPES_FILES[router], "utf8"), "run `npm run client:types`").toBe(
        await wireTypesSource(router),
      );
    },
  );
});

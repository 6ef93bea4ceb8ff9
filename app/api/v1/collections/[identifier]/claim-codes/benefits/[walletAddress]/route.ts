// GET /api/v1/collections/{collectionId}/claim-codes/benefits/{walletAddress}?phaseId&blockchain&packTierId
// — Claim code benefits. Bare envelope: the body carries its own success (false when the lookup failed).
import { v1Route } from "@/lib/api/v1-route";
import { claimCodeBenefitsResponseSchema, getClaimCodeBenefitsParamsSchema, getClaimCodeBenefitsQuerySchema } from "@/lib/schemas/claim-codes";
import { getClaimCodeBenefits } from "@/lib/services/claim-codes";

export const GET = v1Route(
  {
    scope: "collection",
    kind: "read",
    params: getClaimCodeBenefitsParamsSchema,
    query: getClaimCodeBenefitsQuerySchema,
    response: claimCodeBenefitsResponseSchema,
    envelope: "bare",
  },
  ({ ctx, collection, params, query }) => getClaimCodeBenefits(ctx, { collectionId: collection.id, walletAddress: params.walletAddress, ...query }),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { v1MethodNotAllowed as POST, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE, v1Preflight as OPTIONS } from "@/lib/api/v1-route";

// GET /api/v1/collections/{collectionId}/claim-codes/benefits/{walletAddress}?phaseId&blockchain&packTierId
// — Claim code benefits. Bare envelope: the body carries its own success (false when the lookup failed).
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getClaimCodeBenefits } from "@/lib/services/claim-codes";

export const GET = v1Route(v1Operations.getClaimCodeBenefits, ({ ctx, collection, params, query }) =>
  getClaimCodeBenefits(ctx, { collectionId: collection.id, walletAddress: params.walletAddress, ...query }),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

// GET /api/v1/collections/{collectionId}/claim-codes — the Claim code config (no success member).
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getClaimCodeConfig } from "@/lib/services/claim-codes";

export const GET = v1Route(v1Operations.getClaimCodeConfig, ({ ctx, collection }) =>
  getClaimCodeConfig(ctx, collection.id),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

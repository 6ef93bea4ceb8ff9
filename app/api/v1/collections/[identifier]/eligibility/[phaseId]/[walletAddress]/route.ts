// GET /api/v1/collections/{collectionId}/eligibility/{phaseId}/{walletAddress} — the Eligibility response.
// A gated phase reads the wallet's holdings from the chain, which spends the per-IP chain budget.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getEligibility } from "@/lib/services/eligibility";

export const GET = v1Route(v1Operations.getEligibility, ({ ctx, collection, params }) =>
  getEligibility(ctx, { collectionId: collection.id, phaseId: params.phaseId, walletAddress: params.walletAddress }),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

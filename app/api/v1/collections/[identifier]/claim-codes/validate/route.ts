// POST /api/v1/collections/{collectionId}/claim-codes/validate {code} — the Claim code check.
// Read-only, bare envelope, and rate-limited per IP and per caller on the drop on top of the read budget.
import { claimCodeCheckBudgets } from "@/lib/api/budgets";
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { checkClaimCode } from "@/lib/services/claim-codes";

export const POST = v1Route(
  {
    ...v1Operations.validateClaimCode,
    budgets: ({ config, caller, collection }) => claimCodeCheckBudgets(config, caller, collection.id),
  },
  ({ ctx, collection, body }) => checkClaimCode(ctx, collection.id, body.code),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

// POST /api/public/code/validate {collection, code} — the read-only claim-code check; {valid, error?}, no success envelope.
// Same format limits and the same per-IP and per-drop budgets as the partner validate.
import { claimCodeCheckBudgets } from "@/lib/api/budgets";
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { checkCodeForSite } from "@/lib/services/code-validate";

export const POST = publicRoute(
  {
    ...publicOperations.validateCode,
    collection: "body",
    budgets: ({ config, caller, collection }) => claimCodeCheckBudgets(config, caller, collection.id),
  },
  ({ ctx, collection, body }) => checkCodeForSite(ctx, collection.id, body.code),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as GET,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

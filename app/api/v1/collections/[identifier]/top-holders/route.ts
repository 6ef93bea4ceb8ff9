// GET /api/v1/collections/{identifier}/top-holders — who holds the drop's NFTs now, read from the chain
// (reused for HOLDERS_CACHE_SECONDS); every request spends the per-IP chain budget.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getTopHolders } from "@/lib/services/leaderboards";

export const GET = v1Route(v1Operations.getTopHolders, ({ ctx, collection }) => getTopHolders(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

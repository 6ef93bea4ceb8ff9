// GET /api/v1/collections/{identifier}/top-minters — who minted the most from the drop, bonus mints included.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getTopMinters } from "@/lib/services/leaderboards";

export const GET = v1Route(v1Operations.getTopMinters, ({ ctx, collection }) => getTopMinters(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

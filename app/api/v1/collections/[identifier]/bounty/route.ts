// GET /api/v1/collections/{identifier}/bounty — the bounty summary: what is still to win.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getBountySummary } from "@/lib/services/bounties";

export const GET = v1Route(v1Operations.getBountySummary, ({ ctx, collection }) =>
  getBountySummary(ctx, collection.id),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

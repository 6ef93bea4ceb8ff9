// GET /api/v1/collections/{identifier}/bounty-prizes — the prize board: sections, inventory preview and recurring pools.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getBountyPrizes } from "@/lib/services/bounties";

export const GET = v1Route(v1Operations.getBountyPrizes, ({ ctx, collection }) => getBountyPrizes(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

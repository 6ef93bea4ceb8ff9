// GET /api/v1/collections/{identifier}/top-holders — who holds the drop's NFTs now, read from the chain
// (reused for HOLDERS_CACHE_SECONDS); every request spends the per-IP chain budget.
import { v1Route } from "@/lib/api/v1-route";
import { topHoldersResponseSchema } from "@/lib/schemas/leaderboards";
import { getTopHolders } from "@/lib/services/leaderboards";

export const GET = v1Route({ scope: "collection", kind: "chain-read", response: topHoldersResponseSchema }, ({ ctx, collection }) => getTopHolders(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

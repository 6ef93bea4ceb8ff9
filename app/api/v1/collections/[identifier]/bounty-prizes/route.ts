// GET /api/v1/collections/{identifier}/bounty-prizes — the prize board: sections, inventory preview and recurring pools.
import { v1Route } from "@/lib/api/v1-route";
import { bountyPrizesResponseSchema } from "@/lib/schemas/bounties";
import { getBountyPrizes } from "@/lib/services/bounties";

export const GET = v1Route({ scope: "collection", kind: "read", response: bountyPrizesResponseSchema }, ({ ctx, collection }) => getBountyPrizes(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

// GET /api/v1/collections/{identifier}/bounty — the bounty summary: what is still to win.
import { v1Route } from "@/lib/api/v1-route";
import { bountySummaryResponseSchema } from "@/lib/schemas/bounties";
import { getBountySummary } from "@/lib/services/bounties";

export const GET = v1Route({ scope: "collection", kind: "read", response: bountySummaryResponseSchema }, ({ ctx, collection }) => getBountySummary(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

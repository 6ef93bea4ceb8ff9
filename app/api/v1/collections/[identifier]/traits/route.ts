// GET /api/v1/collections/{identifier}/traits — trait value statistics (hidden before a delayed reveal).
import { v1Route } from "@/lib/api/v1-route";
import { traitsResponseSchema } from "@/lib/schemas/traits";
import { getTraits } from "@/lib/services/traits";

export const GET = v1Route({ scope: "collection", kind: "read", response: traitsResponseSchema }, ({ ctx, collection }) => getTraits(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

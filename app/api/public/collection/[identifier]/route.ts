// GET /api/public/collection/{identifier} — the full collection (status "live") or the pre-launch envelope.
import { publicRoute } from "@/lib/api/public-route";
import { publicCollectionResponseSchema } from "@/lib/schemas/public-collection";
import { getPublicCollection } from "@/lib/services/public-collection";

export const GET = publicRoute({ collection: true, response: publicCollectionResponseSchema }, ({ ctx, collection }) => getPublicCollection(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

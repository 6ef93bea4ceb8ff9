// GET /api/public/collection/{identifier} — the full collection (status "live") or the pre-launch envelope.
import { publicRoute } from "@/lib/api/public-route";
import { publicCollectionResponseSchema } from "@/lib/schemas/public-collection";
import { getPublicCollection } from "@/lib/services/public-collection";

export const GET = publicRoute({ collection: true, response: publicCollectionResponseSchema }, ({ ctx, collection }) => getPublicCollection(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/collection/{identifier} — the full collection (status "live") or the pre-launch envelope.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getPublicCollection } from "@/lib/services/public-collection";

export const GET = publicRoute({ ...publicOperations.getPublicCollection, collection: true }, ({ ctx, collection }) =>
  getPublicCollection(ctx, collection.id),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/v1/collections/{identifier} — the Collection response; without a key, a drop not
// launched yet is refused with 403 COLLECTION_NOT_LAUNCHED (one shape or a documented error,
// never a third: the teaser envelope is the first-party router's).
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getCollectionView } from "@/lib/services/collections";

export const GET = v1Route(v1Operations.getCollection, ({ ctx, collection }) => getCollectionView(ctx, collection.id));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

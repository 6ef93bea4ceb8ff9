// GET /api/v1/collections/{identifier} — the Collection response; without a key, a drop not
// launched yet answers the public site's pre-launch envelope.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getCollectionView } from "@/lib/services/collections";
import { getPublicCollection } from "@/lib/services/public-collection";

export const GET = v1Route(
  { ...v1Operations.getCollection, preLaunch: ({ ctx, collection }) => getPublicCollection(ctx, collection.id) },
  ({ ctx, collection }) => getCollectionView(ctx, collection.id),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

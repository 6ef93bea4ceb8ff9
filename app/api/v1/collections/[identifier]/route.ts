// GET /api/v1/collections/{identifier} — the Collection response.
import { v1Route } from "@/lib/api/v1-route";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { getCollectionView } from "@/lib/services/collections";

export const GET = v1Route({ scope: "collection", kind: "read", response: collectionResponseSchema }, ({ runtime, collection }) =>
  getCollectionView(runtime.database.prisma, collection.id, { now: new Date(), config: runtime.config }),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { v1MethodNotAllowed as POST, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE, v1Preflight as OPTIONS } from "@/lib/api/v1-route";

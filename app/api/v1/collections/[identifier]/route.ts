// GET /api/v1/collections/{identifier} — the Collection response.
import { v1Preflight, v1Route } from "@/lib/api/v1-route";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { getCollectionView } from "@/lib/services/collections";

export const GET = v1Route({ scope: "collection", kind: "read", response: collectionResponseSchema }, ({ runtime, collection }) =>
  getCollectionView(runtime.database.prisma, collection.id, { now: new Date(), publicBaseUrl: runtime.config.publicUrl }),
);

export const OPTIONS = v1Preflight;

// GET /api/v1/collections/{identifier}/recently-minted — the latest mints, newest first (without
// a key, an empty feed before launch, as on the public site).
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getRecentlyMinted } from "@/lib/services/minted-items";

export const GET = v1Route(
  {
    ...v1Operations.getRecentlyMinted,
    preLaunch: async ({ ctx, collection, query }) => ({
      ...(await getRecentlyMinted(ctx, collection.id, query)),
      nfts: [],
      total: 0,
    }),
  },
  ({ ctx, collection, query }) => getRecentlyMinted(ctx, collection.id, query),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

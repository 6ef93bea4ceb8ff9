// GET /api/v1/collections/{identifier}/gallery — the NFTs that can still be minted (without a
// key, an empty page before launch, as on the public site).
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getGallery } from "@/lib/services/gallery";

export const GET = v1Route(
  {
    ...v1Operations.getGallery,
    preLaunch: ({ query }) => ({ nfts: [], total: 0, limit: query.limit, offset: query.offset }),
  },
  ({ ctx, collection, query }) => getGallery(ctx, collection.id, query),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

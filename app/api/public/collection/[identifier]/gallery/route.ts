// GET /api/public/collection/{identifier}/gallery — mintable NFTs, or minted ones with mintedOnly=true; empty before launch.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getGallery } from "@/lib/services/gallery";
import { isCollectionLaunched } from "@/lib/services/public-collection";

export const GET = publicRoute(
  { ...publicOperations.getPublicGallery, collection: true },
  async ({ ctx, collection, query }) => {
    if (!(await isCollectionLaunched(ctx, collection.id)))
      return { nfts: [], total: 0, limit: query.limit, offset: query.offset };
    return getGallery(ctx, collection.id, query);
  },
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

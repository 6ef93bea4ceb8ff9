// GET /api/public/collection/{identifier}/recently-minted — the latest mints, newest first; empty before launch.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getRecentlyMinted } from "@/lib/services/minted-items";
import { isCollectionLaunched } from "@/lib/services/public-collection";

export const GET = publicRoute(
  { ...publicOperations.getPublicRecentlyMinted, collection: true },
  async ({ ctx, collection, query }) => {
    const view = await getRecentlyMinted(ctx, collection.id, query);
    return (await isCollectionLaunched(ctx, collection.id)) ? view : { ...view, nfts: [], total: 0 };
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

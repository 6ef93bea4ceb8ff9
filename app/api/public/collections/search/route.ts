// GET /api/public/collections/search?q= — published drops whose name, symbol or short ID contains q (case-insensitive).
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { searchCollections } from "@/lib/services/collection-search";

export const GET = publicRoute(publicOperations.searchCollections, ({ ctx, query }) => searchCollections(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

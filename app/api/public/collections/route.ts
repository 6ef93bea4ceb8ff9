// GET /api/public/collections — every drop, paginated; filters blockchain and status (server clock).
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { listCollections } from "@/lib/services/discovery-feeds";

export const GET = publicRoute(publicOperations.listCollections, ({ ctx, query }) => listCollections(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/upcoming-mints — drops whose next phase is still to come, and pre-launch drops.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getUpcomingMints } from "@/lib/services/discovery-feeds";

export const GET = publicRoute(publicOperations.getUpcomingMints, ({ ctx, query }) => getUpcomingMints(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/recent-soldouts — sold-out drops, latest sell-out first; no success member.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getRecentSoldouts } from "@/lib/services/discovery-feeds";

export const GET = publicRoute(publicOperations.getRecentSoldouts, ({ ctx, query }) => getRecentSoldouts(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/trending — published drops ranked by landed mints in the last 24 h (type "mints_24h").
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getTrending } from "@/lib/services/discovery-feeds";

export const GET = publicRoute(publicOperations.getTrending, ({ ctx, query }) => getTrending(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/trending — published drops ranked by landed mints in the last 24 h (type "mints_24h").
import { publicRoute } from "@/lib/api/public-route";
import { discoveryQuerySchema, trendingResponseSchema } from "@/lib/schemas/discovery";
import { getTrending } from "@/lib/services/discovery-feeds";

export const GET = publicRoute({ query: discoveryQuerySchema, response: trendingResponseSchema }, ({ ctx, query }) => getTrending(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/recent-soldouts — sold-out drops, latest sell-out first; no success member.
import { publicRoute } from "@/lib/api/public-route";
import { discoveryQuerySchema, recentSoldoutsResponseSchema } from "@/lib/schemas/discovery";
import { getRecentSoldouts } from "@/lib/services/discovery-feeds";

export const GET = publicRoute({ query: discoveryQuerySchema, response: recentSoldoutsResponseSchema, envelope: "bare" }, ({ ctx, query }) => getRecentSoldouts(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

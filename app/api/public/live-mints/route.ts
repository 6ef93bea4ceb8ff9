// GET /api/public/live-mints — published drops with a phase active now, paginated.
import { publicRoute } from "@/lib/api/public-route";
import { discoveryQuerySchema, liveMintsResponseSchema } from "@/lib/schemas/discovery";
import { getLiveMints } from "@/lib/services/discovery-feeds";

export const GET = publicRoute({ query: discoveryQuerySchema, response: liveMintsResponseSchema }, ({ ctx, query }) => getLiveMints(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

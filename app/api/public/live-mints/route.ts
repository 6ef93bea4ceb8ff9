// GET /api/public/live-mints — published drops with a phase active now, paginated.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getLiveMints } from "@/lib/services/discovery-feeds";

export const GET = publicRoute(publicOperations.getLiveMints, ({ ctx, query }) => getLiveMints(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

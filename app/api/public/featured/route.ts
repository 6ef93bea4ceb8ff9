// GET /api/public/featured — drops the operator flagged (Collection.isFeatured), paginated.
import { publicRoute } from "@/lib/api/public-route";
import { discoveryQuerySchema, featuredResponseSchema } from "@/lib/schemas/discovery";
import { getFeatured } from "@/lib/services/discovery-feeds";

export const GET = publicRoute({ query: discoveryQuerySchema, response: featuredResponseSchema }, ({ ctx, query }) => getFeatured(ctx, query));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

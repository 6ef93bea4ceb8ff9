// GET /api/public/openapi.json — the first-party router's OpenAPI 3.1 document, marked internal.
import { publicOpenApiRoute } from "@/lib/api/openapi-route";

export const GET = publicOpenApiRoute;

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

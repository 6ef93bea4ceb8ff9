// GET /api/v1/openapi.json — the partner contract as an OpenAPI 3.1 document, generated from the zod schemas.
import { v1OpenApiRoute } from "@/lib/api/openapi-route";

export const GET = v1OpenApiRoute;

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

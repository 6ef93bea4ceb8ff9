// GET /api/v1 — version banner; names no collection.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { API_STABILITY, API_VERSION } from "@/lib/api/version";

export const GET = v1Route(v1Operations.getRoot, ({ ctx }) => ({
  version: API_VERSION,
  stability: API_STABILITY,
  docs: `${ctx.config.publicUrl}/api/v1/openapi.json`,
  reference: `${ctx.config.publicUrl}/docs`,
}));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

// GET /api/v1 — version banner; names no collection. Without a key it answers 401
// API_KEY_REQUIRED, whose body names the same two links (lib/api/auth.ts).
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { API_STABILITY, API_VERSION, discoveryLinks } from "@/lib/api/version";

export const GET = v1Route(v1Operations.getRoot, ({ ctx }) => ({
  version: API_VERSION,
  stability: API_STABILITY,
  ...discoveryLinks(ctx.config.publicUrl),
}));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

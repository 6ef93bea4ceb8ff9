// GET /api/v1/phases/{phaseId}/dutch-price — the Dutch price, scoped through the phase's own drop.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getDutchPrice } from "@/lib/services/dutch-price";

export const GET = v1Route(v1Operations.getDutchPrice, ({ ctx, params }) =>
  getDutchPrice(ctx, params.phaseId.toLowerCase()),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

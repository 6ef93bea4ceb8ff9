// GET /api/v1/token-prices — Token prices. Global: names no drop, so any key may read it.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getTokenPrices } from "@/lib/services/token-prices";

export const GET = v1Route(v1Operations.getTokenPrices, ({ ctx }) => getTokenPrices(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

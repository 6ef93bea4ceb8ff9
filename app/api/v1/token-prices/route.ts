// GET /api/v1/token-prices — Token prices. Global: names no drop, so any key may read it.
import { v1Route } from "@/lib/api/v1-route";
import { tokenPricesResponseSchema } from "@/lib/schemas/token-prices";
import { getTokenPrices } from "@/lib/services/token-prices";

export const GET = v1Route({ scope: "none", kind: "read", response: tokenPricesResponseSchema }, ({ ctx }) => getTokenPrices(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { v1MethodNotAllowed as POST, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE, v1Preflight as OPTIONS } from "@/lib/api/v1-route";

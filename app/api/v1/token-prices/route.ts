// GET /api/v1/token-prices — Token prices. Global: names no drop, so any key may read it.
import { v1Route } from "@/lib/api/v1-route";
import { tokenPricesResponseSchema } from "@/lib/schemas/token-prices";
import { getTokenPrices } from "@/lib/services/token-prices";

export const GET = v1Route({ scope: "none", kind: "read", response: tokenPricesResponseSchema }, ({ ctx }) => getTokenPrices(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

// GET /api/public/token-prices — the same snapshot as /api/v1/token-prices, for the site.
import { publicRoute } from "@/lib/api/public-route";
import { tokenPricesResponseSchema } from "@/lib/schemas/token-prices";
import { getTokenPrices } from "@/lib/services/token-prices";

export const GET = publicRoute({ response: tokenPricesResponseSchema }, ({ ctx }) => getTokenPrices(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

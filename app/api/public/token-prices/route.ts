// GET /api/public/token-prices — the same snapshot as /api/v1/token-prices, for the site.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getTokenPrices } from "@/lib/services/token-prices";

export const GET = publicRoute(publicOperations.getPublicTokenPrices, ({ ctx }) => getTokenPrices(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

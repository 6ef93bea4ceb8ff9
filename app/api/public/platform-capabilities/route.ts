// GET /api/public/platform-capabilities — what this deployment offers (chains, optional features).
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getPlatformCapabilities } from "@/lib/services/platform-capabilities";

export const GET = publicRoute(publicOperations.getPlatformCapabilities, ({ ctx }) => getPlatformCapabilities(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/platform-capabilities — what this deployment offers (chains, optional features).
import { publicRoute } from "@/lib/api/public-route";
import { platformCapabilitiesResponseSchema } from "@/lib/schemas/platform-capabilities";
import { getPlatformCapabilities } from "@/lib/services/platform-capabilities";

export const GET = publicRoute({ response: platformCapabilitiesResponseSchema }, ({ ctx }) => getPlatformCapabilities(ctx));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/profiles/{address} — a wallet's public profile, its avatar re-checked on the chain.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getProfileView } from "@/lib/services/profile-edit";

export const GET = publicRoute({ ...publicOperations.getProfile }, ({ ctx, params }) =>
  getProfileView(ctx, params.address),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// GET /api/public/nft/{identifier} — one NFT by mint address, contract:tokenId, or token id (with ?collection= when several drops have it); UUIDs refused.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { getNft, parseNftIdentifier } from "@/lib/services/nft-lookup";

export const GET = publicRoute(publicOperations.getNft, ({ ctx, params, query }) =>
  getNft(ctx, parseNftIdentifier(params.identifier, query.collection)),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

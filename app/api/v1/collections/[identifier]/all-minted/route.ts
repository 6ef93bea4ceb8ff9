// GET /api/v1/collections/{identifier}/all-minted — every minted NFT, paginated, sortable and searchable.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { getAllMinted } from "@/lib/services/minted-items";

export const GET = v1Route(v1Operations.getAllMinted, ({ ctx, collection, query }) =>
  getAllMinted(ctx, collection.id, query),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as POST,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

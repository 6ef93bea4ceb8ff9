// GET /api/v1/collections/{identifier}/all-minted — every minted NFT, paginated, sortable and searchable.
import { v1Route } from "@/lib/api/v1-route";
import { allMintedResponseSchema, getAllMintedQuerySchema } from "@/lib/schemas/minted-items";
import { getAllMinted } from "@/lib/services/minted-items";

export const GET = v1Route({ scope: "collection", kind: "read", query: getAllMintedQuerySchema, response: allMintedResponseSchema }, ({ ctx, collection, query }) =>
  getAllMinted(ctx, collection.id, query),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

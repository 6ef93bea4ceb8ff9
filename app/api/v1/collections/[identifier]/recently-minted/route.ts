// GET /api/v1/collections/{identifier}/recently-minted — the latest mints, newest first (without
// a key, an empty feed before launch, as on the public site).
import { v1Route } from "@/lib/api/v1-route";
import { getRecentlyMintedQuerySchema, recentlyMintedResponseSchema } from "@/lib/schemas/minted-items";
import { getRecentlyMinted } from "@/lib/services/minted-items";

export const GET = v1Route(
  {
    scope: "collection",
    kind: "read",
    query: getRecentlyMintedQuerySchema,
    response: recentlyMintedResponseSchema,
    preLaunch: async ({ runtime, collection, query }) => ({
      ...(await getRecentlyMinted(runtime.database.prisma, collection.id, { ...query, now: new Date(), publicBaseUrl: runtime.config.publicUrl })),
      nfts: [],
      total: 0,
    }),
  },
  ({ runtime, collection, query }) => getRecentlyMinted(runtime.database.prisma, collection.id, { ...query, now: new Date(), publicBaseUrl: runtime.config.publicUrl }),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { v1MethodNotAllowed as POST, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE, v1Preflight as OPTIONS } from "@/lib/api/v1-route";

// POST /api/v1/prepare-mint — reserve NFTs and build one transaction per NFT for the wallet to sign first.
import { mintCallerOf } from "@/lib/api/rate-limit";
import { v1Route } from "@/lib/api/v1-route";
import { prepareMintBodySchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { prepareMint } from "@/lib/services/mint/prepare";

export const POST = v1Route(
  { scope: "collection", scopeParam: "collectionId", kind: "mint", body: prepareMintBodySchema, response: preparedMintResponseSchema },
  ({ runtime, request, auth, collection, body }) => prepareMint(runtime, collection, body, mintCallerOf(request, auth, runtime.config)),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { v1MethodNotAllowed as GET, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE, v1Preflight as OPTIONS } from "@/lib/api/v1-route";

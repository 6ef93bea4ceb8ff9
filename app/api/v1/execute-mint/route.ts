// POST /api/v1/execute-mint — validate the wallet-signed transaction, submit it once, record the mint.
import { v1Route } from "@/lib/api/v1-route";
import { executeMintRawBodySchema, executeMintResultSchema } from "@/lib/schemas/mint";
import { executeMintRequest } from "@/lib/services/mint/execute-request";

export const POST = v1Route({ scope: "none", kind: "mint", body: executeMintRawBodySchema, response: executeMintResultSchema }, ({ ctx, auth, body }) =>
  executeMintRequest(ctx, auth, body),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { GET, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

// POST /api/v1/execute-mint — validate the wallet-signed transaction, submit it once, record the mint.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { executeMintRequest } from "@/lib/services/mint/execute-request";

export const POST = v1Route(v1Operations.executeMint, ({ ctx, auth, body }) => executeMintRequest(ctx, auth, body));

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

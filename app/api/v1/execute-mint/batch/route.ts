// POST /api/v1/execute-mint/batch — several signed transactions in one call; always 200 with per-transaction results.
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { executeMintBatch } from "@/lib/services/mint/execute-batch";

export const POST = v1Route(v1Operations.executeMintBatch, ({ ctx, auth, body }) =>
  executeMintBatch(ctx, auth, body.transactions),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

// GET /api/studio/drops/[id]/claim-codes — the drop's batches with counts.
// POST — generates a batch (kind and count), through the CLI's update and rules.
import { studioRoute } from "@/lib/api/studio-auth";
import {
  studioClaimCodeBatchBodySchema,
  studioClaimCodeBatchResponseSchema,
  studioClaimCodesResponseSchema,
} from "@/lib/schemas/studio";
import { generateClaimCodeBatch, listClaimCodeBatches } from "@/lib/services/studio/claim-code-batches";

export const GET = studioRoute({ drop: true, response: studioClaimCodesResponseSchema }, ({ ctx, drop }) =>
  listClaimCodeBatches(ctx, drop),
);

export const POST = studioRoute(
  { drop: true, body: studioClaimCodeBatchBodySchema, response: studioClaimCodeBatchResponseSchema },
  ({ ctx, caller, drop, body }) => generateClaimCodeBatch(ctx, caller, drop, body),
);

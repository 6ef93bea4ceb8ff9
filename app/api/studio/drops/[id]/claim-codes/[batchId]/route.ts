// DELETE /api/studio/drops/[id]/claim-codes/[batchId] — revokes the batch (its codes stop working).
import { studioRoute } from "@/lib/api/studio-auth";
import { studioRevokeBatchResponseSchema } from "@/lib/schemas/studio";
import { revokeClaimCodeBatch } from "@/lib/services/studio/claim-code-batches";

export const DELETE = studioRoute(
  { drop: true, response: studioRevokeBatchResponseSchema },
  ({ ctx, caller, drop, params }) => revokeClaimCodeBatch(ctx, caller, drop, String(params.batchId)),
);

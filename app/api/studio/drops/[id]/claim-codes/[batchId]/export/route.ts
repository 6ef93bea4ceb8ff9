// GET /api/studio/drops/[id]/claim-codes/[batchId]/export — the batch's codes as CSV text.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioClaimCodeExportResponseSchema } from "@/lib/schemas/studio";
import { exportClaimCodeBatch } from "@/lib/services/studio/claim-code-batches";

export const GET = studioRoute({ drop: true, response: studioClaimCodeExportResponseSchema }, ({ ctx, drop, params }) =>
  exportClaimCodeBatch(ctx, drop, String(params.batchId)),
);

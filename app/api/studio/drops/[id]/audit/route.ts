// GET /api/studio/drops/[id]/audit — every studio change of the drop: who, when, what (newest first).
import { studioRoute } from "@/lib/api/studio-auth";
import { studioAuditResponseSchema } from "@/lib/schemas/studio";
import { listDropAudit } from "@/lib/services/studio/audit";

export const GET = studioRoute({ drop: true, response: studioAuditResponseSchema }, ({ ctx, drop }) =>
  listDropAudit(ctx, drop.id),
);

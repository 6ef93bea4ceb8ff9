// PUT /api/studio/drops/[id]/phases/[phaseId]/allowlist — a CSV or JSON allowlist; bad lines are 400 ALLOWLIST_INVALID, each named.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioAllowlistBodySchema, studioEditResponseSchema } from "@/lib/schemas/studio";
import { uploadPhaseAllowlist } from "@/lib/services/studio/manage-drop";

export const PUT = studioRoute(
  { drop: true, body: studioAllowlistBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, params, body }) => uploadPhaseAllowlist(ctx, caller, drop, String(params.phaseId), body),
);

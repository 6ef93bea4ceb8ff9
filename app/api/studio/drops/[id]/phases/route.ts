// GET /api/studio/drops/[id]/phases — the drop's phases (dates, prices, limits, gates) with their ids.
// PUT — replaces them (`allowlist: "keep"` keeps a phase's list), through the CLI's update and rules.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioEditResponseSchema, studioPhasesBodySchema, studioPhasesResponseSchema } from "@/lib/schemas/studio";
import { listDropPhases, replaceDropPhases } from "@/lib/services/studio/manage-drop";

export const GET = studioRoute({ drop: true, response: studioPhasesResponseSchema }, ({ ctx, drop }) =>
  listDropPhases(ctx, drop),
);

export const PUT = studioRoute(
  { drop: true, body: studioPhasesBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, body }) => replaceDropPhases(ctx, caller, drop, body),
);

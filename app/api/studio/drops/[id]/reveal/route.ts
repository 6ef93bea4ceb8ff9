// GET /api/studio/drops/[id]/reveal — whether the drop's art is hidden, when it reveals and its placeholder.
// PUT — a hidden drop's reveal moment and placeholder, through the CLI's update and rules.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioEditResponseSchema, studioRevealBodySchema, studioRevealResponseSchema } from "@/lib/schemas/studio";
import { getDropReveal, updateDropReveal } from "@/lib/services/studio/manage-drop";

export const GET = studioRoute({ drop: true, response: studioRevealResponseSchema }, ({ drop }) => getDropReveal(drop));

export const PUT = studioRoute(
  { drop: true, body: studioRevealBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, body }) => updateDropReveal(ctx, caller, drop, body),
);

// PUT /api/studio/drops/[id]/reveal — a hidden drop's reveal moment and placeholder, through the CLI's update and rules.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioEditResponseSchema, studioRevealBodySchema } from "@/lib/schemas/studio";
import { updateDropReveal } from "@/lib/services/studio/manage-drop";

export const PUT = studioRoute(
  { drop: true, body: studioRevealBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, body }) => updateDropReveal(ctx, caller, drop, body),
);

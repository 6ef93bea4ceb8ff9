// GET /api/studio/drops/[id] — one of the creator's drops (short ID, UUID or address); another's is 404.
// PATCH — its page: description, banner and socials (through the CLI's update and rules).
import { studioRoute } from "@/lib/api/studio-auth";
import { studioDetailsBodySchema, studioDropResponseSchema, studioEditResponseSchema } from "@/lib/schemas/studio";
import { getStudioDrop } from "@/lib/services/studio/drops";
import { updateDropDetails } from "@/lib/services/studio/manage-drop";

export const GET = studioRoute({ drop: true, response: studioDropResponseSchema }, ({ ctx, drop }) =>
  getStudioDrop(ctx, drop),
);

export const PATCH = studioRoute(
  { drop: true, body: studioDetailsBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, body }) => updateDropDetails(ctx, caller, drop, body),
);

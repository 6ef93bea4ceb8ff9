// GET /api/studio/drops/[id] — one of the creator's drops (short ID, UUID or address); another's is 404.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioDropResponseSchema } from "@/lib/schemas/studio";
import { getStudioDrop } from "@/lib/services/studio/drops";

export const GET = studioRoute({ drop: true, response: studioDropResponseSchema }, ({ ctx, drop }) =>
  getStudioDrop(ctx, drop),
);

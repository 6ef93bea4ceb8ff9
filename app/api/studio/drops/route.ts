// GET /api/studio/drops — the signed-in creator's drops (an admin's: every drop).
import { studioRoute } from "@/lib/api/studio-auth";
import { studioDropsResponseSchema } from "@/lib/schemas/studio";
import { listStudioDrops } from "@/lib/services/studio/drops";

export const GET = studioRoute({ response: studioDropsResponseSchema }, ({ ctx, caller }) =>
  listStudioDrops(ctx, caller),
);

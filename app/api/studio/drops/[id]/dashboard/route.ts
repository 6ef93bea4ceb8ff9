// GET /api/studio/drops/[id]/dashboard — the creator's live figures of their drop; another's is 404.
import { studioRoute } from "@/lib/api/studio-auth";
import { dropDashboardResponseSchema } from "@/lib/schemas/studio-dashboard";
import { getDropDashboard } from "@/lib/services/drop-dashboard";

export const GET = studioRoute({ drop: true, response: dropDashboardResponseSchema }, ({ ctx, drop }) =>
  getDropDashboard(ctx, drop.id),
);

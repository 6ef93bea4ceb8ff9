// POST /api/internal/drops — the running site's side of `npm run drop`. While the site holds
// the embedded database or chain no other process may open them, so the command stores the
// media, stages the plan under DATA_DIR and sends the action here, authorized by the admin
// token the site wrote to `<DATA_DIR>/instance.json` (mode 0600). Without the right
// X-Admin-Token every method answers the same 404 as an unknown path.
import { toolRoute, withAdminToken } from "@/lib/api/tool-route";
import { v1NotFound } from "@/lib/api/v1-route";
import { adminDropsCommandSchema, adminDropsResponseSchema } from "@/lib/schemas/drop-plan";
import { runDropCommand } from "@/lib/services/drop-launch";

// Never prerendered or cached: every answer depends on the runtime's token.
export const dynamic = "force-dynamic";

export const POST = toolRoute(
  { guard: withAdminToken, body: adminDropsCommandSchema, response: adminDropsResponseSchema },
  ({ ctx, body }) => runDropCommand(ctx, body),
);

// Any other method: the same 404 as a path that does not exist (Next would answer 405).
export { v1NotFound as GET, v1NotFound as PUT, v1NotFound as PATCH, v1NotFound as DELETE, v1NotFound as OPTIONS };

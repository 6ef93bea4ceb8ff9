// GET /api/studio/drops/[id]/bounties — the drop's bounties as PUT takes them (the manage page's editor starts from them).
// PUT — replaces the drop's bounties, through the CLI's update and rules.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioBountiesBodySchema, studioBountiesResponseSchema, studioEditResponseSchema } from "@/lib/schemas/studio";
import { listDropBounties, replaceDropBounties } from "@/lib/services/studio/manage-drop";

export const GET = studioRoute({ drop: true, response: studioBountiesResponseSchema }, ({ drop }) =>
  listDropBounties(drop),
);

export const PUT = studioRoute(
  { drop: true, body: studioBountiesBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, body }) => replaceDropBounties(ctx, caller, drop, body),
);

// PUT /api/studio/drops/[id]/bounties — replaces the drop's bounties, through the CLI's update and rules.
import { studioRoute } from "@/lib/api/studio-auth";
import { studioBountiesBodySchema, studioEditResponseSchema } from "@/lib/schemas/studio";
import { replaceDropBounties } from "@/lib/services/studio/manage-drop";

export const PUT = studioRoute(
  { drop: true, body: studioBountiesBodySchema, response: studioEditResponseSchema },
  ({ ctx, caller, drop, body }) => replaceDropBounties(ctx, caller, drop, body),
);

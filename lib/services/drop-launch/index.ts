// The create, update and show commands of `npm run drop`, as one entry point for both places
// they run: in the command's own process (the database and chain are free) or in the running
// site (POST /api/internal/drops, while the site holds them). Create and update read the plan
// the command staged under DATA_DIR; a plan that is missing or not valid is refused.
import { readStagedPlanText } from "@/lib/fs/launch-files";
import { AppError } from "@/lib/errors";
import {
  dropPlanSchema,
  type AdminDropsCommand,
  type AdminDropsResponse,
  type DropPlan,
} from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import { createDropFromPlan } from "./create-drop";
import { describeDrop } from "./describe-drop";
import { updateDropFromPlan } from "./update-drop";

export { createDropFromPlan, ensureCollectionOnChain } from "./create-drop";
export { updateDropFromPlan } from "./update-drop";
export { describeDrop } from "./describe-drop";

export async function readStagedPlan(ctx: ServiceContext, shortId: string): Promise<DropPlan> {
  const text = await readStagedPlanText(ctx.config.dataDir, shortId);
  if (text === null)
    throw new AppError(
      "INVALID_REQUEST",
      `No plan is staged for "${shortId}" in this site's DATA_DIR: run the command with the same DATA_DIR as the site.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("INVALID_REQUEST", `The staged plan for "${shortId}" is not valid JSON: run the command again.`);
  }
  const parsed = dropPlanSchema.safeParse(json);
  if (!parsed.success)
    throw new AppError(
      "INVALID_REQUEST",
      `The staged plan for "${shortId}" is not valid (${parsed.error.issues[0]?.message}): run the command again.`,
    );
  if (parsed.data.shortId !== shortId)
    throw new AppError("INVALID_REQUEST", `The staged plan for "${shortId}" names another drop.`);
  return parsed.data;
}

export async function runDropCommand(ctx: ServiceContext, command: AdminDropsCommand): Promise<AdminDropsResponse> {
  switch (command.action) {
    case "create": {
      const { outcome, ...report } = await createDropFromPlan(ctx, await readStagedPlan(ctx, command.shortId));
      return { outcome, ...report };
    }
    case "update": {
      const { outcome, shortId, collectionId, lines, media } = await updateDropFromPlan(
        ctx,
        await readStagedPlan(ctx, command.shortId),
      );
      return { outcome, shortId, collectionId, lines, media };
    }
    case "show":
      return { outcome: "shown", ...(await describeDrop(ctx, command.shortId)) };
  }
}

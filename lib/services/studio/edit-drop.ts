// Every studio edit of a drop takes one path: the drop's current plan (read from its rows),
// the edit applied to it, then the very update `npm run drop -- update` runs
// (lib/services/drop-launch/update-drop.ts), so the rules after the first mint and their
// reasons are the CLI's, word for word. The audit entry is written in the update's transaction.
import type { Collection } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { dropPlanSchema, type DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import { updateDropFromPlan } from "../drop-launch";
import { planOfDrop } from "../drop-launch/plan-of-drop";
import { recordStudioChange } from "./audit";
import type { StudioCaller } from "./owned-drops";

export type StudioEdit = { outcome: "updated" | "unchanged"; changes: string[] };

export async function editDrop(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  action: string,
  edit: (plan: DropPlan) => DropPlan,
  summary: Record<string, unknown> = {},
): Promise<StudioEdit> {
  const next = dropPlanSchema.safeParse(edit(await planOfDrop(ctx, drop)));
  if (!next.success)
    throw new AppError("INVALID_REQUEST", `The edit makes an invalid drop: ${next.error.issues[0]?.message}.`);
  const outcome = await updateDropFromPlan(ctx, next.data, {
    basedOn: drop.updatedAt,
    onApplied: (tx, changes) =>
      recordStudioChange(tx, caller, { collectionId: drop.id, action, summary: { ...summary, changes } }),
  });
  return { outcome: outcome.outcome, changes: outcome.changes };
}

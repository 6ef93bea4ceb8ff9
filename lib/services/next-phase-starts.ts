// When each drop's next phase starts, for "Starts in …" on discovery cards (collection
// summaries carry a status but no schedule). Only published drops: a pre-launch drop's
// schedule is not public yet (the same rule as collection-summaries).
import type { ServiceContext } from "./context";

export async function nextPhaseStarts(
  ctx: ServiceContext,
  collectionIds: readonly string[],
): Promise<Map<string, Date>> {
  if (collectionIds.length === 0) return new Map();
  const now = ctx.clock.now();
  const rows = await ctx.db.phase.groupBy({
    by: ["collectionId"],
    where: { collectionId: { in: [...collectionIds] }, startDate: { gt: now }, collection: { launchStatus: "live" } },
    _min: { startDate: true },
  });
  return new Map(rows.flatMap((row) => (row._min.startDate ? [[row.collectionId, row._min.startDate] as const] : [])));
}

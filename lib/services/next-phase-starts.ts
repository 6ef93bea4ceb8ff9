// When each drop's next phase starts, for "Starts in …" on discovery cards (collection
// summaries carry a status but no schedule). Only published drops: a pre-launch drop's
// schedule is not public yet (the same rule as collection-summaries).
import type { Db } from "@/lib/db/client";

export async function nextPhaseStarts(db: Db, collectionIds: readonly string[], now: Date): Promise<Map<string, Date>> {
  if (collectionIds.length === 0) return new Map();
  const rows = await db.phase.groupBy({
    by: ["collectionId"],
    where: { collectionId: { in: [...collectionIds] }, startDate: { gt: now }, collection: { launchStatus: "live" } },
    _min: { startDate: true },
  });
  return new Map(rows.flatMap((row) => (row._min.startDate ? [[row.collectionId, row._min.startDate] as const] : [])));
}

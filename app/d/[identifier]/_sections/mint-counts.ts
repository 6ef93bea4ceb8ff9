// Mints counted since a moment: how far a milestone bounty or a recurring pool has come. The
// bounty triggers (lib/services/mint/bounty-triggers.ts) count the drop's landed mints since
// the bounty's or pool's own start the same way, so the board's progress matches when they fire.
import "server-only";
import type { ServiceContext } from "@/lib/services/context";

/** Mint counts keyed by the ISO start (null: since the drop began). One count per distinct start. */
export async function mintCountsSince(
  ctx: ServiceContext,
  collectionId: string,
  starts: ReadonlyArray<string | null>,
): Promise<Map<string | null, number>> {
  const distinct = [...new Set(starts)];
  const counts = await Promise.all(
    distinct.map((start) =>
      ctx.db.mint.count({ where: { collectionId, ...(start ? { mintedAt: { gte: new Date(start) } } : {}) } }),
    ),
  );
  return new Map(distinct.map((start, i) => [start, counts[i]!]));
}

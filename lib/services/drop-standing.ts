// Where one drop stands now, from its cached snapshot: its status and the price its card
// shows, by the one rule of lib/domain/drop-status.ts (the batch form for feeds is in
// collection-summaries.ts). Used where a page lists drops found another way (search).
import { isDropSoldOut, isPhaseSoldOut, resolveDropStatus, type DropStatus } from "@/lib/domain/drop-status";
import { phaseTiming } from "@/lib/domain/phase-status";
import { resolvePriceDisplay, type PriceDisplay } from "@/lib/domain/price-display";
import { supplyStats } from "@/lib/domain/supply";
import type { ServiceContext } from "./context";
import { getDropSnapshot } from "./drop-snapshot";
import { phasePriceContext } from "./phase-price-context";

export type DropStanding = { status: DropStatus; price: PriceDisplay | null };

export async function getDropStanding(ctx: ServiceContext, collectionId: string, now: Date): Promise<DropStanding> {
  const { collection, phases, minted, mintedByPhase } = await getDropSnapshot(ctx, collectionId);
  const { status, phaseIndex } = resolveDropStatus({
    isPublished: collection.launchStatus === "live",
    soldOut: isDropSoldOut(supplyStats(collection.totalSupply, minted)),
    phases: phases.map((phase) => ({
      timing: phaseTiming(phase, now),
      soldOut: isPhaseSoldOut(phase, mintedByPhase[phase.id] ?? 0),
    })),
  });
  const phase = phaseIndex === null ? null : phases[phaseIndex]!;
  return { status, price: phase ? resolvePriceDisplay(phase, await phasePriceContext(ctx, phase, now)) : null };
}

// One rule for where a drop stands, used by every page and feed: the home page's cards and
// sections, the collection list's status filter, search and the drop page's phase cards.
// Time decides a phase's status (lib/domain/phase-status.ts); supply decides whether a
// phase or a drop can still sell. A drop that cannot sell now is not "minting now", and a
// phase whose supply has landed is sold out, not "Live" with a countdown to its end.
import type { PhaseTiming } from "./phase-status";

export type DropStatus = "active" | "upcoming" | "ended";

type Supply = { isOpenEnded: boolean; totalSupply: number; mintedCount: number };

/** Every item of a capped drop is minted. An open edition never sells out. */
export function isDropSoldOut(stats: Supply): boolean {
  return !stats.isOpenEnded && stats.totalSupply > 0 && stats.mintedCount >= stats.totalSupply;
}

/** The phase's own supply has landed (mints in the phase reach `phaseSupply`). */
export function isPhaseSoldOut(phase: { phaseSupply: number | null }, mintedInPhase: number): boolean {
  return phase.phaseSupply !== null && mintedInPhase >= phase.phaseSupply;
}

export type TimedPhase = { timing: Pick<PhaseTiming, "status">; soldOut: boolean };

/**
 * A drop's status and the phase its card speaks for (its price, its countdown), by index:
 * - before launch: upcoming, no phase (nothing unpublished is shown);
 * - sold out: ended, no phase;
 * - else the first active phase that can still sell: active;
 * - else the first upcoming phase: upcoming;
 * - else ended, no phase.
 */
export function resolveDropStatus(drop: { isPublished: boolean; soldOut: boolean; phases: readonly TimedPhase[] }): {
  status: DropStatus;
  phaseIndex: number | null;
} {
  if (!drop.isPublished) return { status: "upcoming", phaseIndex: null };
  if (drop.soldOut) return { status: "ended", phaseIndex: null };
  const selling = drop.phases.findIndex((p) => p.timing.status === "active" && !p.soldOut);
  if (selling >= 0) return { status: "active", phaseIndex: selling };
  const next = drop.phases.findIndex((p) => p.timing.status === "upcoming");
  if (next >= 0) return { status: "upcoming", phaseIndex: next };
  return { status: "ended", phaseIndex: null };
}

// The prize board's arithmetic: how far a milestone bounty has come and when a recurring
// pool draws next, from the drop's mints counted since the bounty's or pool's own start
// (the same count the bounty triggers fire on). Pure; the page only words the results.

export type MilestoneProgress = {
  reached: boolean;
  /** Whole percent towards the target, 0–100, rounded down: 100 only once reached. */
  percent: number;
  /** Mints still to go, never below 0. */
  remaining: number;
  /** The count as far as the target goes (a progress bar's value): never above the target. */
  counted: number;
};

/** A milestone's progress: mints counted since its counter started, towards its target. */
export function milestoneProgress(countSince: number, target: number): MilestoneProgress {
  if (target <= 0) return { reached: true, percent: 100, remaining: 0, counted: 0 };
  const counted = Math.max(0, Math.min(countSince, target));
  const reached = countSince >= target;
  return {
    reached,
    percent: reached ? 100 : Math.floor((counted / target) * 100),
    remaining: target - counted,
    counted,
  };
}

/**
 * Mints until a recurring pool's next draw, which fires on every `every`-th mint since its
 * counter started: 10 mints in with every 5 → 5 more. null when the pool never fires again
 * (no cadence, or its last draw is done).
 */
export function mintsUntilNextDraw(
  countSince: number,
  every: number | null,
  firesCount: number,
  maxFires: number | null,
): number | null {
  if (every === null || every <= 0) return null;
  if (maxFires !== null && firesCount >= maxFires) return null;
  return every - (Math.max(0, countSince) % every);
}

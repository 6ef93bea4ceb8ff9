// A collector's platform rank, earned by minting across Dropmint's drops, and the cosmetic
// effects that a rank or a bounty win unlocks. The table is rendered on /docs (Profiles) and
// read by the profile reads (lib/services/profiles.ts); nothing here is stored, so a rule
// change applies to everyone at once. Pure: the service counts the activity.

export type EffectGrant = { effectType: string; effectCategory: "name" | "avatar" | "badge"; config: unknown };

export type RankRule = {
  rank: string;
  /** Mints on Dropmint, every drop counted (bonus mints included). */
  minMints: number;
  /** Distinct drops minted from. */
  minDrops: number;
  effects: readonly EffectGrant[];
};

/** Earned ranks, lowest first. */
export const EARNED_RANKS: readonly RankRule[] = [
  { rank: "member", minMints: 0, minDrops: 0, effects: [] },
  { rank: "collector", minMints: 1, minDrops: 1, effects: [] },
  {
    rank: "enthusiast",
    minMints: 5,
    minDrops: 2,
    effects: [{ effectType: "sparkle", effectCategory: "avatar", config: { speed: 1 } }],
  },
  {
    rank: "patron",
    minMints: 20,
    minDrops: 3,
    effects: [{ effectType: "glow", effectCategory: "name", config: { color: "#34d399" } }],
  },
];

/** Granted by the operator only (Profile.platformRank), above every earned rank. */
export const GRANTED_RANKS: readonly string[] = ["founder"];

/** What winning any bounty unlocks, for good. */
export const BOUNTY_WINNER_EFFECT: EffectGrant = { effectType: "crown", effectCategory: "badge", config: null };

export type Activity = { mints: number; drops: number; bountyWins: number };

/** The highest earned rank whose thresholds the activity meets. */
export function earnedRank(activity: Activity): RankRule {
  return [...EARNED_RANKS].reverse().find((r) => activity.mints >= r.minMints && activity.drops >= r.minDrops)!;
}

/** The rank shown: a granted one if the operator gave it, else the higher of the stored and the earned one. */
export function shownRank(stored: string, activity: Activity): string {
  if (GRANTED_RANKS.includes(stored)) return stored;
  const order = EARNED_RANKS.map((r) => r.rank);
  const earned = earnedRank(activity).rank;
  return order.indexOf(stored) > order.indexOf(earned) ? stored : earned;
}

/**
 * The effects shown: those stored for the wallet (operator-given), then every effect its
 * earned ranks and bounty wins unlock, one of each type.
 */
export function unlockedEffects(stored: readonly EffectGrant[], activity: Activity): EffectGrant[] {
  const rank = earnedRank(activity);
  const earned = EARNED_RANKS.slice(0, EARNED_RANKS.indexOf(rank) + 1).flatMap((r) => r.effects);
  const won = activity.bountyWins > 0 ? [BOUNTY_WINNER_EFFECT] : [];
  const all = [...stored, ...earned, ...won];
  return all.filter((effect, i) => all.findIndex((e) => e.effectType === effect.effectType) === i);
}

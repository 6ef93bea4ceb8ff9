// Trait rarity over a whole drop. For each trait value:
//   probability        = count / total NFTs
//   percentage         = probability × 100
//   informationContent = −log2(probability)   (bits of surprise)
//   rarityScore        = 1 / probability
// An NFT's rarity score is the sum of its values' scores; rank 1 is the rarest.

export type Attribute = { trait_type: string; value: string | number };

export type TraitValueStats = {
  value: string;
  count: number;
  probability: number;
  percentage: number;
  informationContent: number;
  rarityScore: number;
};

export type TraitStats = { traitType: string; values: TraitValueStats[] };

export function traitValueStats(count: number, total: number): Omit<TraitValueStats, "value"> {
  const probability = total > 0 ? count / total : 0;
  return {
    count,
    probability,
    percentage: probability * 100,
    informationContent: probability > 0 ? -Math.log2(probability) : 0,
    rarityScore: probability > 0 ? 1 / probability : 0,
  };
}

/** Per-trait value statistics for a drop; values sorted rarest first. */
export function computeTraitStats(items: ReadonlyArray<{ attributes: readonly Attribute[] }>): TraitStats[] {
  const counts = new Map<string, Map<string, number>>();
  for (const item of items) {
    for (const { trait_type, value } of item.attributes) {
      const values = counts.get(trait_type) ?? new Map<string, number>();
      values.set(String(value), (values.get(String(value)) ?? 0) + 1);
      counts.set(trait_type, values);
    }
  }
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([traitType, values]) => ({
      traitType,
      values: [...values.entries()]
        .map(([value, count]) => ({ value, ...traitValueStats(count, items.length) }))
        .sort((a, b) => a.count - b.count || a.value.localeCompare(b.value)),
    }));
}

export type RarityTier = "legendary" | "epic" | "rare" | "uncommon" | "common";

/** Tier by rank percentile: top 1 %, 5 %, 15 %, 40 %, rest. */
export function rarityTierOf(rank: number, total: number): RarityTier {
  const percentile = rank / total;
  if (percentile <= 0.01) return "legendary";
  if (percentile <= 0.05) return "epic";
  if (percentile <= 0.15) return "rare";
  if (percentile <= 0.4) return "uncommon";
  return "common";
}

/** Scores and ranks every item (ties share the better rank's order by input position). */
export function rankByRarity<T extends { attributes: readonly Attribute[] }>(items: readonly T[]) {
  const stats = computeTraitStats(items);
  const scoreOf = new Map<string, number>();
  for (const trait of stats)
    for (const v of trait.values) scoreOf.set(`${trait.traitType}\u0000${v.value}`, v.rarityScore);
  const scored = items.map((item, index) => ({
    item,
    index,
    score: item.attributes.reduce((sum, a) => sum + (scoreOf.get(`${a.trait_type}\u0000${String(a.value)}`) ?? 0), 0),
  }));
  const ordered = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  return ordered.map((entry, position) => ({
    item: entry.item,
    rarityScore: Math.round(entry.score * 100) / 100,
    rarityRank: position + 1,
    rarityTier: rarityTierOf(position + 1, items.length),
  }));
}

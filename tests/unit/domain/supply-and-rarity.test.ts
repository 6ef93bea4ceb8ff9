import { describe, expect, it } from "vitest";
import { percentOf, supplyStats } from "@/lib/domain/supply";
import { computeTraitStats, rankByRarity, traitValueStats } from "@/lib/domain/rarity";

describe("supplyStats", () => {
  it("computes available and percent for a capped drop", () => {
    expect(supplyStats(100, 12)).toEqual({
      totalSupply: 100,
      mintedCount: 12,
      availableCount: 88,
      percentMinted: 12,
      isOpenEnded: false,
    });
  });
  it("reports an open-ended drop as total 0 with isOpenEnded", () => {
    expect(supplyStats(null, 7)).toEqual({
      totalSupply: 0,
      mintedCount: 7,
      availableCount: 0,
      percentMinted: 0,
      isOpenEnded: true,
    });
  });
  it("never reaches 100 percent before the last item", () => {
    expect(percentOf(9_999, 10_000)).toBe(99.99);
    expect(percentOf(10_000, 10_000)).toBe(100);
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe("rarity", () => {
  it("gives probability, percentage, information content and score per value", () => {
    expect(traitValueStats(25, 100)).toEqual({
      count: 25,
      probability: 0.25,
      percentage: 25,
      informationContent: 2,
      rarityScore: 4,
    });
  });

  it("counts values per trait, rarest first, and ranks items by summed score", () => {
    const items = [
      { id: 1, attributes: [{ trait_type: "Hat", value: "Crown" }] },
      { id: 2, attributes: [{ trait_type: "Hat", value: "Cap" }] },
      { id: 3, attributes: [{ trait_type: "Hat", value: "Cap" }] },
      { id: 4, attributes: [{ trait_type: "Hat", value: "Cap" }] },
    ];
    const [hat] = computeTraitStats(items);
    expect(hat?.values.map((v) => [v.value, v.count, v.rarityScore])).toEqual([
      ["Crown", 1, 4],
      ["Cap", 3, 4 / 3],
    ]);
    const ranked = rankByRarity(items);
    expect(ranked[0]).toMatchObject({ item: { id: 1 }, rarityRank: 1, rarityScore: 4 });
    expect(ranked.map((r) => r.item.id)).toEqual([1, 2, 3, 4]);
  });
});

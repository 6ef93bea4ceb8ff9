// The platform ranks and the effects they unlock (lib/domain/platform-rank.ts, the table on /docs).
import { describe, expect, it } from "vitest";
import { BOUNTY_WINNER_EFFECT, shownRank, unlockedEffects } from "@/lib/domain/platform-rank";

const did = (mints: number, drops: number, bountyWins = 0) => ({ mints, drops, bountyWins });

describe("platform rank", () => {
  it.each([
    [did(0, 0), "member"],
    [did(1, 1), "collector"],
    [did(30, 1), "collector"], // many mints of one drop are not platform-wide activity
    [did(5, 2), "enthusiast"],
    [did(19, 5), "enthusiast"],
    [did(20, 3), "patron"],
  ])("%o earns %s", (activity, rank) => {
    expect(shownRank("member", activity)).toBe(rank);
  });

  it("keeps an operator-granted rank, and never shows a stored rank below the earned one", () => {
    expect(shownRank("founder", did(0, 0))).toBe("founder");
    expect(shownRank("patron", did(1, 1))).toBe("patron");
    expect(shownRank("collector", did(5, 2))).toBe("enthusiast");
  });

  it("unlocks each rank's effects and the bounty winner's crown, after the stored ones, one of each type", () => {
    expect(unlockedEffects([], did(1, 1))).toEqual([]);
    expect(unlockedEffects([], did(20, 3)).map((e) => e.effectType)).toEqual(["sparkle", "glow"]);
    const stored = [{ effectType: "glow", effectCategory: "name" as const, config: { color: "#f472b6" } }];
    expect(unlockedEffects(stored, did(20, 3, 1))).toEqual([
      stored[0],
      expect.objectContaining({ effectType: "sparkle" }),
      BOUNTY_WINNER_EFFECT,
    ]);
  });
});

// The prize board's arithmetic (lib/domain/bounty-progress): milestone progress and the next
// draw of a recurring pool, from the mints counted since the bounty's or pool's start.
import { describe, expect, it } from "vitest";
import { milestoneProgress, mintsUntilNextDraw } from "@/lib/domain/bounty-progress";

describe("milestoneProgress", () => {
  it("measures the mints counted towards the target", () => {
    expect(milestoneProgress(12, 25)).toEqual({ reached: false, percent: 48, remaining: 13, counted: 12 });
    expect(milestoneProgress(25, 25)).toEqual({ reached: true, percent: 100, remaining: 0, counted: 25 });
    expect(milestoneProgress(40, 25)).toEqual({ reached: true, percent: 100, remaining: 0, counted: 25 });
    expect(milestoneProgress(0, 100)).toEqual({ reached: false, percent: 0, remaining: 100, counted: 0 });
  });

  it("rounds down, so the bar is full only once the target is reached", () => {
    expect(milestoneProgress(999, 1000)).toMatchObject({ reached: false, percent: 99, remaining: 1 });
    expect(milestoneProgress(1, 3)).toMatchObject({ percent: 33 });
  });

  it("a target of 0 is reached at once; a negative count counts as none", () => {
    expect(milestoneProgress(0, 0)).toEqual({ reached: true, percent: 100, remaining: 0, counted: 0 });
    expect(milestoneProgress(-3, 10)).toEqual({ reached: false, percent: 0, remaining: 10, counted: 0 });
  });
});

describe("mintsUntilNextDraw", () => {
  it("counts the mints until the next draw", () => {
    expect(mintsUntilNextDraw(12, 5, 2, null)).toBe(3);
    expect(mintsUntilNextDraw(10, 5, 2, 10)).toBe(5);
    expect(mintsUntilNextDraw(0, 5, 0, null)).toBe(5);
    expect(mintsUntilNextDraw(7, 1, 7, null)).toBe(1);
  });

  it("has no next draw once the pool fired its last time, or without a cadence", () => {
    expect(mintsUntilNextDraw(10, 5, 2, 2)).toBeNull();
    expect(mintsUntilNextDraw(10, null, 0, null)).toBeNull();
    expect(mintsUntilNextDraw(10, 0, 0, null)).toBeNull();
  });
});

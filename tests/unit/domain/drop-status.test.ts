// resolveDropStatus: the one rule that decides a drop's status and the phase its card speaks
// for, on every page and feed.
import { describe, expect, it } from "vitest";
import { isDropSoldOut, isPhaseSoldOut, resolveDropStatus } from "@/lib/domain/drop-status";

const phase = (status: "active" | "upcoming" | "ended", soldOut = false) => ({ timing: { status }, soldOut });
const published = { isPublished: true, soldOut: false };

describe("resolveDropStatus", () => {
  it("speaks for the first active phase that can still sell", () => {
    const phases = [phase("ended"), phase("active", true), phase("active"), phase("upcoming")];
    expect(resolveDropStatus({ ...published, phases })).toEqual({ status: "active", phaseIndex: 2 });
  });

  it("is upcoming with the next phase when every active phase is sold out", () => {
    const phases = [phase("active", true), phase("upcoming")];
    expect(resolveDropStatus({ ...published, phases })).toEqual({ status: "upcoming", phaseIndex: 1 });
  });

  it("is ended for a sold-out drop, whatever its phases say", () => {
    const phases = [phase("active"), phase("upcoming")];
    expect(resolveDropStatus({ isPublished: true, soldOut: true, phases })).toEqual({
      status: "ended",
      phaseIndex: null,
    });
  });

  it("is ended with no phases, or only ended or sold-out ones", () => {
    expect(resolveDropStatus({ ...published, phases: [] })).toEqual({ status: "ended", phaseIndex: null });
    const phases = [phase("ended"), phase("active", true)];
    expect(resolveDropStatus({ ...published, phases })).toEqual({ status: "ended", phaseIndex: null });
  });

  it("shows nothing of a drop before launch", () => {
    const phases = [phase("active")];
    expect(resolveDropStatus({ isPublished: false, soldOut: false, phases })).toEqual({
      status: "upcoming",
      phaseIndex: null,
    });
  });
});

describe("sold out", () => {
  it("a capped drop when every item landed; an open edition never", () => {
    expect(isDropSoldOut({ isOpenEnded: false, totalSupply: 8, mintedCount: 8 })).toBe(true);
    expect(isDropSoldOut({ isOpenEnded: false, totalSupply: 8, mintedCount: 7 })).toBe(false);
    expect(isDropSoldOut({ isOpenEnded: true, totalSupply: 0, mintedCount: 500 })).toBe(false);
  });

  it("a phase when its own supply landed; a phase without one never", () => {
    expect(isPhaseSoldOut({ phaseSupply: 20 }, 20)).toBe(true);
    expect(isPhaseSoldOut({ phaseSupply: 20 }, 19)).toBe(false);
    expect(isPhaseSoldOut({ phaseSupply: null }, 10_000)).toBe(false);
  });
});

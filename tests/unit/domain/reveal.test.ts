import { describe, expect, it } from "vitest";
import {
  isCollectionRevealed,
  isNftRevealed,
  mintRevealCutoff,
  nftRevealAt,
  unrevealedName,
  type RevealSettings,
} from "@/lib/domain/reveal";

const now = new Date("2025-06-21T12:00:00.000Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const delayed: RevealSettings = {
  delayedRevealEnabled: true,
  revealedAt: null,
  instantRevealAfterMint: false,
  timeDelayedReveal: false,
  revealDelayMinutes: null,
};

describe("reveal", () => {
  it("shows everything of a drop without delayed reveal", () => {
    const plain = { ...delayed, delayedRevealEnabled: false };
    expect(isCollectionRevealed(plain, now)).toBe(true);
    expect(isNftRevealed(plain, null, now)).toBe(true);
    expect(mintRevealCutoff(plain, now)).toEqual({ kind: "all" });
  });

  it("hides a delayed drop until its reveal moment, inclusive", () => {
    expect(isCollectionRevealed(delayed, now)).toBe(false);
    expect(isCollectionRevealed({ ...delayed, revealedAt: new Date(now.getTime() + 1) }, now)).toBe(false);
    expect(isCollectionRevealed({ ...delayed, revealedAt: now }, now)).toBe(true);
    expect(isNftRevealed(delayed, minutesAgo(60), now)).toBe(false);
    expect(mintRevealCutoff(delayed, now)).toEqual({ kind: "none" });
  });

  it("reveals minted NFTs at once with instant reveal, never the unminted ones", () => {
    const instant = { ...delayed, instantRevealAfterMint: true };
    expect(isNftRevealed(instant, minutesAgo(0), now)).toBe(true);
    expect(isNftRevealed(instant, null, now)).toBe(false);
  });

  it("reveals a minted NFT revealDelayMinutes after its mint", () => {
    const timed = { ...delayed, timeDelayedReveal: true, revealDelayMinutes: 30 };
    expect(mintRevealCutoff(timed, now)).toEqual({ kind: "mintedBy", at: new Date("2025-06-21T11:30:00.000Z") });
    expect(isNftRevealed(timed, minutesAgo(30), now)).toBe(true);
    expect(isNftRevealed(timed, minutesAgo(29), now)).toBe(false);
    expect(isNftRevealed({ ...timed, revealDelayMinutes: null }, minutesAgo(600), now)).toBe(false);
  });

  it("names an unrevealed NFT after its drop", () => {
    expect(unrevealedName("Nightfall")).toBe("Nightfall (unrevealed)");
    expect(unrevealedName(null)).toBe("Unrevealed (unrevealed)");
  });

  it("says when a minted NFT will be revealed: its own delay, else the drop's moment", () => {
    const timed = { ...delayed, timeDelayedReveal: true, revealDelayMinutes: 30 };
    expect(nftRevealAt(timed, minutesAgo(10), false)).toEqual(new Date("2025-06-21T12:20:00.000Z"));
    const atMoment = { ...delayed, revealedAt: new Date("2025-07-01T00:00:00.000Z") };
    expect(nftRevealAt(atMoment, minutesAgo(10), false)).toEqual(atMoment.revealedAt);
    expect(nftRevealAt(delayed, minutesAgo(10), false)).toBeNull();
    expect(nftRevealAt(timed, minutesAgo(10), true)).toBeNull();
    expect(nftRevealAt(timed, null, false)).toBeNull();
  });
});

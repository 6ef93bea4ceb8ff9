// The words on discovery cards: status by the server clock (a pre-launch drop shows no
// schedule, a sold-out drop says so), the start time in UTC, progress and open editions.
import { describe, expect, it } from "vitest";
import {
  cardStatus,
  dropPath,
  isSoldOut,
  progressPercent,
  progressText,
  searchResultStats,
} from "@/app/_components/drop-card-text";

const now = new Date("2026-11-21T12:00:00Z");
const capped = (mintedCount: number, totalSupply = 100) => ({ isOpenEnded: false, totalSupply, mintedCount });
const open = (mintedCount: number) => ({ isOpenEnded: true, totalSupply: 0, mintedCount });

describe("cardStatus", () => {
  it("an active phase reads Minting now", () => {
    expect(cardStatus({ launchStatus: "live", status: "active", stats: capped(37) }, null, now)).toEqual({
      label: "Minting now",
      detail: null,
      tone: "live",
    });
  });

  it("an upcoming drop counts down to its start and gives the start in UTC", () => {
    const startsAt = new Date("2026-11-24T16:27:00Z");
    expect(cardStatus({ launchStatus: "live", status: "upcoming", stats: capped(0) }, startsAt, now)).toEqual({
      label: "Starts in 3 days",
      detail: "24 Nov 2026, 16:27 UTC",
      tone: "soon",
    });
  });

  it("an upcoming drop without a known start still reads as upcoming", () => {
    expect(cardStatus({ launchStatus: "live", status: "upcoming", stats: capped(0) }, null, now).label).toBe(
      "Upcoming",
    );
  });

  it("a pre-launch drop is Coming soon and shows no schedule, even with a start passed in", () => {
    for (const launchStatus of ["coming_soon", "deploying", "maintenance"] as const) {
      expect(
        cardStatus({ launchStatus, status: "upcoming", stats: capped(0) }, new Date("2026-11-22T00:00:00Z"), now),
      ).toEqual({
        label: "Coming soon",
        detail: null,
        tone: "soon",
      });
    }
  });

  it("a sold-out drop says Sold out even while a phase is active", () => {
    expect(cardStatus({ launchStatus: "live", status: "active", stats: capped(100) }, null, now).label).toBe(
      "Sold out",
    );
  });

  it("a drop with every phase over reads Ended", () => {
    expect(cardStatus({ launchStatus: "live", status: "ended", stats: capped(10) }, null, now).label).toBe("Ended");
  });
});

describe("progress", () => {
  it("capped: minted of total, and a bar", () => {
    expect(progressText(capped(37))).toBe("37 / 100 minted");
    expect(progressText(capped(1_234, 10_000))).toBe("1,234 / 10,000 minted");
    expect(progressPercent(capped(37))).toBe(37);
    expect(progressPercent(capped(100))).toBe(100);
  });

  it("open edition: no total and no bar", () => {
    expect(progressText(open(12))).toBe("12 minted · open edition");
    expect(progressPercent(open(12))).toBeNull();
  });

  it("sold out only when a capped drop is fully minted", () => {
    expect(isSoldOut(capped(99))).toBe(false);
    expect(isSoldOut(capped(100))).toBe(true);
    expect(isSoldOut(open(10_000))).toBe(false);
  });

  it("search results: total_supply 0 is an open edition", () => {
    expect(progressText(searchResultStats({ total_supply: 0, minted_count: 5 }))).toBe("5 minted · open edition");
    expect(progressText(searchResultStats({ total_supply: 50, minted_count: 4 }))).toBe("4 / 50 minted");
  });
});

describe("links", () => {
  it("cards link to the short ID, else the UUID", () => {
    expect(dropPath({ shortId: "sprites", id: "7d1f1c0e-0000-4000-8000-000000000000" })).toBe("/d/sprites");
    expect(dropPath({ shortId: null, id: "7d1f1c0e-0000-4000-8000-000000000000" })).toBe(
      "/d/7d1f1c0e-0000-4000-8000-000000000000",
    );
  });
});

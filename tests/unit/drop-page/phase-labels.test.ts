// The drop page's words for phases and supply (app/d/[identifier]/_header/labels.ts): the same
// text on the server and in the browser, by the rules the issue names. Dates, counts,
// percents and the BOGO label come from lib/format (tests/unit/format.test.ts); here, how the
// header uses them.
import { describe, expect, it } from "vitest";
import { bogoLabel, formatPercent, formatUtcDateTime } from "@/lib/format";
import {
  PHASE_STATUS_LABEL,
  accessLabel,
  phaseBadge,
  phaseCountdownTarget,
  phaseLimitLabels,
  safeHttpUrl,
  socialLinks,
  statusChangeAnnouncement,
  supplySummary,
} from "@/app/d/[identifier]/_header/labels";

describe("phase dates", () => {
  it("writes a phase's start and end as the instant in UTC, whatever the process time zone", () => {
    expect(formatUtcDateTime("2026-06-03T16:05:00.000Z")).toBe("3 Jun 2026, 16:05 UTC");
    expect(formatUtcDateTime("2026-12-31T23:59:59.999Z")).toBe("31 Dec 2026, 23:59 UTC");
    expect(formatUtcDateTime("2027-01-01T00:00:00+02:00")).toBe("31 Dec 2026, 22:00 UTC");
  });

  it("does not invent a date from garbage", () => {
    expect(formatUtcDateTime("not a date")).toBe("—");
  });
});

describe("phase labels", () => {
  it("names the three statuses, and a sold-out phase", () => {
    expect(PHASE_STATUS_LABEL).toEqual({ active: "Live", upcoming: "Upcoming", ended: "Ended", sold_out: "Sold out" });
  });

  it("badges a live or upcoming phase with nothing left as sold out, and an ended one as ended", () => {
    expect(phaseBadge({ status: "active", soldOut: true })).toBe("sold_out");
    expect(phaseBadge({ status: "upcoming", soldOut: true })).toBe("sold_out");
    expect(phaseBadge({ status: "ended", soldOut: true })).toBe("ended");
    expect(phaseBadge({ status: "active", soldOut: false })).toBe("active");
  });

  it("writes BOGO as buy N, get M free, and nothing without an offer", () => {
    expect(bogoLabel({ buy: 2, get: 1 })).toBe("Buy 2, get 1 free");
    expect(bogoLabel(null)).toBeNull();
    expect(bogoLabel({ buy: 0, get: 1 })).toBeNull();
  });

  it("says who may mint, without repeating a phase name such as Allowlist", () => {
    expect(accessLabel(true)).toBe("Allow list / holders only");
    expect(accessLabel(true)).not.toMatch(/allowlist/i);
    expect(accessLabel(false)).toBe("Open to everyone");
  });

  it("lists only the limits the phase sets", () => {
    expect(phaseLimitLabels({ maxPerWallet: 3, maxPerTransaction: 3, phaseSupply: 50 })).toEqual([
      "Max 3 per wallet",
      "Max 3 per transaction",
      "50 in this phase",
    ]);
    expect(phaseLimitLabels({ maxPerWallet: null, maxPerTransaction: null, phaseSupply: 1200 })).toEqual([
      "1,200 in this phase",
    ]);
    expect(phaseLimitLabels({ maxPerWallet: null, maxPerTransaction: null, phaseSupply: null })).toEqual([]);
  });
});

describe("phaseCountdownTarget", () => {
  it("counts an upcoming phase down to its start and a live one to its end", () => {
    expect(
      phaseCountdownTarget({ status: "upcoming", soldOut: false, msUntilStart: 5_000, msUntilEnd: 9_000 }),
    ).toEqual({
      verb: "Starts in",
      ms: 5_000,
    });
    expect(phaseCountdownTarget({ status: "active", soldOut: false, msUntilStart: null, msUntilEnd: 9_000 })).toEqual({
      verb: "Ends in",
      ms: 9_000,
    });
  });

  it("has no countdown for a sold-out phase: nothing happens at its end", () => {
    expect(phaseCountdownTarget({ status: "active", soldOut: true, msUntilStart: null, msUntilEnd: 9_000 })).toBeNull();
    expect(
      phaseCountdownTarget({ status: "upcoming", soldOut: true, msUntilStart: 5_000, msUntilEnd: null }),
    ).toBeNull();
  });

  it("has no countdown for a live phase without an end, or an ended one", () => {
    expect(phaseCountdownTarget({ status: "active", soldOut: false, msUntilStart: null, msUntilEnd: null })).toBeNull();
    expect(phaseCountdownTarget({ status: "ended", soldOut: false, msUntilStart: null, msUntilEnd: null })).toBeNull();
  });

  it("announces a change of status in a sentence", () => {
    expect(statusChangeAnnouncement("Public", "active")).toBe("Public is now live.");
    expect(statusChangeAnnouncement("Allowlist", "ended")).toBe("Allowlist has ended.");
    expect(statusChangeAnnouncement(null, "active")).toBe("A phase is now live.");
  });
});

describe("supplySummary", () => {
  const stats = { totalSupply: 100, mintedCount: 12, availableCount: 88, percentMinted: 12, isOpenEnded: false };

  it("reads minted of total", () => {
    expect(supplySummary(stats)).toEqual({
      kind: "capped",
      minted: 12,
      total: 100,
      percent: 12,
      soldOut: false,
      text: "12 of 100 minted",
    });
  });

  it("marks a drop with nothing left as sold out", () => {
    expect(supplySummary({ ...stats, mintedCount: 100, availableCount: 0, percentMinted: 100 })).toMatchObject({
      soldOut: true,
      text: "100 of 100 minted",
    });
  });

  it("shows an open-ended drop as an open edition, with no total", () => {
    expect(
      supplySummary({ totalSupply: 0, mintedCount: 1234, availableCount: 0, percentMinted: 0, isOpenEnded: true }),
    ).toEqual({
      kind: "open",
      minted: 1234,
      text: "1,234 minted · open edition",
    });
  });

  it("groups thousands the same way everywhere", () => {
    expect(supplySummary({ ...stats, totalSupply: 10_000, mintedCount: 1_234, availableCount: 8_766 }).text).toBe(
      "1,234 of 10,000 minted",
    );
  });

  it("keeps an early drop off 0 % and an almost sold-out one off 100 %", () => {
    expect(formatPercent(0.25)).toBe("0.3%");
    expect(formatPercent(0.001)).toBe("<0.1%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(99.9)).toBe("99.9%");
    expect(formatPercent(99.999)).toBe(">99.9%");
  });

  it("rounds the drop's share from its counts, once: 2 of 12 is 16.7%, not the wire's 16.66%", () => {
    const summary = supplySummary({
      ...stats,
      totalSupply: 12,
      mintedCount: 2,
      availableCount: 10,
      percentMinted: 16.66,
    });
    expect(summary.kind === "capped" && formatPercent(summary.percent)).toBe("16.7%");
  });
});

describe("socialLinks", () => {
  it("keeps full http(s) URLs and builds them from handles, invite codes and bare domains", () => {
    expect(
      socialLinks({
        twitter: "https://x.com/dropmint",
        discord: "https://discord.gg/dropmint",
        externalUrl: "https://dropmint.example",
      }),
    ).toEqual([
      { kind: "twitter", label: "Twitter", href: "https://x.com/dropmint" },
      { kind: "discord", label: "Discord", href: "https://discord.gg/dropmint" },
      { kind: "website", label: "Website", href: "https://dropmint.example/" },
    ]);
    expect(
      socialLinks({ twitter: "@sprites", discord: "abc123", externalUrl: "sprites.example/about" }).map(
        (link) => link.href,
      ),
    ).toEqual(["https://x.com/sprites", "https://discord.gg/abc123", "https://sprites.example/about"]);
  });

  it("drops what is missing and never links a script or data URL", () => {
    expect(socialLinks({ twitter: null, discord: "  ", externalUrl: "javascript:alert(1)" })).toEqual([]);
    expect(socialLinks({ twitter: "data:text/html,hi", discord: null, externalUrl: null })).toEqual([]);
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("https://packs.dropmint.example/mint/packs")).toBe("https://packs.dropmint.example/mint/packs");
  });
});

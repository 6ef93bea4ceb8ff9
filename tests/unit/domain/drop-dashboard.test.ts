// The dashboard's pure rules: the per-minute series, revenue per currency, the funnel from
// session states, the prize account's funding, and CSV fields a spreadsheet cannot run.
import { describe, expect, it } from "vitest";
import {
  MAX_CHART_MINUTES,
  MIN_CHART_MINUTES,
  funnelOf,
  mintsPerMinute,
  prizeFunding,
  totalsByCurrency,
} from "@/lib/domain/drop-dashboard";
import { NATIVE_SOL_MINT } from "@/lib/domain/bounty-summary";
import { csvField } from "@/lib/domain/mints-csv";

const at = (iso: string) => new Date(iso);

describe("mints per minute", () => {
  it("spans the last hour with empty minutes as 0 and counts within a minute together", () => {
    const now = at("2026-11-26T12:30:45Z");
    const series = mintsPerMinute(
      [
        { minute: at("2026-11-26T12:29:00Z"), count: 2 },
        { minute: at("2026-11-26T12:29:59Z"), count: 1 },
        { minute: at("2026-11-26T12:30:10Z"), count: 4 },
      ],
      now,
    );
    expect(series).toHaveLength(MIN_CHART_MINUTES);
    expect(series[0]!.minute.toISOString()).toBe("2026-11-26T11:31:00.000Z");
    expect(series.at(-2)).toEqual({ minute: at("2026-11-26T12:29:00Z"), count: 3 });
    expect(series.at(-1)).toEqual({ minute: at("2026-11-26T12:30:00Z"), count: 4 });
    expect(series.slice(0, -2).every((p) => p.count === 0)).toBe(true);
  });

  it("starts at the sale's first minute when it is older than an hour, and never more than a day back", () => {
    const now = at("2026-11-26T12:00:00Z");
    expect(mintsPerMinute([{ minute: at("2026-11-26T09:00:30Z"), count: 1 }], now)[0]).toEqual({
      minute: at("2026-11-26T09:00:00Z"),
      count: 1,
    });
    const old = mintsPerMinute([{ minute: at("2026-11-20T00:00:00Z"), count: 5 }], now);
    expect(old).toHaveLength(MAX_CHART_MINUTES);
    expect(old.every((p) => p.count === 0)).toBe(true);
  });
});

describe("revenue and funnel", () => {
  it("adds revenue rows up per currency", () => {
    expect(
      totalsByCurrency([
        { phaseId: "a", currency: "SOL", mints: 2, proceedsRaw: 200n, feesRaw: 10n },
        { phaseId: "b", currency: "SOL", mints: 1, proceedsRaw: 50n, feesRaw: 5n },
        { phaseId: "b", currency: "DUSD", mints: 1, proceedsRaw: 7n, feesRaw: 0n },
      ]),
    ).toEqual([
      { currency: "DUSD", mints: 1, proceedsRaw: 7n, feesRaw: 0n },
      { currency: "SOL", mints: 3, proceedsRaw: 250n, feesRaw: 15n },
    ]);
  });

  it("reads the funnel from session states and sorts refusals most first", () => {
    const funnel = funnelOf({ minted: 5, expired: 2, prepared: 1, pending: 1, failed: 1, superseded: 3 }, 7, [
      { stage: "execute", code: "SESSION_EXPIRED", count: 1 },
      { stage: "prepare", code: "RATE_LIMITED", count: 9 },
      { stage: "prepare", code: "SOLD_OUT", count: 0 },
    ]);
    expect(funnel).toEqual({
      prepared: 13,
      executed: 7,
      landed: 5,
      expired: 2,
      failed: 1,
      superseded: 3,
      open: 2,
      refused: [
        { stage: "prepare", code: "RATE_LIMITED", count: 9 },
        { stage: "execute", code: "SESSION_EXPIRED", count: 1 },
      ],
      refusedTotal: 10,
    });
  });
});

describe("prize funding", () => {
  it("owes each token's prizes against what the account holds, never a negative shortfall", () => {
    const token = "Tok1111111111111111111111111111111111111111";
    const owed = [
      { tokenMint: null, tokenSymbol: null, tokenDecimals: null, amount: 300n },
      { tokenMint: null, tokenSymbol: "SOL", tokenDecimals: 9, amount: 200n },
      { tokenMint: token, tokenSymbol: "DUSD", tokenDecimals: 6, amount: 40n },
    ];
    const funding = prizeFunding(
      owed,
      new Map([
        [NATIVE_SOL_MINT, 120n],
        [token, 100n],
      ]),
    );
    expect(funding).toEqual([
      { address: NATIVE_SOL_MINT, symbol: "SOL", decimals: 9, neededRaw: 500n, heldRaw: 120n, shortfallRaw: 380n },
      { address: token, symbol: "DUSD", decimals: 6, neededRaw: 40n, heldRaw: 100n, shortfallRaw: 0n },
    ]);
  });
});

describe("CSV fields", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(csvField("Sprite #1")).toBe("Sprite #1");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("+1,2")).toBe('"\'+1,2"');
    expect(csvField(null)).toBe("");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(12n)).toBe("12");
  });
});

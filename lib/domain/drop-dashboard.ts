// Pure rules of a creator's live dashboard (the studio): the mints-per-minute series with its
// empty minutes filled in, revenue per phase and currency, the mint funnel from session
// states and refusal counts, and what the prize account still needs to pay the prizes.
// Money stays bigint in the smallest unit; the wire carries it as decimal strings.
import { summarizePrizePool, type TokenPrize } from "./bounty-summary";

const MINUTE_MS = 60_000;
/** The chart always spans at least the last hour, and at most a day (one point a minute). */
export const MIN_CHART_MINUTES = 60;
export const MAX_CHART_MINUTES = 24 * 60;

export type MinuteCount = { minute: Date; count: number };

/** The UTC minute an instant falls in. */
export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
}

/**
 * One point a minute from the sale's first counted minute (or an hour ago, whichever is
 * earlier, at most a day ago) to the current minute, minutes without a mint as 0. Counts
 * outside the window are left out: the totals elsewhere still count them.
 */
export function mintsPerMinute(counts: readonly MinuteCount[], now: Date): MinuteCount[] {
  const last = minuteOf(now).getTime();
  const floor = last - (MAX_CHART_MINUTES - 1) * MINUTE_MS;
  const earliest = Math.min(
    ...counts.map((c) => minuteOf(c.minute).getTime()),
    last - (MIN_CHART_MINUTES - 1) * MINUTE_MS,
  );
  const first = Math.max(earliest, floor);
  const byMinute = new Map<number, number>();
  for (const { minute, count } of counts) {
    const at = minuteOf(minute).getTime();
    byMinute.set(at, (byMinute.get(at) ?? 0) + count);
  }
  const series: MinuteCount[] = [];
  for (let at = first; at <= last; at += MINUTE_MS) series.push({ minute: new Date(at), count: byMinute.get(at) ?? 0 });
  return series;
}

export type RevenueRow = {
  phaseId: string | null;
  currency: string;
  mints: number;
  /** What buyers paid the creator (the treasury). */
  proceedsRaw: bigint;
  /** What buyers paid the platform on top. */
  feesRaw: bigint;
};

export type CurrencyTotal = { currency: string; mints: number; proceedsRaw: bigint; feesRaw: bigint };

/** Revenue rows of one phase (or of mints with no phase when `phaseId` is null), one per currency. */
export function revenueOfPhase(rows: readonly RevenueRow[], phaseId: string | null): CurrencyTotal[] {
  return totalsByCurrency(rows.filter((row) => row.phaseId === phaseId));
}

/** Rows added up per currency, in currency order. */
export function totalsByCurrency(rows: readonly RevenueRow[]): CurrencyTotal[] {
  const byCurrency = new Map<string, CurrencyTotal>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? { currency: row.currency, mints: 0, proceedsRaw: 0n, feesRaw: 0n };
    total.mints += row.mints;
    total.proceedsRaw += row.proceedsRaw;
    total.feesRaw += row.feesRaw;
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}

/** Session states as the database keeps them (SessionStatus). */
export type SessionStateCounts = Partial<Record<string, number>>;
export type RefusalCount = { stage: string; code: string; count: number };

export type Funnel = {
  /** NFTs prepared (one session each), by every prepare that was answered. */
  prepared: number;
  /** Sessions an execute took and sent to the chain. */
  executed: number;
  landed: number;
  /** Prepared and never signed in time. */
  expired: number;
  /** Sent and refused by the chain. */
  failed: number;
  /** Replaced, unsigned, by the same wallet's newer prepare. */
  superseded: number;
  /** Prepared or sent, not settled yet. */
  open: number;
  /** Prepare and execute calls refused, by stage and code, most first. */
  refused: RefusalCount[];
  refusedTotal: number;
};

/**
 * The funnel from durable rows: every session ever prepared is one row whose state says how
 * far it went; `executed` counts sessions an execute claimed (they carry a submission time).
 */
export function funnelOf(states: SessionStateCounts, executed: number, refusals: readonly RefusalCount[]): Funnel {
  const n = (state: string) => states[state] ?? 0;
  const prepared = Object.values(states).reduce<number>((sum, count) => sum + (count ?? 0), 0);
  const refused = refusals
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.stage.localeCompare(b.stage) || a.code.localeCompare(b.code));
  return {
    prepared,
    executed,
    landed: n("minted"),
    expired: n("expired"),
    failed: n("failed"),
    superseded: n("superseded"),
    open: n("prepared") + n("processing") + n("pending"),
    refused,
    refusedTotal: refused.reduce((sum, r) => sum + r.count, 0),
  };
}

/** A prize still owed: an unclaimed bounty's amount, or a won prize not yet paid out. */
export type OwedPrize = TokenPrize;
export type PrizeFunding = {
  /** The token's mint (native SOL's mint address for SOL). */
  address: string;
  symbol: string | null;
  decimals: number;
  neededRaw: bigint;
  heldRaw: bigint;
  /** What the creator still has to send to the prize account; 0 when it holds enough. */
  shortfallRaw: bigint;
};

/**
 * What the prize account must hold to pay every token prize still owed, per token, against
 * what it holds. `held` is keyed by token address (native SOL's mint address for SOL).
 */
export function prizeFunding(owed: readonly OwedPrize[], held: ReadonlyMap<string, bigint>): PrizeFunding[] {
  return summarizePrizePool(owed).tokens.map((token) => {
    const heldRaw = held.get(token.address) ?? 0n;
    const shortfall = token.poolRaw - heldRaw;
    return {
      address: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      neededRaw: token.poolRaw,
      heldRaw,
      shortfallRaw: shortfall > 0n ? shortfall : 0n,
    };
  });
}

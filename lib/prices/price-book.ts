// Token prices for display and pegged quotes, cached as one snapshot per TTL.
//
// - Each symbol belongs to the first source that lists it (static pins before the provider).
// - One refresh at a time: concurrent callers share it, so the provider is asked at most
//   once per TTL however busy the site is.
// - A failing source never fails a request: its symbols are unavailable in that snapshot
//   (price 0, source "unavailable" on GET /token-prices). The price book still remembers the
//   last good price of each symbol for up to STALE_LIMIT_TTLS × TTL, which pegged quotes may
//   use, flagged isStale.
import { createLogger } from "@/lib/log";
import type { PriceSource } from "./price-source";

const log = createLogger("prices");

export type PriceQuote = { symbol: string; price: number; source: string; fetchedAt: number };

/** Why a symbol has no price in a snapshot: its source failed as a whole, or answered without it. */
export type Unavailable = { source: string; cause: "source-failed" | "not-priced" };

export type PriceSnapshot = {
  takenAt: number;
  ttlSeconds: number;
  /** Every symbol some source covers, in source order; undefined = unavailable now. */
  quotes: Readonly<Record<string, PriceQuote | undefined>>;
  /** Each symbol without a quote, and why (GET /token-prices says it in `reasons`). */
  unavailable: Readonly<Record<string, Unavailable>>;
};

export const STALE_LIMIT_TTLS = 10;

export class PriceBook {
  private current: PriceSnapshot | null = null;
  private refreshing: Promise<PriceSnapshot> | null = null;
  private readonly lastGood = new Map<string, PriceQuote>();
  /** Sources whose last fetch failed: logged once when they go down. */
  private readonly down = new Set<string>();

  constructor(
    private readonly sources: readonly PriceSource[],
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  get ttlMs(): number {
    return this.ttlSeconds * 1000;
  }

  /** The current snapshot, refreshed when older than the TTL. */
  snapshot(): Promise<PriceSnapshot> {
    if (this.current && this.now() - this.current.takenAt < this.ttlMs) return Promise.resolve(this.current);
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
    return this.refreshing;
  }

  /** The symbol's price from the current snapshot, else its last good price if not too old; null when none. */
  async usdPrice(symbol: string): Promise<PriceQuote | null> {
    const key = symbol.toUpperCase();
    const fresh = (await this.snapshot()).quotes[key];
    if (fresh) return fresh;
    const last = this.lastGood.get(key);
    return last && this.now() - last.fetchedAt <= STALE_LIMIT_TTLS * this.ttlMs ? last : null;
  }

  /**
   * A source that is offline is logged when it goes down and when it comes back, not at
   * every refresh: offline, a price source fails every few minutes for as long as it runs.
   */
  private noteDown(name: string, error: unknown): null {
    if (!this.down.has(name)) log.warn(`token price source ${name} unavailable (logged once until it answers)`, error);
    this.down.add(name);
    return null;
  }

  private noteUp(name: string, prices: Record<string, number>): Record<string, number> {
    if (this.down.delete(name)) log.info(`token price source ${name} answers again`);
    return prices;
  }

  private async refresh(): Promise<PriceSnapshot> {
    const takenAt = this.now();
    const owners = new Map<string, number>();
    this.sources.forEach((source, index) =>
      source.symbols.forEach((symbol) => owners.has(symbol) || owners.set(symbol, index)),
    );
    const results = await Promise.all(
      this.sources.map((source) =>
        source.fetchUsdPrices().then(
          (prices) => this.noteUp(source.name, prices),
          (error: unknown) => this.noteDown(source.name, error),
        ),
      ),
    );
    const quotes: Record<string, PriceQuote | undefined> = {};
    const unavailable: Record<string, Unavailable> = {};
    for (const [symbol, index] of owners) {
      const source = this.sources[index]!.name;
      const price = results[index]?.[symbol];
      const usable = typeof price === "number" && Number.isFinite(price) && price > 0;
      quotes[symbol] = usable ? { symbol, price, source, fetchedAt: takenAt } : undefined;
      if (usable) this.lastGood.set(symbol, quotes[symbol]!);
      else unavailable[symbol] = { source, cause: results[index] === null ? "source-failed" : "not-priced" };
    }
    this.current = { takenAt, ttlSeconds: this.ttlSeconds, quotes, unavailable };
    return this.current;
  }
}

// A source of USD token prices. Sources are pluggable: the price book asks each source for
// the symbols it covers and treats a throw as "unavailable right now".

export interface PriceSource {
  /** Reported in `sources[symbol]` (e.g. "coingecko", "static"). */
  readonly name: string;
  /** Upper-case symbols this source prices. */
  readonly symbols: readonly string[];
  /** USD per whole token, by symbol; a missing symbol is unavailable. Throws when the source is down. */
  fetchUsdPrices(): Promise<Record<string, number>>;
}

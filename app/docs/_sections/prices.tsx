// API docs: token prices, pegged quotes and dutch-auction prices, with the decisions the
// spec leaves open.
import { Operation } from "../_reference/operation";
import { Err } from "../_reference/error-code";
import { getConfig } from "@/lib/config";
import { STALE_LIMIT_TTLS } from "@/lib/prices/price-book";

export function PricesSection({ cacheSeconds = getConfig().tokenPrices.cacheSeconds }: { cacheSeconds?: number }) {
  return (
    <section id="prices" aria-labelledby="prices-heading" className="space-y-3">
      <h2 id="prices-heading" className="text-2xl font-semibold">
        Prices
      </h2>

      <Operation router="v1" id="getTokenPrices" />
      <p>
        <code>{`{ success, prices, sources, reasons, timestamp, cacheTTL }`}</code>: USD per whole token by symbol, for
        display only (never for settlement). Global: it names no drop, so any valid key (any scope) may read it.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Sources: a static table set by the operator (<code>sources[symbol]</code> is <code>static</code>; pinned
          symbols are never asked of the provider), then a CoinGecko-compatible provider (<code>coingecko</code>).
        </li>
        <li>
          A source that fails never fails the request: its symbols answer price <code>0</code> and source{" "}
          <code>unavailable</code>. Always read <code>sources[symbol]</code> before showing a price.
        </li>
        <li>
          Decided: an unavailable price stays <code>0</code> (the v1 shape, not <code>null</code>), and{" "}
          <code>reasons</code>, an addition to that shape, says why in a plain sentence (the provider could not be
          reached, has no price for the symbol, or none is configured). <code>reasons</code> lists exactly the symbols
          whose source is <code>unavailable</code> and is empty when every price is available. Show such a price as
          unavailable, never as &quot;$0&quot;; the site never does (it shows no USD figure at all).
        </li>
        <li>
          One snapshot is shared by every caller for <code>cacheTTL</code> seconds (currently {cacheSeconds});{" "}
          <code>timestamp</code> is when it was taken (ms since epoch).
        </li>
      </ul>

      <Operation router="v1" id="getPeggedPrice" />
      <p>
        A short-lived quote for a pegged phase, scoped through the phase&apos;s own drop (a key for another drop gets{" "}
        <Err code="COLLECTION_NOT_IN_SCOPE" />, the same for an unknown phase).
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>pegMode: &quot;usd&quot;</code>: one NFT is worth <code>usdEquivalent</code> USD.{" "}
          <code>pegMode: &quot;native&quot;</code>: one NFT is worth <code>nativeEquivalent</code> of the native token
          (SOL), whose USD price is <code>nativePrice</code>.
        </li>
        <li>
          The collector pays <code>tokenAmount</code> of <code>tokenSymbol</code> (the phase currency unless the peg
          names another token), in whole-token units, rounded <strong>up</strong> to the token&apos;s smallest unit.{" "}
          <code>tokenPrice</code> is its USD price and <code>usdValue</code> the USD value of <code>tokenAmount</code>.
        </li>
        <li>
          <code>slippageTolerance</code> is a fraction (<code>0.02</code> = 2%). A buyer who sends the{" "}
          <code>tokenAmount</code> it saw as <code>quotedTokenAmount</code> in the prepare-mint body is charged the live
          quote only up to that amount plus the tolerance (rounded up to the smallest unit); above it prepare answers{" "}
          <Err code="PRICE_MOVED" /> with the live <code>tokenAmount</code>, and reserves nothing. A lower live price is
          charged as it is. Without <code>quotedTokenAmount</code>, the live quote is charged (prepare&apos;s{" "}
          <code>pricing</code> shows it before anything is signed). <code>source</code> names the price sources used,
          joined with <code>+</code> when there are two.
        </li>
        <li>
          The quote is valid for <code>validitySeconds</code>: from <code>quotedAt</code> to <code>expiresAt</code> (ms
          since epoch). Refresh it rather than reuse it.
        </li>
        <li>
          <code>isStale: true</code> means a price is older than the token-price TTL: the provider failed and the last
          good price (kept for up to {STALE_LIMIT_TTLS} TTLs) was used. Such a quote is shown, never charged: a
          prepare-mint priced by it answers <Err code="PRICE_STALE" /> and reserves nothing, with or without{" "}
          <code>quotedTokenAmount</code> (retry once the provider answers again).
        </li>
        <li>
          A phase that is not pegged, or whose peg settings are incomplete: <Err code="PHASE_NOT_PEGGED" />. No price at
          all: <Err code="PRICE_UNAVAILABLE" /> (retry; never read it as 0).
        </li>
      </ul>

      <Operation router="v1" id="getDutchPrice" />
      <p>
        The live price of a dutch-auction phase, scoped like pegged-price. Every amount (<code>price</code>,{" "}
        <code>basePrice</code>, <code>surgePremium</code>, <code>decayAmount</code>, <code>floorPrice</code>,{" "}
        <code>ceilingPrice</code> and those in <code>config</code>) is in the phase currency&apos;s units (e.g. SOL,
        like <code>priceDisplay</code>), named by the additive <code>currency</code>. prepare-mint charges by the same
        rule.
      </p>
      <ol className="list-decimal space-y-1 pl-6">
        <li>
          <strong>Decay:</strong> the price starts at the base price and drops by <code>config.decayAmount</code> for
          every full <code>config.decayIntervalMinutes</code> that passes without a mint. The decay clock starts at the
          phase start (<code>startedAt</code>) and restarts at every mint (<code>lastMintAt</code>), so a selling
          auction holds its price.
        </li>
        <li>
          <strong>Floor:</strong> decay never takes the price below <code>floorPrice</code>.
        </li>
        <li>
          <strong>Surge:</strong> while <code>mintsInWindow</code> (mints in the last <code>surgeWindowMinutes</code>)
          reaches <code>surgeThreshold</code>, <code>isSurging</code> is true and the premium is added.
        </li>
        <li>
          <strong>Ceiling:</strong> the result never exceeds <code>ceilingPrice</code>.
        </li>
      </ol>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>price = basePrice − decayAmount + surgePremium</code>, where the top-level <code>decayAmount</code> and{" "}
          <code>surgePremium</code> are what took effect now, after the floor and ceiling (the configured step and
          premium are in <code>config</code>).
        </li>
        <li>
          Mints are landed mints of the phase; bonus mints (buy-N-get-M, bounty) ride on a paid mint and do not count as
          demand.
        </li>
        <li>
          Before the start the price is the base price; after the phase ends it stays at the price it had when it ended.{" "}
          <code>timestamp</code> is the server time of the answer (ms since epoch).
        </li>
        <li>
          A phase that is not a dutch auction, or whose settings are incomplete: <Err code="PHASE_NOT_DUTCH" />.
        </li>
      </ul>
    </section>
  );
}

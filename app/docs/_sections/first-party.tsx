// API docs: the first-party read router (/api/public), with the decisions the spec leaves
// open ("base address not shown", feed contents, trending window, pre-launch envelope, NFT
// identifiers, code check body).
import { ROUTER_BASE } from "@/lib/api/openapi/document";
import { StatusOf } from "../_reference/error-code";
import { Endpoint } from "../_reference/operation";
import {
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_QUERY_MIN_LENGTH,
  TRENDING_TYPE,
  TRENDING_WINDOW_HOURS,
} from "@/lib/schemas/discovery";
import { CLAIM_CODE_MAX_LENGTH, CLAIM_CODE_MIN_LENGTH } from "@/lib/domain/claim-code-format";
import { MAX_TOKEN_ID } from "@/lib/services/nft-lookup";
import { Err } from "../_reference/error-code";
import { DISCOVERY_LIMIT } from "@/lib/schemas/discovery";
import { GALLERY_LIMIT } from "@/lib/schemas/gallery";
import { RECENTLY_MINTED_LIMIT } from "@/lib/schemas/minted-items";

const base = ROUTER_BASE.public;

export function FirstPartySection() {
  return (
    <section id="first-party" aria-labelledby="first-party-heading" className="space-y-3">
      <h2 id="first-party-heading" className="text-2xl font-semibold">
        First-party read router
      </h2>
      <p>
        These endpoints power the site&apos;s own discovery pages. They live under <code>{base}</code> and are not part
        of the partner contract: partners use <code>/api/v1</code>.
      </p>

      <h3 className="text-lg font-semibold">Who may call them</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Only the site itself: a request whose <code>Origin</code> is one of the site&apos;s origins (
          <code>SITE_ORIGINS</code>), or a same-origin browser fetch without <code>Origin</code> (
          <code>Sec-Fetch-Site: same-origin</code>). Responses echo that origin in{" "}
          <code>Access-Control-Allow-Origin</code>, never <code>*</code>.
        </li>
        <li>
          Any request carrying an <code>X-API-Key</code> header is refused with <Err code="PARTNER_KEY_NOT_ALLOWED" />,
          whatever the key&apos;s class (publishable, secret, sandbox), even from the site&apos;s own origin, and
          whether or not the key is valid. The key is not looked up.
        </li>
        <li>
          No key and not from the site: <Err code="API_KEY_REQUIRED" />, the spec&apos;s answer for &quot;no key and no
          recognised origin&quot;.
        </li>
        <li>
          Recognising the site is a browser convenience, not a secret: these endpoints show only what the public site
          shows. The per-IP read budget applies (
          <Err code="RATE_LIMITED" /> with <code>Retry-After</code>).
        </li>
        <li>
          Wrong methods answer <Err code="METHOD_NOT_ALLOWED" />, unknown paths under <code>{base}</code> answer{" "}
          <Err code="NOT_FOUND" />, malformed input <Err code="INVALID_REQUEST" />.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">Limits</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Every list is paginated with <code>limit</code> and <code>offset</code>. Feeds, the collection list and search
          default to {DISCOVERY_LIMIT.defaultLimit} and are capped at {DISCOVERY_LIMIT.maxLimit}: a larger limit is
          served as {DISCOVERY_LIMIT.maxLimit} and the page reports the limit applied; a limit below 1 or not a whole
          number is a <StatusOf code="INVALID_REQUEST" />. Each page reports <code>total</code>, <code>limit</code>,{" "}
          <code>offset</code> and <code>hasMore</code> (additive to the spec&apos;s shapes); search reports no{" "}
          <code>total</code>, only <code>hasMore</code>.
        </li>
        <li>
          Gallery: default {GALLERY_LIMIT.defaultLimit}, at most {GALLERY_LIMIT.maxLimit} (as on v1). Recently-minted:
          default {RECENTLY_MINTED_LIMIT.defaultLimit}, at most {RECENTLY_MINTED_LIMIT.maxLimit} (as on v1); above
          those, a <StatusOf code="INVALID_REQUEST" />.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">Discovery feeds</h3>
      <p>
        Feed items are collection cards: <code>id</code>, <code>shortId</code>, <code>name</code>, <code>image</code>,{" "}
        <code>isVerified</code>, <code>launchStatus</code>, <code>status</code> (active, upcoming or ended, from the
        phases on the server clock), <code>price</code> (the current or next phase&apos;s price display) and{" "}
        <code>stats</code> (supply). A card is <em>active</em> when a phase is active now, else <em>upcoming</em> when a
        phase starts later, else <em>ended</em> (also a drop with no phases). A pre-launch drop is always upcoming and
        shows <code>price: null</code>. Unless a feed says otherwise, cards are ordered featured first, then oldest
        first.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <Endpoint router="public" id="getPlatformCapabilities" />: <code>chains</code> (the one Solana cluster this
          deployment runs on: <code>name</code>, <code>cluster</code>, <code>isProduction</code>), <code>features</code>{" "}
          (<code>claimCodes</code>, <code>bounties</code>, <code>dutchPricing</code>, <code>peggedPricing</code>,{" "}
          <code>delayedReveal</code>, <code>collectionSearch</code>, and <code>faucet</code>, true on localnet only;{" "}
          <code>peggedPricing</code> is true only when a price source is configured), <code>priceSource</code> (
          <code>provider</code>, <code>static</code> or <code>none</code>), <code>limits</code> (this deployment&apos;s
          configured <code>readsPerMinute</code>, <code>mintsPerMinute</code>, <code>chainReadsPerMinute</code>,{" "}
          <code>sessionTtlSeconds</code> and <code>platformFeeLamports</code>) and <code>serverTime</code>. Everything
          but <code>serverTime</code> is read from the running configuration.
        </li>
        <li>
          <Endpoint router="public" id="getPublicTokenPrices" />: the same snapshot as <code>/api/v1/token-prices</code>
          .
        </li>
        <li>
          <Endpoint router="public" id="getFeatured" /> → <code>{"{success, collections}"}</code>: drops the operator
          flagged as featured (the collection&apos;s <code>isFeatured</code> flag), any launch status.
        </li>
        <li>
          <Endpoint router="public" id="getLiveMints" /> → <code>{"{success, mints}"}</code>: launched drops that can be
          minted now: a phase active on the server clock with supply left in it (its own <code>phaseSupply</code>, if
          any, not yet landed), and the drop not sold out. A sold-out drop is <code>ended</code> on every card and in
          every status filter, whatever its phases&apos; clocks say; a drop whose active phases are all sold out is{" "}
          <code>upcoming</code> when a later phase is scheduled, else <code>ended</code>. A card&apos;s{" "}
          <code>price</code> is that of the phase its status speaks for, resolved as on the drop page (a dutch
          auction&apos;s live price, a pegged phase&apos;s quote).
        </li>
        <li>
          <Endpoint router="public" id="getUpcomingMints" /> → <code>{"{success, mints}"}</code>: drops whose status is
          upcoming — a phase starts later and none is active — and every pre-launch drop.
        </li>
        <li>
          <Endpoint router="public" id="getTrending" /> → <code>{"{success, type, windowHours, collections}"}</code>:
          launched drops ranked by landed mints in the last {TRENDING_WINDOW_HOURS} hours, most first. <code>type</code>{" "}
          is always <code>&quot;{TRENDING_TYPE}&quot;</code> (the only ranking today; new values may be added) and{" "}
          <code>windowHours</code> is {TRENDING_WINDOW_HOURS}. Each card adds <code>windowMints</code>. A drop with no
          mint in the window is not listed.
        </li>
        <li>
          <Endpoint router="public" id="getRecentSoldouts" /> → <code>{"{collections}"}</code> with no{" "}
          <code>success</code> member: launched drops with a supply cap whose every item is minted (burned ones count),
          latest sell-out first. Each card adds <code>soldOutAt</code>, the time of the drop&apos;s last landed mint.
          Open-ended drops never sell out.
        </li>
        <li>
          <Endpoint router="public" id="listCollections" /> → <code>{"{success, collections}"}</code>: every drop.{" "}
          <code>blockchain</code> is a chain name (<code>solana-devnet</code>, …) or <code>solana</code> for every
          Solana chain; <code>status</code> is <code>active</code>, <code>ended</code> or <code>upcoming</code> with the
          card rule above, applied in the database so pages and totals agree.
        </li>
        <li>
          <Endpoint router="public" id="searchCollections" />
          <code>?q=</code> → <code>{"{success, collections}"}</code>: <code>q</code> is trimmed and must be{" "}
          {SEARCH_QUERY_MIN_LENGTH} to {SEARCH_QUERY_MAX_LENGTH} characters (else <Err code="INVALID_REQUEST" />
          ). The site&apos;s own search box: not in <code>@dropmint/client</code>, whose calls all work with a partner
          key. Matches a case-insensitive substring of the name, the symbol or the short ID; <code>%</code> and{" "}
          <code>_</code> match themselves. Only launched drops are searched (a pre-launch drop&apos;s symbol and supply
          are not public yet; upcoming-mints lists them). Items are snake_case: <code>id</code>, <code>short_id</code>,{" "}
          <code>name</code>, <code>symbol</code>, <code>image</code>, <code>total_supply</code> (0 for an open-ended
          drop), <code>minted_count</code>, <code>blockchain_network</code>, <code>is_verified</code>, and two
          additions: <code>status</code> and <code>price</code>, as the drop&apos;s card shows them; ordered by name,
          then id. No <code>total</code>: counting every match would run the search twice, so a page says only{" "}
          <code>hasMore</code>. Every query is looked up in an index over the three columns: a trigram (pg_trgm GIN)
          index when it has three letters or digits in a row, else an index of character pairs (two letters,
          punctuation), so a search reads only the drops that can match: about a millisecond of database time at
          thousands of drops, unless most of them match. Identical searches in flight at the same moment share one
          database query.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">One drop</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <Endpoint router="public" id="getPublicCollection" /> (short ID, UUID or on-chain address): for a launched
          drop, the v1 Collection response (record, stats, phases, capabilities, <code>serverTime</code>) plus{" "}
          <code>status: &quot;live&quot;</code>. For a drop not launched yet, the pre-launch envelope{" "}
          <code>{"{success: true, status, collection: {shortId, name, image, bannerImage}, serverTime}"}</code> with{" "}
          <code>status</code> one of <code>coming_soon</code>, <code>deploying</code>, <code>maintenance</code>: the
          teaser&apos;s name and art only — no id, symbol, description, supply, phases, prices, addresses or
          capabilities. Branch on <code>status</code>. Unknown drop: <Err code="COLLECTION_NOT_FOUND" />.
        </li>
        <li>
          <Endpoint router="public" id="getPublicGallery" />: the v1 gallery (mintable NFTs). With{" "}
          <code>mintedOnly=true</code> (or <code>1</code>; <code>false</code>/<code>0</code> is the default) it lists
          the minted NFTs instead, burned ones included (<code>mint_status</code> minted or burned), each shown by its
          own reveal state.
        </li>
        <li>
          <Endpoint router="public" id="getPublicRecentlyMinted" />: the v1 recently-minted feed.
        </li>
        <li>Before launch, the gallery and recently-minted of a drop answer empty pages.</li>
        <li>
          <code>/api/v1</code> without a key follows the same rule for a drop not launched yet: the collection route
          answers <Err code="COLLECTION_NOT_LAUNCHED" /> (v1 keeps one shape; the envelope is this router&apos;s),
          gallery and recently-minted these empty pages, and every other route naming the drop{" "}
          <Err code="COLLECTION_NOT_LAUNCHED" /> (phase price routes: <Err code="PHASE_NOT_FOUND" />, as for an unknown
          phase), so the v1 API shows no more of it than this router and the drop page do.
        </li>
        <li>
          <Endpoint router="public" id="getNft" /> → <code>{"{success, nft, collection}"}</code>. The identifier is the
          NFT&apos;s mint address; or <code>contract:tokenId</code>, where <code>contract</code> is the drop&apos;s
          on-chain collection address (its short ID or UUID work too); or a bare token id: alone, it names the one NFT
          with that token id among the launched drops; token ids repeat across drops, so when several have it the answer
          is <Err code="INVALID_REQUEST" /> asking for <code>?collection=</code> (the drop&apos;s short ID, UUID or
          address), which picks the drop. A UUID is refused with <Err code="INVALID_REQUEST" />, as is a token id
          outside 0–{MAX_TOKEN_ID}. Unknown NFT, or an NFT of a drop not launched yet: <Err code="NOT_FOUND" />; unknown
          drop in <code>contract:tokenId</code>: <Err code="COLLECTION_NOT_FOUND" />. Delayed reveal applies exactly as
          in the feeds: until the NFT is revealed it shows the placeholder art under{" "}
          <code>&quot;{"<drop name>"} (unrevealed)&quot;</code>, with no description, traits, media or rarity, and{" "}
          <code>isRevealed: false</code>. <code>mintStatus</code> is available, reserved, minted or burned (an expired
          reservation reads available).
        </li>
        <li>
          <Endpoint router="public" id="validateCode" /> with <code>{"{collection, code}"}</code> (
          <code>collectionId</code> is accepted as an alias; a short ID, UUID or address) → the partner claim-code
          check&apos;s body plus <code>error</code>, a sentence for people, when <code>valid</code> is false. No{" "}
          <code>success</code> member. It never consumes or reserves the code. Same format limits as the partner
          validate ({CLAIM_CODE_MIN_LENGTH} to {CLAIM_CODE_MAX_LENGTH} characters after trimming, else{" "}
          <StatusOf code="INVALID_REQUEST" />) and the same budgets, shared with it: per client IP and per caller on the
          drop per minute, <Err code="RATE_LIMITED" /> beyond. Unknown drop: <Err code="COLLECTION_NOT_FOUND" />.
        </li>
      </ul>
    </section>
  );
}

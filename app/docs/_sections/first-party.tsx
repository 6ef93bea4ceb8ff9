// API docs: the first-party read router (/api/public), with the decisions the spec leaves
// open ("base address not shown", feed contents, trending window, pre-launch envelope, NFT
// identifiers, code check body).
import { DISCOVERY_LIMIT } from "@/lib/schemas/discovery";
import { GALLERY_LIMIT } from "@/lib/schemas/gallery";
import { RECENTLY_MINTED_LIMIT } from "@/lib/schemas/minted-items";

const base = "/api/public";

export function FirstPartySection() {
  return (
    <section id="first-party" aria-labelledby="first-party-heading" className="space-y-3">
      <h2 id="first-party-heading" className="text-2xl font-semibold">
        First-party read router
      </h2>
      <p>
        These endpoints power the site&apos;s own discovery pages. They live under <code>{base}</code> and are not part of the partner contract: partners use <code>/api/v1</code>.
      </p>

      <h3 className="text-lg font-semibold">Who may call them</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Only the site itself: a request whose <code>Origin</code> is one of the site&apos;s origins (<code>SITE_ORIGINS</code>), or a same-origin browser fetch without{" "}
          <code>Origin</code> (<code>Sec-Fetch-Site: same-origin</code>). Responses echo that origin in <code>Access-Control-Allow-Origin</code>, never <code>*</code>.
        </li>
        <li>
          Any request carrying an <code>X-API-Key</code> header is refused with <code>403 PARTNER_KEY_NOT_ALLOWED</code>, whatever the key&apos;s class (publishable, secret,
          sandbox), even from the site&apos;s own origin, and whether or not the key is valid. The key is not looked up.
        </li>
        <li>
          No key and not from the site: <code>401 API_KEY_REQUIRED</code>, the spec&apos;s answer for &quot;no key and no recognised origin&quot;.
        </li>
        <li>
          Recognising the site is a browser convenience, not a secret: these endpoints show only what the public site shows. The per-IP read budget applies (
          <code>429 RATE_LIMITED</code> with <code>Retry-After</code>).
        </li>
        <li>
          Wrong methods answer <code>405 METHOD_NOT_ALLOWED</code>, unknown paths under <code>{base}</code> answer <code>404 NOT_FOUND</code>, malformed input{" "}
          <code>400 INVALID_REQUEST</code>.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">Limits</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Every list is paginated with <code>limit</code> and <code>offset</code>. Feeds, the collection list and search default to {DISCOVERY_LIMIT.defaultLimit} and are capped at{" "}
          {DISCOVERY_LIMIT.maxLimit}: a larger limit is served as {DISCOVERY_LIMIT.maxLimit} and the page reports the limit applied; a limit below 1 or not a whole number is a 400.
          Each page reports <code>total</code>, <code>limit</code>, <code>offset</code> and <code>hasMore</code> (additive to the spec&apos;s shapes); search reports no{" "}
          <code>total</code>, only <code>hasMore</code>.
        </li>
        <li>
          Gallery: default {GALLERY_LIMIT.defaultLimit}, at most {GALLERY_LIMIT.maxLimit} (as on v1). Recently-minted: default {RECENTLY_MINTED_LIMIT.defaultLimit}, at most{" "}
          {RECENTLY_MINTED_LIMIT.maxLimit} (as on v1); above those, a 400.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">Discovery feeds</h3>
      <p>
        Feed items are collection cards: <code>id</code>, <code>shortId</code>, <code>name</code>, <code>image</code>, <code>isVerified</code>, <code>launchStatus</code>,{" "}
        <code>status</code> (active, upcoming or ended, from the phases on the server clock), <code>price</code> (the current or next phase&apos;s price display) and{" "}
        <code>stats</code> (supply). A card is <em>active</em> when a phase is active now, else <em>upcoming</em> when a phase starts later, else <em>ended</em> (also a drop with
        no phases). A pre-launch drop is always upcoming and shows <code>price: null</code>. Unless a feed says otherwise, cards are ordered featured first, then oldest first.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>GET {base}/platform-capabilities</code>: <code>chains</code> (the one Solana cluster this deployment runs on: <code>name</code>, <code>cluster</code>,{" "}
          <code>isProduction</code>), <code>features</code> (<code>claimCodes</code>, <code>bounties</code>, <code>dutchPricing</code>, <code>peggedPricing</code>,{" "}
          <code>delayedReveal</code>, <code>collectionSearch</code>, and <code>faucet</code>, true on localnet only; <code>peggedPricing</code> is true only when a price source is
          configured), <code>priceSource</code> (<code>provider</code>, <code>static</code> or <code>none</code>), <code>limits</code> (this deployment&apos;s configured{" "}
          <code>readsPerMinute</code>, <code>mintsPerMinute</code>, <code>chainReadsPerMinute</code>, <code>sessionTtlSeconds</code> and <code>platformFeeLamports</code>) and{" "}
          <code>serverTime</code>. Everything but <code>serverTime</code> is read from the running configuration.
        </li>
        <li>
          <code>GET {base}/token-prices</code>: the same snapshot as <code>/api/v1/token-prices</code>.
        </li>
        <li>
          <code>GET {base}/featured</code> → <code>{"{success, collections}"}</code>: drops the operator flagged as featured (the collection&apos;s <code>isFeatured</code> flag),
          any launch status.
        </li>
        <li>
          <code>GET {base}/live-mints</code> → <code>{"{success, mints}"}</code>: launched drops with a phase active now.
        </li>
        <li>
          <code>GET {base}/upcoming-mints</code> → <code>{"{success, mints}"}</code>: drops whose status is upcoming — a phase starts later and none is active — and every
          pre-launch drop.
        </li>
        <li>
          <code>GET {base}/trending</code> → <code>{"{success, type, windowHours, collections}"}</code>: launched drops ranked by landed mints in the last 24 hours, most first.{" "}
          <code>type</code> is always <code>&quot;mints_24h&quot;</code> (the only ranking today; new values may be added) and <code>windowHours</code> is 24. Each card adds{" "}
          <code>windowMints</code>. A drop with no mint in the window is not listed.
        </li>
        <li>
          <code>GET {base}/recent-soldouts</code> → <code>{"{collections}"}</code> with no <code>success</code> member: launched drops with a supply cap whose every item is minted
          (burned ones count), latest sell-out first. Each card adds <code>soldOutAt</code>, the time of the drop&apos;s last landed mint. Open-ended drops never sell out.
        </li>
        <li>
          <code>GET {base}/collections</code> → <code>{"{success, collections}"}</code>: every drop. <code>blockchain</code> is a chain name (<code>solana-devnet</code>, …) or{" "}
          <code>solana</code> for every Solana chain; <code>status</code> is <code>active</code>, <code>ended</code> or <code>upcoming</code> with the card rule above, applied in
          the database so pages and totals agree.
        </li>
        <li>
          <code>GET {base}/collections/search?q=</code> → <code>{"{success, collections}"}</code>: <code>q</code> is trimmed and must be 2 to 100 characters (else{" "}
          <code>400 INVALID_REQUEST</code>). Matches a case-insensitive substring of the name, the symbol or the short ID; <code>%</code> and <code>_</code> match themselves. Only
          launched drops are searched (a pre-launch drop&apos;s symbol and supply are not public yet; upcoming-mints lists them). Items are snake_case: <code>id</code>,{" "}
          <code>short_id</code>, <code>name</code>, <code>symbol</code>, <code>image</code>, <code>total_supply</code> (0 for an open-ended drop), <code>minted_count</code>,{" "}
          <code>blockchain_network</code>, <code>is_verified</code>; ordered by name, then id. No <code>total</code>: counting every match would run the search twice, so a page
          says only <code>hasMore</code>. Every query is looked up in an index over the three columns: a trigram (pg_trgm GIN) index when it has three letters or digits in a row,
          else an index of character pairs (two letters, punctuation), so a search reads only the drops that can match: about a millisecond of database time at 5,000 drops, unless
          most of them match. Identical searches in flight at the same moment share one database query.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">One drop</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>
            GET {base}/collection/{"{identifier}"}
          </code>{" "}
          (short ID, UUID or on-chain address): for a launched drop, the v1 Collection response (record, stats, phases, capabilities, <code>serverTime</code>) plus{" "}
          <code>status: &quot;live&quot;</code>. For a drop not launched yet, the pre-launch envelope{" "}
          <code>{"{success: true, status, collection: {shortId, name, image, bannerImage}, serverTime}"}</code> with <code>status</code> one of <code>coming_soon</code>,{" "}
          <code>deploying</code>, <code>maintenance</code>: the teaser&apos;s name and art only — no id, symbol, description, supply, phases, prices, addresses or capabilities.
          Branch on <code>status</code>. Unknown drop: <code>404 COLLECTION_NOT_FOUND</code>.
        </li>
        <li>
          <code>
            GET {base}/collection/{"{identifier}"}/gallery
          </code>
          : the v1 gallery (mintable NFTs). With <code>mintedOnly=true</code> (or <code>1</code>; <code>false</code>/<code>0</code> is the default) it lists the minted NFTs
          instead, burned ones included (<code>mint_status</code> minted or burned), each shown by its own reveal state.
        </li>
        <li>
          <code>
            GET {base}/collection/{"{identifier}"}/recently-minted
          </code>
          : the v1 recently-minted feed.
        </li>
        <li>Before launch, the gallery and recently-minted of a drop answer empty pages.</li>
        <li>
          <code>/api/v1</code> without a key follows the same rule for a drop not launched yet: the collection route answers this pre-launch envelope, gallery and recently-minted
          these empty pages, and every other route naming the drop <code>403 COLLECTION_NOT_LAUNCHED</code> (phase price routes: <code>404 PHASE_NOT_FOUND</code>, as for an unknown
          phase), so the v1 API shows no more of it than this router and the drop page do.
        </li>
        <li>
          <code>
            GET {base}/nft/{"{identifier}"}
          </code>{" "}
          → <code>{"{success, nft, collection}"}</code>. The identifier is the NFT&apos;s mint address; or <code>contract:tokenId</code>, where <code>contract</code> is the
          drop&apos;s on-chain collection address (its short ID or UUID work too); or a bare token id: alone, it names the one NFT with that token id among the launched drops;
          token ids repeat across drops, so when several have it the answer is <code>400 INVALID_REQUEST</code> asking for <code>?collection=</code> (the drop&apos;s short ID, UUID
          or address), which picks the drop. A UUID is refused with <code>400 INVALID_REQUEST</code>, as is a token id outside 0–2147483647. Unknown NFT, or an NFT of a drop not
          launched yet: <code>404 NOT_FOUND</code>; unknown drop in <code>contract:tokenId</code>: <code>404 COLLECTION_NOT_FOUND</code>. Delayed reveal applies exactly as in the
          feeds: until the NFT is revealed it shows the placeholder art under <code>&quot;{"<drop name>"} (unrevealed)&quot;</code>, with no description, traits, media or rarity,
          and <code>isRevealed: false</code>. <code>mintStatus</code> is available, reserved, minted or burned (an expired reservation reads available).
        </li>
        <li>
          <code>POST {base}/code/validate</code> with <code>{"{collection, code}"}</code> (<code>collectionId</code> is accepted as an alias; a short ID, UUID or address) → the
          partner claim-code check&apos;s body plus <code>error</code>, a sentence for people, when <code>valid</code> is false. No <code>success</code> member. It never consumes
          or reserves the code. Same format limits as the partner validate (4 to 1024 characters after trimming, else 400) and the same budgets, shared with it: per client IP and
          per drop per minute, <code>429 RATE_LIMITED</code> beyond. Unknown drop: <code>404 COLLECTION_NOT_FOUND</code>.
        </li>
      </ul>
    </section>
  );
}

// API docs: the threats Dropmint defends against, each with the defence and the test that
// proves it. The project's own copy of the shared threat model; every new defence is added
// here in the same change that makes it.
import { KEY_CACHE_MAX_AGE_MS } from "@/lib/services/read-caches";
import { MAX_UNSIGNED_SESSIONS_PER_WALLET, SESSION_SAFETY_MARGIN_MS } from "@/lib/domain/mint-session";
import { MAINTENANCE_INTERVAL_MS } from "@/lib/services/mint/reconcile";
import { MAX_REQUESTS_IN_PROGRESS_PER_CLIENT } from "@/lib/api/client-slots";
import { DEFAULT_BODY_TIMEOUT_MS } from "@/lib/config";
import { CREATOR_CLAIM_CODE_MIN_LENGTH } from "@/lib/domain/claim-code-format";
import { IPV6_CLIENT_PREFIX_BITS } from "@/lib/domain/client-network";
import { HEADERS_TIMEOUT_SECONDS, REQUEST_TIMEOUT_SECONDS } from "@/lib/server/http-timeouts";
import {
  HOLD_COOLDOWN_SHARES,
  HOLD_COOLDOWN_WALLET_HOLDS,
  HOLD_COOLDOWN_WINDOW_MS,
  HOLD_SHARE_MIN,
  HOLD_SHARE_PERCENT,
} from "@/lib/domain/hold-share";
import { SIGN_IN_NONCE_TTL_MS, WALLET_SESSION_MAX_MS } from "@/lib/domain/wallet-sign-in";
import { Err, StatusOf } from "../_reference/error-code";
type Defence = { threat: React.ReactNode; defence: React.ReactNode; test: string };
type Invariant = { id: string; title: string; defences: Defence[] };

const INVARIANTS: Invariant[] = [
  {
    id: "no-mint-without-execute",
    title: "1. No mint without execute",
    defences: [
      {
        threat: 'A collector broadcasts the prepared transaction itself (a "ghost mint").',
        defence:
          "Prepare hands out transactions with every signature slot empty; the NFT mint key and the mint authority sign only at execute, after every check, over the exact stored message bytes. Sent straight to a node, the chain refuses it for the missing signatures.",
        test: "tests/api/mint/attacks.test.ts (embedded chain and a JSON-RPC chain, with and without preflight)",
      },
      {
        threat: "A changed amount, recipient or instruction, or another session's transaction.",
        defence: (
          <>
            Execute refuses any message that is not byte-identical to the prepared one (
            <Err code="TRANSACTION_MISMATCH" plain />) and any wallet signature that does not verify (
            <Err code="INVALID_SIGNATURE" plain />
            ), before anything is signed or sent.
          </>
        ),
        test: "tests/api/mint/execute-guards.test.ts",
      },
    ],
  },
  {
    id: "exact-supply",
    title: "2. Exact supply",
    defences: [
      {
        threat: "A mint rush across instances.",
        defence:
          "NFT rows are reserved with FOR UPDATE SKIP LOCKED inside the prepare transaction; phase supply under the phase's row lock.",
        test: "tests/api/mint/concurrency.test.ts (300 prepares for 50 NFTs from 2 processes on PostgreSQL; 60 on PGlite)",
      },
      {
        threat: "An execute that started just before its session expired mints an NFT another session holds since.",
        defence:
          "The claim is decided by the database's clock, and only while the NFT is still reserved by this very session.",
        test: 'tests/api/mint/attacks.test.ts ("decides expiry by the database\'s clock")',
      },
      {
        threat: "An NFT freed while its old transaction could still land is sold twice.",
        defence:
          "An ended session's NFT is freed only once the chain's block height is past the transaction's last valid height and its mint account does not exist; if the account exists the mint is recorded instead.",
        test: "tests/api/mint/attacks.test.ts, tests/api/mint/execute-guards.test.ts",
      },
    ],
  },
  {
    id: "nothing-given-away",
    title: "3. Nothing is given away",
    defences: [
      {
        threat: "Executing only the free bonus of a buy-N-get-M prepare.",
        defence: (
          <>
            A bonus is signed only once every purchase of its prepare has landed (under the group&apos;s lock), and only
            purchases that cost something earn one; alone it answers <Err code="BONUS_WITHOUT_PURCHASE" plain />, and
            the batch executes purchases first. One session of a multi-NFT prepare sent alone answers{" "}
            <Err code="BATCH_REQUIRED" plain />. In a rarity-priced phase the server gives the commonest reserved NFTs
            as bonuses, so paying for cheap NFTs never brings the rarest as bonuses.
          </>
        ),
        test: 'tests/api/mint/attacks.test.ts ("BOGO bonuses ride with the purchase"), tests/api/mint/limits.test.ts',
      },
      {
        threat: "Guessing claim codes through prepare instead of validate.",
        defence: "A prepare carrying a claimCode spends the same per-IP and per-drop code-check budgets as validate.",
        test: "tests/api/mint/attacks.test.ts",
      },
      {
        threat:
          "Sniping rare NFTs: preparing, looking at which NFT came up, and declining until a rare one does (or a creator placing rare ones).",
        defence:
          "Prepare gives a wallet that prepares again the same NFT (its superseded session frees it first). A provably fair drop hands NFTs out in a secret order committed to before the mint opens, and never tells a mint its NFT before it lands: no nftIds, the drop's name on chain, holds hidden from the gallery and /nft; its seed is published, with a verification script, once nothing is left to mint.",
        test: "tests/api/mint/fair-drop.test.ts",
      },
      {
        threat: "A claim code spent twice by parallel prepares.",
        defence:
          "Uses held by live sessions count against the code's maximum and the wallet's share, under the wallet's and the code's locks; a use is spent only when the mint lands.",
        test: "tests/api/mint/claim-code-mint.test.ts",
      },
      {
        threat:
          "A limit checked at prepare and dodged at execute: executing every session of a group but the one carrying a single-use allowlist code, passing a gate or redemption NFT from wallet to wallet, or preparing on an instance whose clock runs ahead.",
        defence: (
          <>
            Every limit is consumed by what lands and checked again at execute, in the transaction that claims the NFT,
            under the wallet&apos;s lock and each limit&apos;s own: the wallet&apos;s allowance (recomputed, gates read
            from the chain), the phase&apos;s supply, a code&apos;s uses, an allowlist code&apos;s admission (carried by
            every session of the prepare), a redemption NFT (held now, not redeemed by another session) and the gate
            NFTs (bound to the first wallet whose mint is submitted with them, per phase). Prepare counts holds and
            decides code expiry on the database&apos;s clock. Refusals: <Err code="NOT_ELIGIBLE" plain />,{" "}
            <Err code="WALLET_LIMIT_REACHED" plain />, <Err code="SOLD_OUT" plain />,{" "}
            <Err code="CLAIM_CODE_INVALID" plain />; nothing is sent.
          </>
        ),
        test: "tests/api/mint/limits.test.ts",
      },
    ],
  },
  {
    id: "nobody-holds-another-wallet",
    title: "4. Nobody holds or ends another wallet's mint",
    defences: [
      {
        threat:
          "A griefer with no funds prepares in a victim's name, so the victim's open session is superseded and its signed transaction refused.",
        defence: (
          <>
            The site proves wallet control once per visit with Sign In With Solana (the SIWS text: the site&apos;s
            domain, the address, a single-use nonce, issued-at and expiry, signed by the wallet; an HttpOnly, SameSite
            cookie per wallet). A prepare without a key for a wallet this browser has not signed in with is refused with{" "}
            <Err code="WALLET_PROOF_REQUIRED" plain />. A prepare ends only the unsigned sessions its own caller
            started, or, when it proved the wallet, the ones the proven owner started; never another caller&apos;s.
          </>
        ),
        test: "tests/api/mint/fair-mint-attacks.test.ts (only the wallet's owner holds or ends its mint)",
      },
      {
        threat: "A partner key (a publishable key is public) prepares in a victim's name to hold its allowance.",
        defence:
          "A partner's unsigned sessions for a wallet it has not proven never count against that wallet's allowance at another caller's prepare and are never superseded by it; the partner holds them within its own share (4a).",
        test: "tests/api/mint/fair-mint-attacks.test.ts, tests/api/mint/attacks.test.ts",
      },
      {
        threat: "Another site makes a signed-in collector's browser prepare in the collector's name.",
        defence: (
          <>
            The cookie is SameSite=Lax, and any non-GET request that carries it from another Origin (or that the browser
            marks cross-site) is refused with <Err code="ORIGIN_NOT_ALLOWED" plain /> before anything is read.
          </>
        ),
        test: "tests/api/mint/fair-mint-attacks.test.ts (refuses a request carrying the sign-in cookie from another site)",
      },
      {
        threat: "A forged or replayed sign-in.",
        defence: (
          <>
            The signature is checked with ed25519 over the exact text; the domain must be the site&apos;s, the nonce is
            spent by its first use and lives {SIGN_IN_NONCE_TTL_MS / 60_000} minutes, and a session lives at most{" "}
            {WALLET_SESSION_MAX_MS / 3_600_000} hours; anything else is <Err code="WALLET_SIGN_IN_INVALID" plain />.
          </>
        ),
        test: "tests/api/mint/fair-mint-attacks.test.ts (sign-in proves the wallet)",
      },
      {
        threat: "A griefer spends a victim's prepare budget.",
        defence:
          "The prepare budget is per caller (key; publishable key and client IP; or the IP of the site's pages) and wallet and drop.",
        test: "tests/api/mint/attacks.test.ts",
      },
      {
        threat:
          "One visitor of a partner's page spends the publishable key's mint budget and locks out everyone else on that page.",
        defence:
          "A publishable key's mint budget is per key and client IP; secret and sandbox keys keep one budget per key.",
        test: "tests/api/pipeline/budgets.test.ts (mint budgets by key class)",
      },
      {
        threat:
          "Someone names, dresses or reacts as another wallet, or takes a name that passes for another wallet, a drop or the site's staff.",
        defence: (
          <>
            Profile edits and reactions act only for a wallet this browser signed in with (
            <Err code="WALLET_PROOF_REQUIRED" plain />
            ). Names are ASCII only and unique ignoring case; address-shaped names, drops&apos; names and short IDs and
            reserved words are refused. An avatar must be a Dropmint NFT the wallet holds on the chain, and is cleared
            once it leaves the wallet.
          </>
        ),
        test: "tests/api/profiles.test.ts (display names; avatars)",
      },
      {
        threat: "A script floods an NFT with reactions, or a wallet blocked on a drop keeps reacting to it.",
        defence: (
          <>
            One reaction of each kind per wallet per NFT (a unique key), budgets per wallet and per client network (
            <Err code="RATE_LIMITED" plain />
            ), and <Err code="WALLET_BLOCKED" plain /> for a wallet blocked on the NFT&apos;s drop; the operator can
            block a wallet from profiles and reactions (<Err code="PROFILE_BLOCKED" plain />
            ).
          </>
        ),
        test: "tests/api/profiles.test.ts (reactions)",
      },
    ],
  },
  {
    id: "reservations-not-hoarded",
    title: "4a. A reservation is a scarce thing, and nobody hoards it",
    defences: [
      {
        threat:
          "One caller prepares up to the limit for many funded wallets it does not own and holds the whole supply for free.",
        defence: (
          <>
            The holder of a reservation is the caller, not the wallet: a live or sandbox key, a publishable key per
            client network, or the site&apos;s pages per client network (an IPv4 address or an IPv6 /
            {IPV6_CLIENT_PREFIX_BITS}). One holder holds at most {HOLD_SHARE_PERCENT}% of a phase&apos;s supply (never
            less than {HOLD_SHARE_MIN} NFTs) in live reservations, whatever wallets it names: a prepare is reduced to
            what is left of its share, and refused with <Err code="HOLD_LIMIT_REACHED" plain /> (
            <StatusOf code="HOLD_LIMIT_REACHED" />, Retry-After) when nothing is.
          </>
        ),
        test: "tests/api/mint/fair-mint-attacks.test.ts (one caller cannot hold the supply)",
      },
      {
        threat: "Re-preparing before each hold expires keeps the supply held forever.",
        defence: (
          <>
            A wallet whose prepares ended unsigned {HOLD_COOLDOWN_WALLET_HOLDS} times (superseded or expired), or a
            holder whose unsigned NFTs add up to {HOLD_COOLDOWN_SHARES} shares, within{" "}
            {HOLD_COOLDOWN_WINDOW_MS / 60_000} minutes gets <Err code="HOLD_COOLDOWN" plain /> until the oldest of them
            leaves that window; signing in again does not reset it. A wallet counts only the holds its own caller (or
            its proven owner) started, so a stranger cannot cool a victim down. One prepare reserves at most{" "}
            {MAX_UNSIGNED_SESSIONS_PER_WALLET} NFTs per wallet, and every hold ends {SESSION_SAFETY_MARGIN_MS / 1000} s
            before its transaction could no longer land.
          </>
        ),
        test: "tests/api/mint/fair-mint-attacks.test.ts (re-preparing cannot roll a hold forever)",
      },
      {
        threat: "On a dutch phase, supply held without landing lets the price decay to the floor.",
        defence:
          "Live reservations count as demand: the decay clock restarts at the last instant any of the phase's supply was held, as it does at a mint, so holding never drives the price down (the surge counts landed mints only).",
        test: "tests/api/mint/fair-mint-attacks.test.ts (held supply is demand)",
      },
      {
        threat: "One funded wallet reserves most of the supply.",
        defence: `A prepare supersedes the wallet's unsigned sessions in the drop that its caller may end and reserves at most ${MAX_UNSIGNED_SESSIONS_PER_WALLET} NFTs; the balance check subtracts the wallet's submits in flight. Unsigned sessions are not subtracted, so a stranger cannot make a wallet look too poor to mint.`,
        test: "tests/api/mint/attacks.test.ts",
      },
    ],
  },
  {
    id: "slow-clients",
    title: "4b. Slow clients cannot hold the door",
    defences: [
      {
        threat: (
          <>
            POSTs that send a few bytes of their body and stall: the admission gate was entered before the body was
            read, so as many of them from one IP as the room kept for executes made every honest execute answer{" "}
            <Err code="SERVER_BUSY" plain />, and as many as the instance&apos;s capacity took the whole API down until
            Node&apos;s default request timeout.
          </>
        ),
        defence: (
          <>
            Bodies are read before a request takes a place in the admission gate, with a size cap and a deadline (
            {DEFAULT_BODY_TIMEOUT_MS / 1000} s for the whole body, REQUEST_BODY_TIMEOUT_MS): a body that does not arrive
            in time is answered <Err code="REQUEST_TIMEOUT" /> and the connection is closed. One client network (an IPv4
            address, an IPv6 /{IPV6_CLIENT_PREFIX_BITS}) has at most {MAX_REQUESTS_IN_PROGRESS_PER_CLIENT} requests in
            progress on an instance; one more is answered <Err code="RATE_LIMITED" plain /> at once. The server wants
            the request head within {HEADERS_TIMEOUT_SECONDS} s and the whole request within {REQUEST_TIMEOUT_SECONDS}{" "}
            s.
          </>
        ),
        test: "tests/api/mint/slow-clients.test.ts (48 and 256 stalled bodies from one IP), tests/smoke/hostile-requests.test.ts (a stalled body against the built server)",
      },
    ],
  },
  {
    id: "uncertain-outcomes-settled",
    title: "5. Every uncertain outcome is settled",
    defences: [
      {
        threat: "The process is killed between submit and record.",
        defence: `The wallet's signature is written ahead before sending; the reconciler settles pending sessions against the chain at start-up and every ${MAINTENANCE_INTERVAL_MS / 1000} seconds, never retrying blindly.`,
        test: "tests/smoke/crash-recovery.test.ts, tests/api/mint/execute-guards.test.ts (the pending outcome)",
      },
      {
        threat:
          "A bounty paid twice: a payout interrupted by a crash and retried, settled by two instances at once, or refused by one node while its bytes can still land through another settler.",
        defence:
          "Each payout transaction is signed and written ahead on the award (only while it has none) before it is sent; maintenance looks that signature up and sends the same bytes again while they can land, and builds a new one only after the chain can no longer take the old one. A refused send keeps the written-ahead transaction (with the reason): it is resent until its blockhash expires, then settled from the chain.",
        test: "tests/api/mint/bounty-payouts.test.ts",
      },
      {
        threat: "A session handed back in its last seconds cannot land any more.",
        defence: `A session lives at most its blockhash's validity less ${SESSION_SAFETY_MARGIN_MS / 1000} seconds, so a signature handed back in time can still land.`,
        test: 'tests/api/mint/attacks.test.ts ("lives no longer than its blockhash")',
      },
    ],
  },
  {
    id: "scope-is-real",
    title: "6. Scope is real",
    defences: [
      {
        threat: "A scoped key probes for other drops.",
        defence: (
          <>
            Another drop&apos;s identifier is answered with the same <Err code="COLLECTION_NOT_IN_SCOPE" /> in body,
            status and timing, without asking the database.
          </>
        ),
        test: "tests/api/pipeline/auth-scope.test.ts",
      },
      {
        threat:
          "Anyone forges the site's Origin and reads, through v1 without a key, a drop that has not launched: its description, schedule, prices, supply, phases and codes.",
        defence: (
          <>
            Keyless v1 reads show no more of such a drop than the public site does: empty gallery and recently-minted,{" "}
            <Err code="COLLECTION_NOT_LAUNCHED" /> elsewhere (the collection route included), and its phases as unknown.
            Keys issued for the drop read it in full.
          </>
        ),
        test: "tests/api/pre-launch.test.ts (a table over every v1 route naming a drop or a phase)",
      },
      {
        threat:
          "A creator reads or changes another creator's drop, codes, keys or log in the studio, or learns that a drop exists.",
        defence: (
          <>
            Every studio call acts for the wallet its Sign-In-With-Solana cookie proves; another creator&apos;s drop
            answers the same <Err code="COLLECTION_NOT_FOUND" /> as a missing one, another&apos;s key{" "}
            <Err code="NOT_FOUND" />. A key a creator makes names only its own drops.
          </>
        ),
        test: "tests/api/studio-isolation.test.ts (a table over every studio endpoint: two creators, an admin, the signed-out, keys, other sites)",
      },
      {
        threat: "Another site makes a signed-in creator's browser change a drop (cross-site request forgery).",
        defence: (
          <>
            The studio answers only the site&apos;s own pages: another Origin, a browser&apos;s cross-site mark or no
            sign of the site is <Err code="ORIGIN_NOT_ALLOWED" />, and each call must name its wallet in a custom
            header, which a cross-site form cannot send.
          </>
        ),
        test: "tests/api/studio-isolation.test.ts",
      },
    ],
  },
  {
    id: "fail-closed",
    title: "7. Fail closed, never open",
    defences: [
      {
        threat: "The key store is down.",
        defence: (
          <>
            The key check answers <Err code="AUTH_UNAVAILABLE" />, never a pass and never a final denial.
          </>
        ),
        test: "tests/api/pipeline/auth-scope.test.ts",
      },
      {
        threat: (
          <>
            A burst above capacity queues on the database until key checks time out, so callers read{" "}
            <Err code="AUTH_UNAVAILABLE" plain /> for a database that is merely busy, and the log fills with a stack
            trace per request.
          </>
        ),
        defence: (
          <>
            Each instance admits a bounded number of requests and prepares, and keeps room of their own for executes (a
            rush of prepares never sheds the executes that finish sales already reserved); beyond them a request waits
            its turn in a short queue (first come, first served, bounded in length and in wait), and past those bounds
            it is answered <Err code="SERVER_BUSY" /> with Retry-After, before any database work. A waiting request
            holds no database connection, and one client holds few places in the queue as elsewhere. A flood of failures
            logs one line per interval.
          </>
        ),
        test: "tests/api/pipeline/admission.test.ts",
      },
      {
        threat: "A revoked key (a leaked secret) keeps working on instances that cached it.",
        defence: `The database announces every key change to every instance (LISTEN/NOTIFY), which forgets the key at once; a lost announcement is bounded by the key cache's ${KEY_CACHE_MAX_AGE_MS / 1000} s maximum age.`,
        test: "tests/api/read-caches.test.ts, tests/api/pipeline/auth-scope.test.ts",
      },
    ],
  },
  {
    id: "bad-input-answered",
    title: "8. Bad input is answered, never crashed on",
    defences: [
      {
        threat: (
          <>
            A path with malformed percent-encoding, or a method the framework never routes (TRACE, PROPFIND, QUERY,
            SEARCH), answers a bare <StatusOf code="INTERNAL_ERROR" />.
          </>
        ),
        defence: (
          <>
            The server answers them itself before the framework: <StatusOf code="INVALID_REQUEST" /> for a malformed
            path (the envelope under /api, the site&apos;s error page elsewhere), <Err code="METHOD_NOT_ALLOWED" /> with
            the envelope and an Allow header taken from the route files.
          </>
        ),
        test: "tests/smoke/hostile-requests.test.ts, tests/api/route-methods.test.ts",
      },
      {
        threat: "An oversized chunked body leaves the keep-alive connection waiting.",
        defence: (
          <>
            A <Err code="PAYLOAD_TOO_LARGE" /> closes the connection.
          </>
        ),
        test: "tests/smoke/hostile-requests.test.ts",
      },
      {
        threat: (
          <>
            NUL and other control characters in a query string, a path or a claim code reach PostgreSQL and answer{" "}
            <StatusOf code="INTERNAL_ERROR" />.
          </>
        ),
        defence: (
          <>
            Every text input is a plain-text schema that refuses control characters: <Err code="INVALID_REQUEST" />{" "}
            before any query.
          </>
        ),
        test: "tests/api/hostile-text.test.ts",
      },
      {
        threat:
          "Faucet requests the chain refuses (the system program, a sysvar, less than a lamport or than a new account must hold).",
        defence: (
          <>
            Amounts below one lamport are refused by the schema, and a refusal by the chain is a{" "}
            <StatusOf code="TRANSACTION_REJECTED" />, never a <StatusOf code="INTERNAL_ERROR" />.
          </>
        ),
        test: "tests/api/hostile-text.test.ts",
      },
      {
        threat:
          "Requests with unknown or malformed keys, or naming unknown drops, flood the database (worst on the single-connection embedded one) without ever being counted.",
        defence:
          "Every request spends the per-IP budget before anything is looked up; past it, no query is made at all.",
        test: "tests/api/pipeline/budgets.test.ts (per-IP budget before the database: a closed database, and a query-counting client)",
      },
      {
        threat:
          "Top-holders requests fan out to a chain call per minted NFT each, so a burst of them uses up the RPC quota.",
        defence:
          "A drop's holders are computed at most once per HOLDERS_CACHE_SECONDS, and concurrent requests share one computation.",
        test: "tests/api/holders-cache.test.ts (a counting wrapper around the embedded chain)",
      },
      {
        threat: "One address spends the RPC quota that prepare and execute need through chain-backed reads.",
        defence:
          "Reads that reach the chain (top-holders, gated eligibility and wallet-mints, the local balance) spend their own smaller per-IP budget; mint calls never spend it.",
        test: "tests/api/holders-cache.test.ts (the chain budget)",
      },
      {
        threat:
          "Rate-limit keys spread or evicted: the block of IPv6 addresses one subscriber holds is unlimited callers; a handful of addresses drain a drop's one shared claim-code bucket and lock every collector out of their codes; a flood of new buckets evicts the spent ones, letting refused callers back in.",
        defence: (
          <>
            Every per-IP budget is keyed by the client network (an IPv4 address, an IPv6 /{IPV6_CLIENT_PREFIX_BITS}); a
            drop&apos;s claim-code checks are budgeted per caller, and a creator&apos;s code has at least{" "}
            {CREATOR_CLAIM_CODE_MIN_LENGTH} characters, so guessing from many addresses is answered by the code itself;
            at its bucket cap the in-memory limiter drops windows that still allow hits, oldest first, and refusing ones
            only when none is left.
          </>
        ),
        test: "tests/api/pipeline/client-networks.test.ts, tests/launch/drop-folder.test.ts (a creator code too short)",
      },
      {
        threat:
          "A flood of random ids against the hosted pages and metadata (the drop pages, collectors' pages, NFT metadata) does uncached database work with no rate limit and no admission limit, until the database pool is exhausted.",
        defence: (
          <>
            The production server gives each such request what the API has, before any work: the client&apos;s place,
            the per-IP request budget (an IPv6 /{IPV6_CLIENT_PREFIX_BITS} being one client) and a place in the
            instance&apos;s admission gate, shared with the API; beyond them the answer is{" "}
            <Err code="RATE_LIMITED" plain /> or <Err code="SERVER_BUSY" plain /> with Retry-After. A successful drop or
            collector&apos;s page may also be kept a few seconds by a CDN.
          </>
        ),
        test: "tests/api/pipeline/hosted-pages.test.ts, tests/smoke/hostile-requests.test.ts (a flood of random metadata ids)",
      },
    ],
  },
  {
    id: "pages-safe",
    title: "9. Pages are safe to open",
    defences: [
      {
        threat: "A page is framed for clickjacking, or injected markup loads script, plugins or a foreign <base>.",
        defence:
          "Every answer carries a Content-Security-Policy (no script from elsewhere, object-src 'none', base-uri and form-action 'self', frame-ancestors 'none'), X-Frame-Options DENY, Referrer-Policy and nosniff; the end-to-end suite fails on any policy violation.",
        test: "tests/e2e/quality.spec.ts, tests/e2e/fixtures.ts",
      },
      {
        threat:
          "Only SOLANA_RPC_URL is set, to a devnet or mainnet node: the cluster stays at its localnet default, and the site offers burner wallets, a faucet, sandbox keys and demo seeding against a real chain.",
        defence:
          "Before it opens, the site asks the node for its genesis hash; a devnet, testnet or mainnet node under a localnet configuration (or the local chain under a devnet or mainnet one) stops start-up with the setting to fix. A node that cannot be asked blocks a localnet start, since nothing proves it local.",
        test: "tests/chain/cluster-from-chain.test.ts",
      },
    ],
  },
  {
    id: "secrets-stay-secret",
    title: "10. Secrets stay secret",
    defences: [
      {
        threat: "A leaked database dump reveals API keys.",
        defence: "Keys are stored only as SHA-256 hashes and shown once.",
        test: "tests/unit/api/keys.test.ts, tests/server/cli/admin-keys.test.ts",
      },
      {
        threat: "The NFT mint keys leak from storage.",
        defence:
          "They are never stored: each is derived per session as HMAC-SHA-512(secret, session id) and used only inside execute.",
        test: "tests/api/mint/attacks.test.ts",
      },
    ],
  },
];

export function ThreatModelSection() {
  return (
    <section id="threat-model" aria-labelledby="threat-model-heading" className="space-y-3">
      <h2 id="threat-model-heading" className="text-2xl font-semibold">
        Threat model
      </h2>
      <p>
        Who attacks a mint site: collectors and bots with wallets (they script every call and can send transactions to
        any RPC node themselves), griefers who know other people&apos;s wallet addresses, partners whose keys may leak,
        anyone who can forge an <code>Origin</code> or send malformed input, and faults (a killed process, a slow
        database or RPC, an expired blockhash). These are the promises Dropmint keeps against them, each with the test
        that proves it.
      </p>
      {INVARIANTS.map((invariant) => (
        <div key={invariant.id} id={`threat-${invariant.id}`} className="space-y-2">
          <h3 className="text-lg font-semibold">{invariant.title}</h3>
          <ul className="list-disc space-y-1 pl-6">
            {invariant.defences.map((d) => (
              <li key={d.test + String(d.threat).slice(0, 40)}>
                <strong>{d.threat}</strong> {d.defence} <span className="text-slate-400">Test: {d.test}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

// API docs: the mint flow (prepare-mint, execute-mint, the batch execute), with the
// decisions the spec leaves open.
import { PREPARES_PER_WALLET_PER_MINUTE } from "@/lib/api/budgets";
import { CLIENT_DEFAULTS } from "@/lib/client/api-client";
import { DEFAULT_SESSION_TTL_SECONDS } from "@/lib/config";
import { CLAIM_CODE_MAX_LENGTH, CLAIM_CODE_MIN_LENGTH } from "@/lib/domain/claim-code-format";
import { ATTRIBUTION_MAX_LENGTH, EXECUTE_BATCH_MAX_TRANSACTIONS, PREPARE_MAX_QUANTITY } from "@/lib/schemas/mint";
import { MAINTENANCE_INTERVAL_MS, PENDING_GRACE_MS } from "@/lib/services/mint/reconcile";
import { Endpoint, Operation } from "../_reference/operation";
import { IPV6_CLIENT_PREFIX_BITS } from "@/lib/domain/client-network";
import { Err } from "../_reference/error-code";
import {
  HOLD_COOLDOWN_SHARES,
  HOLD_COOLDOWN_WALLET_HOLDS,
  HOLD_COOLDOWN_WINDOW_MS,
  HOLD_SHARE_MIN,
  HOLD_SHARE_PERCENT,
} from "@/lib/domain/hold-share";
import { SIGN_IN_NONCE_TTL_MS, WALLET_SESSION_MAX_MS } from "@/lib/domain/wallet-sign-in";
import {
  ASSUMED_BLOCK_MS,
  MAX_UNSIGNED_SESSIONS_PER_WALLET,
  PREPARE_SWEEP_INTERVAL_MS,
  SESSION_SAFETY_MARGIN_MS,
} from "@/lib/domain/mint-session";

export function MintSection() {
  return (
    <section id="mint" aria-labelledby="mint-heading" className="space-y-3">
      <h2 id="mint-heading" className="text-2xl font-semibold">
        Minting: prepare → sign → execute
      </h2>
      <p>
        Three steps: <Endpoint router="v1" id="prepareMint" /> reserves specific NFTs and returns one transaction per
        NFT, <strong>signed by nobody</strong>; the wallet signs each one <strong>first</strong> and never broadcasts;{" "}
        <Endpoint router="v1" id="executeMint" /> (one transaction) or <Endpoint router="v1" id="executeMintBatch" />{" "}
        (several, required for any quantity above 1) hands them back, and the service checks them, signs{" "}
        <strong>last</strong> and submits them. Both count against the key&apos;s mint budget, not the read budget.
      </p>
      <p>
        <strong>Order of signatures.</strong> Each transaction needs three signatures: the wallet&apos;s (the fee payer,
        first slot), the NFT mint key&apos;s and the service&apos;s mint authority&apos;s. Prepare leaves all three
        slots empty; the wallet fills its own (the order wallets recommend for transactions with several signers).
        Execute checks that the message is byte-identical to the prepared one and that the wallet&apos;s signature
        verifies, then adds the service&apos;s two signatures over <em>the same message bytes</em> (the message is never
        recompiled) and submits. Anything in the service&apos;s slots sent by the client is ignored. So a prepared
        transaction cannot land without execute: sent straight to a node, the chain refuses it for the missing
        signatures. The NFT mint key is never stored nor handed out: it is derived for each session as
        HMAC-SHA-512(secret, session id), its first 32 bytes an ed25519 seed. The secret is <code>MINT_KEY_SECRET</code>{" "}
        (32+ bytes, hex or base64) or, when unset, derived from the mint authority&apos;s key, so every instance derives
        the same key. Rotating it invalidates the sessions prepared before (execute answers{" "}
        <Err code="SESSION_EXPIRED" />; prepare again); submitted and minted sessions are not affected, and neither are
        the drops&apos; prize accounts, which have a secret of their own (<code>PRIZE_ACCOUNT_SECRET</code>, never
        rotated with the signing keys).
      </p>

      <Operation router="v1" id="prepareMint" />
      <p>
        Body:{" "}
        <code>{`{ collectionId, phaseId, walletAddress, quantity, affiliate_code?, walletProvider?, claimCode?, quotedTokenAmount? }`}</code>{" "}
        (<code>quotedTokenAmount</code>, an addition to v1: a pegged phase&apos;s quote the buyer saw, honoured within
        its <code>slippageTolerance</code>; see Prices). <code>quantity</code> is an integer or a numeric string from 1
        to {PREPARE_MAX_QUANTITY}, the same bound as prepare&apos;s cap on the NFTs one prepare reserves (bonuses
        included) and the OpenAPI document&apos;s; a larger number is refused with <Err code="INVALID_REQUEST" />, never
        silently reduced. <code>collectionId</code> may be the UUID, or the short ID or address of one of the key&apos;s
        own drops. Checks run in this order, and the first that fails answers:
      </p>
      <ol className="list-decimal space-y-1 pl-6">
        <li>
          Body validation: <Err code="INVALID_REQUEST" />, also for a <code>walletAddress</code> that is a
          program-derived address (off the ed25519 curve: it has no key, and the wallet pays and signs); the drop and
          the key&apos;s scope (
          <Err code="COLLECTION_NOT_IN_SCOPE" />, <Err code="COLLECTION_NOT_FOUND" />
          ).
        </li>
        <li>
          A drop on another chain: <Err code="CHAIN_NOT_SUPPORTED_BY_SURFACE" />.
        </li>
        <li>
          A drop the core flow does not support, exactly when its <code>capabilities.supportedBySurface</code> is false
          (see Collections: not launched, a phase priced in a token other than SOL or with incomplete price settings, a
          fair drop with a rarity-priced phase, NFT selection): <Err code="MINT_NOT_SUPPORTED_BY_SURFACE" /> with{" "}
          <code>mintUrl</code> (the hosted mint page, or null) in the body.
        </li>
        <li>
          A blocked wallet (for every drop or this one; permanent, or until a future moment):{" "}
          <Err code="WALLET_BLOCKED" /> with <code>reason</code>, <code>blockedUntil</code> (null when permanent) and{" "}
          <code>permanent</code>.
        </li>
        <li>
          A drop the operator has banned (a takedown; <code>npm run keys -- ban</code>, see the README):{" "}
          <Err code="ASSET_BANNED" /> with the operator&apos;s <code>reason</code>. Reads of the drop still answer.
        </li>
        <li>
          More than {PREPARES_PER_WALLET_PER_MINUTE} prepares per minute by one caller for one wallet on one drop:{" "}
          <Err code="COLLECTION_RATE_LIMITED" /> with <code>retryAfter</code> (seconds) and the same{" "}
          <code>Retry-After</code> header. The caller is the key (a publishable key together with the client IP, since
          it ships in browser code), or the client IP for the site&apos;s own pages, so nobody can spend another
          caller&apos;s budget for a wallet. A prepare that carries a <code>claimCode</code> also spends the claim-code
          check budgets of <code>claim-codes/validate</code> (per IP and per caller on the drop), so prepare is no way
          around them.
        </li>
        <li>
          A phase of another drop: <Err code="PHASE_NOT_FOUND" />. A phase not active on the server clock:{" "}
          <Err code="PHASE_NOT_ACTIVE" />.
        </li>
        <li>
          A gated phase whose requirements the wallet does not meet (same rules as eligibility):{" "}
          <Err code="NOT_ELIGIBLE" />.
        </li>
        <li>
          A <code>claimCode</code> that cannot be used for this mint: <Err code="CLAIM_CODE_INVALID" /> (see{" "}
          <code>claimCode</code> below; a wallet without even the rent of one NFT gets{" "}
          <Err code="INSUFFICIENT_BALANCE" plain /> first).
        </li>
        <li>
          Limits: the per-wallet limit is the one wallet-mints reports (allocations, overrides, maxPerWallet), then{" "}
          <code>maxPerTransaction</code> (caps the paid quantity of one request), <code>phaseSupply</code> and the
          drop&apos;s remaining supply. When a limit is smaller than the request, the quantity is{" "}
          <strong>reduced</strong>: <code>quantityAdjusted: true</code> and <code>adjustmentReason</code> names the
          limit. Nothing left at all: <Err code="WALLET_LIMIT_REACHED" /> (the wallet&apos;s limit) or{" "}
          <Err code="SOLD_OUT" /> (phase or drop). Live reservations (prepared, unexpired sessions and submits in
          flight) count like mints, so a wallet cannot hold more than its limit in parallel prepares. Once a drop has
          nothing free for anyone, an instance answers <Err code="SOLD_OUT" plain /> at once, before the wallet&apos;s
          own checks (its block, sign-in, eligibility, limit, cooldown and balance): none of them could get it an NFT
          that does not exist. It asks the database again as soon as any NFT of the drop changes or the earliest hold
          ends.
        </li>
        <li>
          <strong>Supersede.</strong> A new prepare for a wallet first ends that wallet&apos;s earlier <em>unsigned</em>{" "}
          sessions in the same drop (prepared, never executed) and frees their NFTs and claim-code holds: they cannot
          land without the service&apos;s signatures, so this is safe, and nobody can lock a wallet out of its allowance
          by preparing in its name. Executing a superseded session answers <Err code="SESSION_SUPERSEDED" />. A prepare
          that is refused supersedes nothing. One prepare reserves at most {MAX_UNSIGNED_SESSIONS_PER_WALLET} NFTs
          (bonuses included), so a wallet holds at most {MAX_UNSIGNED_SESSIONS_PER_WALLET} unsigned sessions in a drop;
          a request whose bonuses would pass that cap is reduced with <code>quantityAdjusted</code>.
        </li>
        <li>
          Balance: <Err code="INSUFFICIENT_BALANCE" /> when the wallet&apos;s SOL cannot cover every transaction&apos;s
          price, platform fee, rent (the NFT mint account and the wallet&apos;s token account) and signature fees (the
          chain&apos;s fee per signature, for each of the three), plus the wallet&apos;s own rent-exempt minimum
          (0.00089088 SOL) which a fee payer must keep. It is checked before any NFT is reserved (against the least
          these transactions can cost), and again on the exact transactions once the NFTs are known (their metadata sets
          the rent); that second refusal rolls the reservation&apos;s database transaction back, so nothing is ever
          reserved for a wallet that cannot pay. What the wallet&apos;s submits in flight will take (in any drop) is
          subtracted from its balance first. Unsigned sessions of other drops are not: anyone can prepare in a
          wallet&apos;s name, and counting them would let a stranger make the wallet look too poor to mint. Within a
          drop, the supersede rule and the cap of {MAX_UNSIGNED_SESSIONS_PER_WALLET} keep one funded wallet from
          reserving more than it can pay for.
        </li>
        <li>
          A phase priced in a token (SPL Token or Token-2022; <code>pricing.currencyMint</code> names its mint) is paid
          in that token: the wallet&apos;s SOL must still cover the rent and signature fees, and its token balance (its
          associated token account) must cover every transaction&apos;s price and platform fee, less what its other live
          sessions in that token will take: those in flight, and the unexpired unsigned ones prepared by the same caller
          or by the wallet&apos;s proven owner (never a stranger&apos;s, for the reason above). Short of either:{" "}
          <Err code="INSUFFICIENT_BALANCE" plain />, before anything is reserved. The token&apos;s program and decimals
          are read from its mint account; a phase whose decimals differ, a pegged phase whose peg names another token
          than its currency, or a Token-2022 token with an extension that moves value (a transfer fee would pay the
          creator less than the price; a transfer hook, frozen new accounts, a pause or non-transferable tokens would
          fail the mint) is refused with <Err code="MINT_NOT_SUPPORTED_BY_SURFACE" plain />, naming the extension.
        </li>
      </ol>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>BOGO</strong> (<code>bogo: {`{ buy, get, bonusQuantity }`}</code>): for every <code>buy</code> NFTs
          paid in one request the wallet gets <code>get</code> bonus NFTs, each its own free session and transaction (no
          price, no platform fee). A bonus rides with its purchases: the service signs a bonus only once <em>every</em>{" "}
          paid NFT of the same prepare has landed (keeping the bonuses and dropping a purchase is not possible), and
          only purchases that cost something earn one. Send the bonus in the same batch as its paid transactions (the
          batch executes purchases first, whatever the order sent); a bonus whose purchases have not landed answers{" "}
          <Err code="BONUS_WITHOUT_PURCHASE" /> and nothing is sent. <strong>A single purchase</strong> (one paid NFT,
          as a quantity of one in a buy-one-get-one phase) needs no batch, as the spec asks the batch only above a
          quantity of one: the prepare returns one transaction and one session whose <code>nftIds</code> and{" "}
          <code>nftCount</code> include its bonuses, and one execute lands the paid NFT and then its bonuses (its answer
          lists all of them). Each bonus is then a transaction the service pays and signs alone, sent only after the
          purchase landed and under the same rule; the purchase&apos;s own transaction reimburses the bonuses&apos; rent
          and network fees to the service&apos;s mint authority, so the wallet pays exactly{" "}
          <code>pricing.walletDebit</code>. Bonus NFTs count toward <code>maxPerWallet</code>, <code>phaseSupply</code>{" "}
          and the supply, as wallet-mints counts them. When the room is short, fewer paid NFTs are prepared so their
          bonus still fits (room 3, buy 2 get 1, asking for 3 → 2 paid + 1 bonus); only when not even one paid NFT and
          its bonus fit is the bonus trimmed. NFTs made free by a claim code, or brought to a price of 0 by a discount,
          are not bought and earn no bonus. <strong>Which NFTs are bonuses</strong> is the server&apos;s choice, never
          the buyer&apos;s: in a rarity-priced (<code>range</code>) phase the purchases take the rarest of the NFTs
          reserved for the prepare and the bonuses the commonest, so a buyer cannot pay for the cheapest and take the
          rarest as bonuses; elsewhere every NFT costs the same and bonuses come last in token order.
        </li>
        <li>
          <strong>Result:</strong> always <code>sessions</code> and <code>transactions</code>, one NFT each, even for
          quantity 1; <code>sessions[i]</code> belongs to <code>transactions[i]</code> and to{" "}
          <code>pricing.items[i]</code>. Transactions are legacy (<code>isVersionedTransaction: false</code>), base64,
          with every signature slot empty. Paid NFTs come first, bonus NFTs last. <code>expiresAt</code> = now +{" "}
          <code>expiresInMs</code>, the session lifetime: at most the transaction&apos;s own validity less a safety
          margin, i.e. (blocks left on its blockhash × {ASSUMED_BLOCK_MS} ms) − {SESSION_SAFETY_MARGIN_MS / 1000} s;{" "}
          <code>SESSION_TTL_SECONDS</code> (default {DEFAULT_SESSION_TTL_SECONDS}) can only shorten it. A signature
          handed back within the lifetime can always still land.
        </li>
        <li>
          <strong>Claim codes:</strong> the wallet&apos;s redeemed codes (the ones <code>claim-codes/benefits</code>{" "}
          reports, for this phase or every phase, unexpired) apply to its paid NFTs automatically: free-mint and pack
          codes first (the NFT costs nothing and pays no platform fee; <code>kind: claim_code</code>), then the oldest
          discount code with uses left (discounts do not stack; <code>percent</code> % off, then the fixed amount, never
          below 0; the platform fee stays). Uses held by live sessions are not available to another prepare; a use is
          spent only when the mint lands.
        </li>
        <li>
          <strong>
            <code>claimCode</code>
          </strong>{" "}
          (optional string; an addition to v1) applies a code the wallet has not redeemed yet. Its format is checked
          like <code>claim-codes/validate</code> (trimmed, {CLAIM_CODE_MIN_LENGTH} to {CLAIM_CODE_MAX_LENGTH}
          code points, then upper-cased; otherwise <Err code="INVALID_REQUEST" />) and it is looked up for this drop
          only. Unknown codes and other drops&apos; codes get the same <Err code="CLAIM_CODE_INVALID" />; so do disabled
          and expired codes, codes restricted to another phase, codes with no uses left (landed uses plus uses held by
          live sessions of every wallet reach <code>maxUses</code>), and codes this wallet has used up (its share:{" "}
          <code>mintAllocation</code> NFTs for free-mint and pack codes, <code>discountUses</code> for discount codes, 1
          when unset; landed uses plus its live sessions count). Free-mint and pack codes make up to that many paid NFTs
          free; discount codes take their discount off up to that many paid NFTs, and an entered discount code is the
          one applied (before the wallet&apos;s older ones). <strong>Whitelist (allowlist) codes</strong> change who may
          mint, not the price: in a gated phase (the batch&apos;s phase, or any gated phase when the batch names none)
          they add <code>mintAllocation</code> spots (1 when unset) to the wallet&apos;s allowlist allocation, so a
          wallet with no other claim becomes eligible; the limit is still capped by <code>maxPerWallet</code>. A wallet
          redeems one use of the code with its first landed mint: every session of the prepare carries the code as its
          admission, so executing all but one of them cannot dodge the use, and a code with <code>maxUses</code> admits
          that many wallets (execute checks again, under the code&apos;s lock, that landed uses plus other wallets&apos;
          submits in flight leave room; otherwise <Err code="CLAIM_CODE_INVALID" plain />
          ); from then on eligibility, wallet-mints and later prepares count the spots without the code, and entering it
          again takes no second use. In an ungated phase it gives nothing and spends nothing.{" "}
          <strong>External codes</strong> are redeemed on the creator&apos;s page: <Err code="CLAIM_CODE_EXTERNAL" />{" "}
          with <code>externalUrl</code> in the body, nothing reserved. <strong>NFT-redemption codes</strong> each name
          one NFT (its mint address): the wallet must hold it on chain when it prepares <em>and</em> when it executes
          its first use, and each NFT is redeemed once per batch, whichever of the batch&apos;s codes names it (execute
          refuses it while another wallet&apos;s session is redeeming it, so one NFT passed on cannot back two wallets);
          the code then makes up to <code>mintAllocation</code> paid NFTs free like a free-mint code, and the uses left
          after the first landed mint stay the redeeming wallet&apos;s (held NFT or not). A code naming no NFT, an NFT
          the wallet does not hold, or an NFT already redeemed gets <Err code="CLAIM_CODE_INVALID" plain />. A valid
          code that changes nothing (a free phase, bonus NFTs) is accepted and not held. The code is only held by the
          sessions it priced: an expired or failed session releases it, and it is redeemed (a redemption with the
          wallet&apos;s share, one use, and the code&apos;s <code>usesCount</code> + 1) only when each such mint lands,
          after which <code>claim-codes/benefits</code> reports what remains and later prepares apply it without the
          code. Concurrent prepares run under the wallet&apos;s lock and the code&apos;s lock, so neither share can be
          overspent; the code&apos;s maximum also caps the remaining uses of wallets that redeemed it earlier.
        </li>
        <li>
          NFTs are reserved in token (or edition) order; limited editions reserve edition rows, never the master.
          Open-ended drops create the next numbered NFT at prepare.
        </li>
        <li>
          <strong>Pack tiers.</strong> An NFT may belong to a pack tier (its <code>packTierName</code>). A pack code
          (validate answers <code>grantType: free_mint</code> with <code>packTierId</code>) opens its tier: each free
          mint it gives takes an NFT of that tier, and no other mint ever does (ordinary mints take untiered NFTs only).
          A prepare that opens a pack is all or nothing: when the tier has nothing left, it answers{" "}
          <Err code="SOLD_OUT" /> rather than hand out another tier. Once redeemed, the benefits endpoint reports the
          tier as <code>packTierId</code> and later prepares open it without the code. <code>isPackPhase</code> marks
          the phases whose creator sells packs; it changes nothing else.
        </li>
        <li>
          <code>affiliate_code</code> is matched case-insensitively against the drop&apos;s affiliates and recorded on
          the sessions and the mints; an unknown or malformed code (not 1 to {ATTRIBUTION_MAX_LENGTH} letters, digits,{" "}
          <code>_</code> or <code>-</code>) is ignored, never refused. <code>walletProvider</code> is kept for analytics
          when it is a short display name (letters, digits, spaces, <code>. _ ( ) &apos; -</code>, up to{" "}
          {ATTRIBUTION_MAX_LENGTH}); anything else is dropped.
        </li>
      </ul>
      <h4 className="font-semibold">pricing</h4>
      <p>
        Every amount appears twice: <code>x</code> in display units of <code>currency</code> (e.g. 0.105 SOL) and{" "}
        <code>xRaw</code> in its smallest unit (lamports), both JSON numbers. Members: <code>currency</code>,{" "}
        <code>currencyDecimals</code>, <code>priceModel</code>, <code>unitPrice</code> (one paid NFT; fixed and hidden
        phases charge the phase price, dutch phases the live auction price, pegged phases the current quote; a range
        phase answers its minimum here and prices <strong>each NFT by its rarity</strong>: the rarest (rank 1) at the
        range&apos;s maximum, the drop&apos;s last rank at its minimum, straight in between and rounded down to the
        smallest unit, and an NFT without a rarity rank (a drop without traits, or one the ranking left out) at the
        minimum, the low end the phase&apos;s <code>priceDisplay</code> range shows, never silently the maximum;{" "}
        <code>items[].price</code> is what each NFT costs, and exactly what the transaction pays),{" "}
        <code>paidQuantity</code>, <code>freeQuantity</code> (NFTs of a free phase), <code>claimCodeQuantity</code>{" "}
        (made free by a claim code), <code>bonusQuantity</code>, <code>platformFeePerNft</code> (charged per paid NFT;
        free and bonus NFTs pay none), <code>subtotal</code> (prices, after discounts), <code>discount</code> (what
        claim codes took off), <code>platformFee</code> (fees), <code>total</code> (subtotal + platformFee: what the
        collector pays the drop and the platform), <code>networkCost</code> (rent and signature fees, paid to the
        chain), <code>walletDebit</code> (total + networkCost: what leaves the wallet), and <code>items</code>: per
        transaction{" "}
        <code>{`{ sessionId, kind (paid | free | bogo_bonus | claim_code), price, discount, platformFee, networkCost }`}</code>{" "}
        (each with its Raw twin). <code>currencyMint</code> is null for SOL. For a phase priced in a token it names the
        token&apos;s mint and every price, discount and fee is in that token (the platform fee is a share of the unit
        price, in basis points: <code>PLATFORM_FEE_TOKEN_BPS</code>); <code>networkCost</code> stays in SOL and{" "}
        <code>walletDebit</code> is then the SOL that leaves the wallet (the network cost), while <code>total</code> is
        what leaves its token account. The transaction pays the price to the creator&apos;s associated token account and
        the fee to the platform&apos;s, each created in the same transaction (paid by the buyer) when missing, and
        execute refuses, with <Err code="TRANSACTION_MISMATCH" plain />, a transaction whose token transfers are not the
        session&apos;s amount, mint and destinations.
      </p>

      <Operation router="v1" id="executeMint" />
      <p>
        Body: <code>{`{ sessionId, signedTransaction }`}</code>. Refusals, in order: a <code>transactionHash</code>{" "}
        member → <Err code="CLIENT_BROADCAST_NOT_ALLOWED" /> (checked before anything else); unknown session →{" "}
        <Err code="SESSION_NOT_FOUND" />; a session of a drop the key is not issued for →{" "}
        <Err code="COLLECTION_NOT_IN_SCOPE" />; an expired session → <Err code="SESSION_EXPIRED" /> (expiry is decided
        by the database&apos;s clock, never an instance&apos;s); a session replaced by a newer prepare →{" "}
        <Err code="SESSION_SUPERSEDED" />; one session of a prepare of several NFTs sent alone →{" "}
        <Err code="BATCH_REQUIRED" /> (use the batch); a wallet blocked since its prepare (the same check as
        prepare&apos;s, so a block placed after prepare still stops the mint) → <Err code="WALLET_BLOCKED" /> with the
        same body members; a drop banned since its prepare → <Err code="ASSET_BANNED" />; a transaction whose message is
        not byte-identical to the prepared one (changed amount or recipient, added or removed instruction, another
        session&apos;s transaction, unreadable) → <Err code="TRANSACTION_MISMATCH" />; a missing or invalid wallet
        signature → <Err code="INVALID_SIGNATURE" />; a bonus whose purchases have not landed →{" "}
        <Err code="BONUS_WITHOUT_PURCHASE" />. None of these sends anything, and a refused attempt leaves the session
        usable until it expires.
      </p>
      <p>
        <strong>Limits are consumed by what lands.</strong> Prepare checks every limit and holds it with live sessions;
        execute checks each one again in the database transaction that claims the NFT, under the wallet&apos;s lock (the
        one its prepares take) and each limit&apos;s own, across instances: the wallet&apos;s allowance in the phase
        (recomputed as prepare computes it, gates read from the chain again; its landed mints plus its other submits in
        flight must leave room) → <Err code="WALLET_LIMIT_REACHED" />, or <Err code="NOT_ELIGIBLE" /> when it no longer
        meets any requirement; the phase&apos;s <code>phaseSupply</code> → <Err code="SOLD_OUT" />; a claim code&apos;s
        uses, its expiry (the database&apos;s clock) and, for a redemption code, the NFT it names (held by the wallet
        now unless its own landed mint redeemed it, not redeemed or being redeemed by another wallet) →{" "}
        <Err code="CLAIM_CODE_INVALID" />. <strong>Gate NFTs</strong> are recorded per token: the first wallet whose
        mint is submitted while holding a gate NFT binds it (and every other gate NFT its allowance counted) to itself
        in that phase; passed on, it admits nobody else there, and eligibility reports it as not held, as prepare
        refuses it. The binding is made when the mint is submitted, not undone if the chain refuses it (the wallet keeps
        using it). <strong>Token gates</strong> are balances with no identity: they are read again at execute, so a
        balance moved away after prepare no longer admits that wallet, but a balance moved after a mint landed admits
        its next holder (accepted: a fungible token cannot be told apart). Prepare counts live holds and decides a
        code&apos;s expiry on the database&apos;s clock, the one execute&apos;s claim decides by, and a session&apos;s{" "}
        <code>expiresAt</code> is the database&apos;s time plus its lifetime.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Repeats: the session is claimed atomically, so concurrent executes of one session submit once. A repeat gets{" "}
          <Err code="ALREADY_PROCESSING" /> while it is being submitted or its outcome is pending, and{" "}
          <Err code="ALREADY_COMPLETED" /> once minted.
        </li>
        <li>
          The chain refused or failed the transaction: <Err code="TRANSACTION_REJECTED" />; the session is closed. Its
          NFT is freed once the transaction can no longer land (see below). Prepare again.
        </li>
        <li>
          Outcome unknown (the chain could not be reached or did not answer): <Err code="OUTCOME_PENDING" /> with{" "}
          <code>pending: true</code> in the body. It is a 5xx because the service could not finish, but execute is never
          retried (the spec&apos;s client rule): check the wallet; never resubmit. The service settles the session
          itself (see below), and a later execute of the same session answers its outcome.
        </li>
        <li>
          Success: the Execute result. <code>totalCost</code> is price + platform fee in <code>currency</code> units;{" "}
          <code>collectionStats</code> follows the collection&apos;s supply convention (open-ended drops report{" "}
          <code>totalSupply: 0</code>); <code>collectionUpdate</code> says what this mint changed in the drop, so it
          comes with every fresh mint: <code>itemsRedeemed</code> (the drop&apos;s minted count after it),{" "}
          <code>isFrozen</code> (the creator&apos;s trading freeze on the drop&apos;s NFTs, which Dropmint records for
          marketplaces and lifts when the drop sells out; it does not freeze token accounts on chain) and{" "}
          <code>autoUnfrozen</code> (true only in the answer of the one mint that sold the drop out and so lifted the
          freeze); <code>bountyInfo.directBounties</code> lists the prizes this mint won (
          <code>{`{ bountyId, poolId, name, bountyType, amount (smallest unit), tokenSymbol, payoutStatus, memo }`}</code>
          ), or null; <code>nfts[].bounty</code> is the first of them. A session settled by the service after an
          interrupted submit answers with <code>minted</code> only (and <code>recovered: true</code>), no signature or
          nfts.
        </li>
        <li>
          Bounties: a prize whose trigger count equals the drop&apos;s mint count (since its start) goes to the minting
          wallet; a recurring pool draws one weighted entry on every Nth mint, up to its maximum number of draws.
        </li>
      </ul>

      <Operation router="v1" id="executeMintBatch" />
      <p>
        Body: <code>{`{ transactions: [{ sessionId, signedTransaction }] }`}</code>, 1 to{" "}
        {EXECUTE_BATCH_MAX_TRANSACTIONS} entries. Each entry goes through the single execute above, one after another:
        purchases first, bonus NFTs last; results come back in the order sent. Required for the sessions of a prepare of
        several NFTs (a subset of them may be sent). Always <code>200</code>:{" "}
        <code>{`{ success, results, totalMinted, successfulTransactions, failedTransactions, executionTimeMs }`}</code>,{" "}
        <code>success</code> true when any transaction landed. Each result:{" "}
        <code>{`{ sessionId, success, error?, errorCode?, pending?, recovered?, signature?, mintedCount?, minted }`}</code>
        ; <code>pending: true</code> (with <Err code="OUTCOME_PENDING" plain /> or{" "}
        <Err code="ALREADY_PROCESSING" plain />) means it may still land: check the wallet.
      </p>

      <h3 className="text-lg font-semibold">Session lifetime and settlement</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          States: prepared → pending (claimed by an execute, which stores the wallet&apos;s signature before the server
          signs and sends) → minted; or expired (lifetime passed), released (never landed), failed (refused by the
          chain), superseded (replaced by the wallet&apos;s newer prepare).
        </li>
        <li>
          At start-up and every {MAINTENANCE_INTERVAL_MS / 1000} seconds the service expires sessions past their
          lifetime and settles pending ones: minted when the chain confirms the signature, failed when it landed and
          failed, released only after the chain&apos;s block height passed the transaction&apos;s last valid height with
          the signature still unknown. A session claimed but never sent (a crash) is pending with its signature, and is
          released once its blockhash has expired.
        </li>
        <li>
          <strong>An NFT is freed only when its session&apos;s transaction can no longer land:</strong> the chain&apos;s
          block height is past the transaction&apos;s last valid block height <em>and</em> the NFT&apos;s mint account
          does not exist. If the account exists the mint is recorded (as a recovered mint), never freed. Until then an
          expired or failed session keeps its NFT reserved (reads count it as available, prepare does not take it):
          about {PENDING_GRACE_MS / 1000} seconds past expiry, or up to a minute after a refused submit. Prepare frees
          such NFTs of its drop (at most every {PREPARE_SWEEP_INTERVAL_MS / 1000} seconds per instance, and at once when
          it comes up short of supply), and the maintenance sweep does so for every drop. Superseded sessions are the
          exception: never signed by the service, their NFTs are freed at once.
        </li>
      </ul>

      <h3 id="reservations" className="text-lg font-semibold">
        Who may hold a reservation: wallet proof, shares and cooldowns
      </h3>
      <p>
        Prepare reserves supply before anything is paid, so the reservation is what bots attack. The holder of a
        reservation is the <em>caller</em>, not the wallet it names: a secret (live) or sandbox key; a publishable key
        per client network; or, without a key, the site&apos;s own pages per client network. A network is an IPv4
        address or an IPv6 /{IPV6_CLIENT_PREFIX_BITS}.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Without a key</strong> (the site&apos;s own pages), prepare requires a Sign In With Solana session for
          the wallet it names, else <Err code="WALLET_PROOF_REQUIRED" />. The page asks{" "}
          <Endpoint router="public" id="issueSignInNonce" /> for a single-use nonce (valid{" "}
          {SIGN_IN_NONCE_TTL_MS / 60_000} minutes), has the wallet sign the SIWS text (its <code>solana:signIn</code>{" "}
          feature, or <code>signMessage</code> of the same text) and hands it to{" "}
          <Endpoint router="public" id="signInWallet" />, which checks the domain, address, nonce, issued-at, expiry and
          the ed25519 signature and sets an HttpOnly, SameSite=Lax cookie <code>dm_wallet_&lt;address&gt;</code> for at
          most {WALLET_SESSION_MAX_MS / 3_600_000} hours. Any non-GET request carrying such a cookie from another site
          is refused with <Err code="ORIGIN_NOT_ALLOWED" />.
        </li>
        <li>
          <strong>With a partner key</strong> (publishable, secret or sandbox), no wallet proof is asked, and the
          request body stays the spec&apos;s. Instead, the key&apos;s reservations are its own: they are capped by its
          share (below), they never supersede or count against sessions another caller started, and another
          caller&apos;s prepare never ends them. A wallet&apos;s allowance is then settled by what lands.
        </li>
        <li>
          <strong>Supersede</strong>: a new prepare ends the wallet&apos;s earlier unsigned sessions in the drop that
          the same caller started, and, when the caller proved the wallet, those its proven owner started from any
          network (<Err code="SESSION_SUPERSEDED" plain /> at their execute). Never another caller&apos;s.
        </li>
        <li>
          <strong>Share</strong>: one holder holds at most {HOLD_SHARE_PERCENT}% of a phase&apos;s supply (the phase
          supply, else the drop&apos;s; never less than {HOLD_SHARE_MIN} NFTs; no cap for an open edition) in live
          unsigned reservations, whatever wallets it names. A prepare beyond it is reduced to what is left (with an{" "}
          <code>adjustmentReason</code>), and refused with <Err code="HOLD_LIMIT_REACHED" /> when nothing is;{" "}
          <code>retryAfter</code> is when its first hold ends.
        </li>
        <li>
          <strong>Cooldown</strong>: when {HOLD_COOLDOWN_WALLET_HOLDS} of a wallet&apos;s prepares in a drop (those this
          caller could end itself) or {HOLD_COOLDOWN_SHARES} shares of one holder&apos;s NFTs in a phase ended unsigned
          (superseded or expired) within {HOLD_COOLDOWN_WINDOW_MS / 60_000} minutes, prepare answers{" "}
          <Err code="HOLD_COOLDOWN" /> until the oldest of them leaves the window. Signing in again does not reset it.
        </li>
        <li>
          <strong>Dutch phases</strong>: live reservations count as demand. The decay clock restarts at the last instant
          any of the phase&apos;s supply was held, as at a mint, so holding supply never drives the price down.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">How this site&apos;s own browser client calls it</h3>
      <p>
        The drop page uses the typed client in <code>lib/client</code>, which follows the spec&apos;s client defaults.
        Partners writing their own client should do the same:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Reads (every GET, and the read-only claim-code check) retry on <Err code="RATE_LIMITED" />, <code>5xx</code>{" "}
          and network failures: {CLIENT_DEFAULTS.readAttempts} attempts in all, backing off {CLIENT_DEFAULTS.backoffMs}{" "}
          ms, three times longer each time (with jitter), or waiting out <code>Retry-After</code> when the answer
          carries one. A <code>Retry-After</code> above {CLIENT_DEFAULTS.maxRetryAfterSeconds} seconds is not waited
          out: the error is shown with the wait.
        </li>
        <li>
          prepare-mint, execute-mint and the batch are sent once and never retried. An execute that times out, loses its
          connection, answers <code>5xx</code>, <Err code="ALREADY_PROCESSING" plain /> or <code>pending: true</code> is
          reported as <code>OUTCOME_UNKNOWN</code> (&quot;may still complete, check your wallet&quot;), and the page
          starts no new mint until it has re-read the wallet&apos;s mints.
        </li>
        <li>
          Timeouts: {CLIENT_DEFAULTS.readTimeoutMs / 1000} seconds for reads, {CLIENT_DEFAULTS.executeTimeoutMs / 1000}{" "}
          seconds for execute and the batch; one client-wide <code>timeoutMs</code> option overrides both (and the
          per-call <code>readTimeoutMs</code> / <code>executeTimeoutMs</code>). The client (<code>lib/client</code>) has
          a call for every v1 endpoint, checked by a test that walks the route files.
        </li>
        <li>
          Pacing: at most {CLIENT_DEFAULTS.pacing.perSecond} requests a second, in bursts of up to{" "}
          {CLIENT_DEFAULTS.pacing.burst}, per page.
        </li>
        <li>
          React Query caches every answer under a key that starts with the cluster (<code>localnet</code>,{" "}
          <code>devnet</code>, <code>mainnet</code>), so one cluster&apos;s data is never shown for another.
        </li>
      </ul>
    </section>
  );
}

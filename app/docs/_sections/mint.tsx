// API docs: the mint flow (prepare-mint, execute-mint, the batch execute), with the
// decisions the spec leaves open.
import { PREPARE_SWEEP_INTERVAL_MS } from "@/lib/domain/mint-session";

export function MintSection() {
  return (
    <section id="mint" aria-labelledby="mint-heading" className="space-y-3">
      <h2 id="mint-heading" className="text-2xl font-semibold">
        Minting: prepare → sign → execute
      </h2>
      <p>
        Three steps: <code>POST /prepare-mint</code> reserves specific NFTs and returns one transaction per NFT, <strong>signed by nobody</strong>; the wallet signs each one{" "}
        <strong>first</strong> and never broadcasts; <code>POST /execute-mint</code> (one transaction) or <code>POST /execute-mint/batch</code> (several, required for any quantity
        above 1) hands them back, and the service checks them, signs <strong>last</strong> and submits them. Both count against the key&apos;s mint budget, not the read budget.
      </p>
      <p>
        <strong>Order of signatures.</strong> Each transaction needs three signatures: the wallet&apos;s (the fee payer, first slot), the NFT mint key&apos;s and the service&apos;s
        mint authority&apos;s. Prepare leaves all three slots empty; the wallet fills its own (the order wallets recommend for transactions with several signers). Execute checks
        that the message is byte-identical to the prepared one and that the wallet&apos;s signature verifies, then adds the service&apos;s two signatures over{" "}
        <em>the same message bytes</em> (the message is never recompiled) and submits. Anything in the service&apos;s slots sent by the client is ignored. So a prepared transaction
        cannot land without execute: sent straight to a node, the chain refuses it for the missing signatures. The NFT mint key is never stored nor handed out: it is derived for
        each session as HMAC-SHA-512(secret, session id), its first 32 bytes an ed25519 seed. The secret is <code>MINT_KEY_SECRET</code> (32+ bytes, hex or base64) or, when unset,
        derived from the mint authority&apos;s key, so every instance derives the same key. Rotating it invalidates the sessions prepared before (execute answers{" "}
        <code>410 SESSION_EXPIRED</code>; prepare again); submitted and minted sessions are not affected.
      </p>

      <h3 className="font-mono text-lg">POST /prepare-mint</h3>
      <p>
        Body: <code>{`{ collectionId, phaseId, walletAddress, quantity, affiliate_code?, walletProvider?, claimCode?, quotedTokenAmount? }`}</code> (<code>quotedTokenAmount</code>,
        an addition to v1: a pegged phase&apos;s quote the buyer saw, honoured within its <code>slippageTolerance</code>; see Prices). <code>quantity</code> is an integer or a
        numeric string from 1 to 50. <code>collectionId</code> may be the UUID, or the short ID or address of one of the key&apos;s own drops. Checks run in this order, and the
        first that fails answers:
      </p>
      <ol className="list-decimal space-y-1 pl-6">
        <li>
          Body validation: <code>400 INVALID_REQUEST</code>; the drop and the key&apos;s scope (<code>403 COLLECTION_NOT_IN_SCOPE</code>, <code>404 COLLECTION_NOT_FOUND</code>).
        </li>
        <li>
          A drop on another chain: <code>400 CHAIN_NOT_SUPPORTED_BY_SURFACE</code>.
        </li>
        <li>
          A drop the core flow does not support (<code>supportedBySurface</code> false, not launched, or a phase priced in a token other than SOL or with incomplete price
          settings): <code>409 MINT_NOT_SUPPORTED_BY_SURFACE</code> with <code>mintUrl</code> (the hosted mint page, or null) in the body.
        </li>
        <li>
          A blocked wallet (for every drop or this one; permanent, or until a future moment): <code>403 WALLET_BLOCKED</code> with <code>reason</code>, <code>blockedUntil</code>{" "}
          (null when permanent) and <code>permanent</code>.
        </li>
        <li>
          More than 10 prepares per minute by one caller for one wallet on one drop: <code>429 COLLECTION_RATE_LIMITED</code> with <code>retryAfter</code> (seconds) and the same{" "}
          <code>Retry-After</code> header. The caller is the key (a publishable key together with the client IP, since it ships in browser code), or the client IP for the
          site&apos;s own pages, so nobody can spend another caller&apos;s budget for a wallet. A prepare that carries a <code>claimCode</code> also spends the claim-code check
          budgets of <code>claim-codes/validate</code> (per IP and per drop), so prepare is no way around them.
        </li>
        <li>
          A phase of another drop: <code>404 PHASE_NOT_FOUND</code>. A phase not active on the server clock: <code>409 PHASE_NOT_ACTIVE</code>.
        </li>
        <li>
          A gated phase whose requirements the wallet does not meet (same rules as eligibility): <code>403 NOT_ELIGIBLE</code>.
        </li>
        <li>
          A <code>claimCode</code> that cannot be used for this mint: <code>400 CLAIM_CODE_INVALID</code> (see <code>claimCode</code> below; a wallet without even the rent of one
          NFT gets <code>INSUFFICIENT_BALANCE</code> first).
        </li>
        <li>
          Limits: the per-wallet limit is the one wallet-mints reports (allocations, overrides, maxPerWallet), then <code>maxPerTransaction</code> (caps the paid quantity of one
          request), <code>phaseSupply</code> and the drop&apos;s remaining supply. When a limit is smaller than the request, the quantity is <strong>reduced</strong>:{" "}
          <code>quantityAdjusted: true</code> and <code>adjustmentReason</code> names the limit. Nothing left at all: <code>409 WALLET_LIMIT_REACHED</code> (the wallet&apos;s
          limit) or <code>409 SOLD_OUT</code> (phase or drop). Live reservations (prepared, unexpired sessions and submits in flight) count like mints, so a wallet cannot hold more
          than its limit in parallel prepares.
        </li>
        <li>
          <strong>Supersede.</strong> A new prepare for a wallet first ends that wallet&apos;s earlier <em>unsigned</em> sessions in the same drop (prepared, never executed) and
          frees their NFTs and claim-code holds: they cannot land without the service&apos;s signatures, so this is safe, and nobody can lock a wallet out of its allowance by
          preparing in its name. Executing a superseded session answers <code>410 SESSION_SUPERSEDED</code>. A prepare that is refused supersedes nothing. One prepare reserves at
          most 10 NFTs (bonuses included), so a wallet holds at most 10 unsigned sessions in a drop; a larger request is reduced with <code>quantityAdjusted</code>.
        </li>
        <li>
          Balance: <code>402 INSUFFICIENT_BALANCE</code> when the wallet&apos;s SOL cannot cover every transaction&apos;s price, platform fee, rent (the NFT mint account and the
          wallet&apos;s token account) and signature fees (5000 lamports × 3 signatures), plus the wallet&apos;s own rent-exempt minimum (0.00089088 SOL) which a fee payer must
          keep. It is checked before any NFT is reserved (against the least these transactions can cost), and again on the exact transactions once the NFTs are known (their
          metadata sets the rent); that second refusal rolls the reservation&apos;s database transaction back, so nothing is ever reserved for a wallet that cannot pay. What the
          wallet&apos;s submits in flight will take (in any drop) is subtracted from its balance first. Unsigned sessions of other drops are not: anyone can prepare in a
          wallet&apos;s name, and counting them would let a stranger make the wallet look too poor to mint. Within a drop, the supersede rule and the cap of 10 keep one funded
          wallet from reserving more than it can pay for.
        </li>
      </ol>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>BOGO</strong> (<code>bogo: {`{ buy, get, bonusQuantity }`}</code>): for every <code>buy</code> NFTs paid in one request the wallet gets <code>get</code> bonus
          NFTs, each its own free session and transaction (no price, no platform fee). A bonus rides with its purchase: the service signs a bonus only once the paid NFTs of the
          same prepare that earn it have landed. Send the bonus in the same batch as its paid transactions (the batch executes purchases first, whatever the order sent); a bonus
          whose purchases have not landed answers <code>409 BONUS_WITHOUT_PURCHASE</code> and nothing is sent. Bonus NFTs count toward <code>maxPerWallet</code>,{" "}
          <code>phaseSupply</code> and the supply, as wallet-mints counts them. When the room is short, fewer paid NFTs are prepared so their bonus still fits (room 3, buy 2 get 1,
          asking for 3 → 2 paid + 1 bonus); only when not even one paid NFT and its bonus fit is the bonus trimmed. NFTs made free by a claim code are not bought and earn no bonus.
        </li>
        <li>
          <strong>Result:</strong> always <code>sessions</code> and <code>transactions</code>, one NFT each, even for quantity 1; <code>sessions[i]</code> belongs to{" "}
          <code>transactions[i]</code> and to <code>pricing.items[i]</code>. Transactions are legacy (<code>isVersionedTransaction: false</code>), base64, with every signature slot
          empty. Paid NFTs come first, bonus NFTs last. <code>expiresAt</code> = now + <code>expiresInMs</code>, the session lifetime: at most the transaction&apos;s own validity
          less a safety margin, i.e. (blocks left on its blockhash × 400 ms) − 15 s, about 45 s for a fresh blockhash; <code>SESSION_TTL_SECONDS</code> (default 120) can only
          shorten it. A signature handed back within the lifetime can always still land.
        </li>
        <li>
          <strong>Claim codes:</strong> the wallet&apos;s redeemed codes (the ones <code>claim-codes/benefits</code> reports, for this phase or every phase, unexpired) apply to its
          paid NFTs automatically: free-mint and pack codes first (the NFT costs nothing and pays no platform fee; <code>kind: claim_code</code>), then the oldest discount code
          with uses left (discounts do not stack; <code>percent</code> % off, then the fixed amount, never below 0; the platform fee stays). Uses held by live sessions are not
          available to another prepare; a use is spent only when the mint lands.
        </li>
        <li>
          <strong>
            <code>claimCode</code>
          </strong>{" "}
          (optional string; an addition to v1) applies a code the wallet has not redeemed yet. Its format is checked like <code>claim-codes/validate</code> (trimmed, 4 to 1024
          UTF-16 units, then upper-cased; otherwise <code>400 INVALID_REQUEST</code>) and it is looked up for this drop only. Unknown codes and other drops&apos; codes get the same{" "}
          <code>400 CLAIM_CODE_INVALID</code>; so do disabled and expired codes, codes restricted to another phase, codes with no uses left (landed uses plus uses held by live
          sessions of every wallet reach <code>maxUses</code>), and codes this wallet has used up (its share: <code>mintAllocation</code> NFTs for free-mint and pack codes,{" "}
          <code>discountUses</code> for discount codes, 1 when unset; landed uses plus its live sessions count). Free-mint and pack codes make up to that many paid NFTs free;
          discount codes take their discount off up to that many paid NFTs, and an entered discount code is the one applied (before the wallet&apos;s older ones).{" "}
          <strong>Whitelist (allowlist) codes</strong> change who may mint, not the price: in a gated phase (the batch&apos;s phase, or any gated phase when the batch names none)
          they add <code>mintAllocation</code> spots (1 when unset) to the wallet&apos;s allowlist allocation, so a wallet with no other claim becomes eligible; the limit is still
          capped by <code>maxPerWallet</code>. A wallet redeems one use of the code with its first landed mint (the session carrying it is the first NFT no other code took); from
          then on eligibility, wallet-mints and later prepares count the spots without the code, and entering it again takes no second use. In an ungated phase it gives nothing and
          spends nothing. <strong>External codes</strong> are redeemed on the creator&apos;s page: <code>409 CLAIM_CODE_EXTERNAL</code> with <code>externalUrl</code> in the body,
          nothing reserved. <strong>NFT-redemption codes</strong> each name one NFT (its mint address): the wallet must hold it on chain when it prepares, and each NFT is redeemed
          once per batch, whichever of the batch&apos;s codes names it; the code then makes up to <code>mintAllocation</code> paid NFTs free like a free-mint code. A code naming no
          NFT, an NFT the wallet does not hold, or an NFT already redeemed gets <code>CLAIM_CODE_INVALID</code>. A valid code that changes nothing (a free phase, bonus NFTs) is
          accepted and not held. The code is only held by the sessions it priced: an expired or failed session releases it, and it is redeemed (a redemption with the wallet&apos;s
          share, one use, and the code&apos;s <code>usesCount</code> + 1) only when each such mint lands, after which <code>claim-codes/benefits</code> reports what remains and
          later prepares apply it without the code. Concurrent prepares run under the wallet&apos;s lock and the code&apos;s lock, so neither share can be overspent; the
          code&apos;s maximum also caps the remaining uses of wallets that redeemed it earlier.
        </li>
        <li>NFTs are reserved in token (or edition) order; limited editions reserve edition rows, never the master. Open-ended drops create the next numbered NFT at prepare.</li>
        <li>
          <strong>Pack tiers.</strong> An NFT may belong to a pack tier (its <code>packTierName</code>). A pack code (validate answers <code>grantType: free_mint</code> with{" "}
          <code>packTierId</code>) opens its tier: each free mint it gives takes an NFT of that tier, and no other mint ever does (ordinary mints take untiered NFTs only). A
          prepare that opens a pack is all or nothing: when the tier has nothing left, it answers <code>409 SOLD_OUT</code> rather than hand out another tier. Once redeemed, the
          benefits endpoint reports the tier as <code>packTierId</code> and later prepares open it without the code. <code>isPackPhase</code> marks the phases whose creator sells
          packs; it changes nothing else.
        </li>
        <li>
          <code>affiliate_code</code> is matched case-insensitively against the drop&apos;s affiliates and recorded on the sessions and the mints; an unknown or malformed code (not
          1 to 64 letters, digits, <code>_</code> or <code>-</code>) is ignored, never refused. <code>walletProvider</code> is kept for analytics when it is a short display name
          (letters, digits, spaces, <code>. _ ( ) &apos; -</code>, up to 64); anything else is dropped.
        </li>
      </ul>
      <h4 className="font-semibold">pricing</h4>
      <p>
        Every amount appears twice: <code>x</code> in display units of <code>currency</code> (e.g. 0.105 SOL) and <code>xRaw</code> in its smallest unit (lamports), both JSON
        numbers. Members: <code>currency</code>, <code>currencyDecimals</code>, <code>priceModel</code>, <code>unitPrice</code> (one paid NFT; fixed and hidden phases charge the
        phase price, dutch phases the live auction price, pegged phases the current quote; a range phase answers its minimum here and prices <strong>each NFT by its rarity</strong>
        : the rarest (rank 1) at the range&apos;s maximum, the drop&apos;s last rank at its minimum, straight in between and rounded down to the smallest unit, and an NFT without a
        rarity rank at the maximum; <code>items[].price</code> is what each NFT costs, and exactly what the transaction pays), <code>paidQuantity</code>, <code>freeQuantity</code>{" "}
        (NFTs of a free phase), <code>claimCodeQuantity</code> (made free by a claim code), <code>bonusQuantity</code>, <code>platformFeePerNft</code> (charged per paid NFT; free
        and bonus NFTs pay none), <code>subtotal</code> (prices, after discounts), <code>discount</code> (what claim codes took off), <code>platformFee</code> (fees),{" "}
        <code>total</code> (subtotal + platformFee: what the collector pays the drop and the platform), <code>networkCost</code> (rent and signature fees, paid to the chain),{" "}
        <code>walletDebit</code> (total + networkCost: what leaves the wallet), and <code>items</code>: per transaction{" "}
        <code>{`{ sessionId, kind (paid | free | bogo_bonus | claim_code), price, discount, platformFee, networkCost }`}</code> (each with its Raw twin).
      </p>

      <h3 className="font-mono text-lg">POST /execute-mint</h3>
      <p>
        Body: <code>{`{ sessionId, signedTransaction }`}</code>. Refusals, in order: a <code>transactionHash</code> member → <code>400 CLIENT_BROADCAST_NOT_ALLOWED</code> (checked
        before anything else); unknown session → <code>404 SESSION_NOT_FOUND</code>; a session of a drop the key is not issued for → <code>403 COLLECTION_NOT_IN_SCOPE</code>; an
        expired session → <code>410 SESSION_EXPIRED</code> (expiry is decided by the database&apos;s clock, never an instance&apos;s); a session replaced by a newer prepare →{" "}
        <code>410 SESSION_SUPERSEDED</code>; one session of a prepare of several NFTs sent alone → <code>400 BATCH_REQUIRED</code> (use the batch); a transaction whose message is
        not byte-identical to the prepared one (changed amount or recipient, added or removed instruction, another session&apos;s transaction, unreadable) →{" "}
        <code>400 TRANSACTION_MISMATCH</code>; a missing or invalid wallet signature → <code>400 INVALID_SIGNATURE</code>; a bonus whose purchases have not landed →{" "}
        <code>409 BONUS_WITHOUT_PURCHASE</code>. None of these sends anything, and a refused attempt leaves the session usable until it expires.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Repeats: the session is claimed atomically, so concurrent executes of one session submit once. A repeat gets <code>409 ALREADY_PROCESSING</code> while it is being
          submitted or its outcome is pending, and <code>409 ALREADY_COMPLETED</code> once minted.
        </li>
        <li>
          The chain refused or failed the transaction: <code>400 TRANSACTION_REJECTED</code>; the session is closed. Its NFT is freed once the transaction can no longer land (see
          below). Prepare again.
        </li>
        <li>
          Outcome unknown (the chain could not be reached or did not answer): <code>503 OUTCOME_PENDING</code> with <code>pending: true</code> in the body. It is a 5xx because the
          service could not finish, but execute is never retried (the spec&apos;s client rule): check the wallet; never resubmit. The service settles the session itself (see
          below), and a later execute of the same session answers its outcome.
        </li>
        <li>
          Success: the Execute result. <code>totalCost</code> is price + platform fee in <code>currency</code> units; <code>collectionStats</code> follows the collection&apos;s
          supply convention (open-ended drops report <code>totalSupply: 0</code>); <code>collectionUpdate</code> says what this mint changed in the drop, so it comes with every
          fresh mint: <code>itemsRedeemed</code> (the drop&apos;s minted count after it), <code>isFrozen</code> (the creator&apos;s trading freeze on the drop&apos;s NFTs, which
          Dropmint records for marketplaces and lifts when the drop sells out; it does not freeze token accounts on chain) and <code>autoUnfrozen</code> (true only in the answer of
          the one mint that sold the drop out and so lifted the freeze); <code>bountyInfo.directBounties</code> lists the prizes this mint won (
          <code>{`{ bountyId, poolId, name, bountyType, amount (smallest unit), tokenSymbol, payoutStatus, memo }`}</code>), or null; <code>nfts[].bounty</code> is the first of
          them. A session settled by the service after an interrupted submit answers with <code>minted</code> only (and <code>recovered: true</code>), no signature or nfts.
        </li>
        <li>
          Bounties: a prize whose trigger count equals the drop&apos;s mint count (since its start) goes to the minting wallet; a recurring pool draws one weighted entry on every
          Nth mint, up to its maximum number of draws.
        </li>
      </ul>

      <h3 className="font-mono text-lg">POST /execute-mint/batch</h3>
      <p>
        Body: <code>{`{ transactions: [{ sessionId, signedTransaction }] }`}</code>, 1 to 50 entries. Each entry goes through the single execute above, one after another: purchases
        first, bonus NFTs last; results come back in the order sent. Required for the sessions of a prepare of several NFTs (a subset of them may be sent). Always <code>200</code>:{" "}
        <code>{`{ success, results, totalMinted, successfulTransactions, failedTransactions, executionTimeMs }`}</code>, <code>success</code> true when any transaction landed. Each
        result: <code>{`{ sessionId, success, error?, errorCode?, pending?, recovered?, signature?, mintedCount?, minted }`}</code>; <code>pending: true</code> (with{" "}
        <code>OUTCOME_PENDING</code> or <code>ALREADY_PROCESSING</code>) means it may still land: check the wallet.
      </p>

      <h3 className="text-lg font-semibold">Session lifetime and settlement</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          States: prepared → pending (claimed by an execute, which stores the wallet&apos;s signature before the server signs and sends) → minted; or expired (lifetime passed),
          released (never landed), failed (refused by the chain), superseded (replaced by the wallet&apos;s newer prepare).
        </li>
        <li>
          At start-up and every 30 seconds the service expires sessions past their lifetime and settles pending ones: minted when the chain confirms the signature, failed when it
          landed and failed, released only after the chain&apos;s block height passed the transaction&apos;s last valid height with the signature still unknown. A session claimed
          but never sent (a crash) is pending with its signature, and is released once its blockhash has expired.
        </li>
        <li>
          <strong>An NFT is freed only when its session&apos;s transaction can no longer land:</strong> the chain&apos;s block height is past the transaction&apos;s last valid
          block height <em>and</em> the NFT&apos;s mint account does not exist. If the account exists the mint is recorded (as a recovered mint), never freed. Until then an expired
          or failed session keeps its NFT reserved (reads count it as available, prepare does not take it): about 15 seconds past expiry, or up to a minute after a refused submit.
          Prepare frees such NFTs of its drop (at most every {PREPARE_SWEEP_INTERVAL_MS / 1000} seconds per instance, and at once when it comes up short of supply), and the
          30-second sweep does so for every drop. Superseded sessions are the exception: never signed by the service, their NFTs are freed at once.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">How this site&apos;s own browser client calls it</h3>
      <p>
        The drop page uses the typed client in <code>lib/client</code>, which follows the spec&apos;s client defaults. Partners writing their own client should do the same:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Reads (every GET, and the read-only claim-code check) retry on <code>429</code>, <code>5xx</code> and network failures: 3 attempts in all, backing off 300 ms then 900 ms
          (with jitter), or waiting out <code>Retry-After</code> when the answer carries one. A <code>Retry-After</code> above 10 seconds is not waited out: the error is shown with
          the wait.
        </li>
        <li>
          prepare-mint, execute-mint and the batch are sent once and never retried. An execute that times out, loses its connection, answers <code>5xx</code>,{" "}
          <code>ALREADY_PROCESSING</code> or <code>pending: true</code> is reported as <code>OUTCOME_UNKNOWN</code> (&quot;may still complete, check your wallet&quot;), and the
          page starts no new mint until it has re-read the wallet&apos;s mints.
        </li>
        <li>
          Timeouts: 30 seconds for reads, 130 seconds for execute and the batch; one client-wide <code>timeoutMs</code> option overrides both (and the per-call{" "}
          <code>readTimeoutMs</code> / <code>executeTimeoutMs</code>). The client (<code>lib/client</code>) has a call for every v1 endpoint, checked by a test that walks the route
          files.
        </li>
        <li>Pacing: at most 5 requests a second, in bursts of up to 10, per page.</li>
        <li>
          React Query caches every answer under a key that starts with the cluster (<code>localnet</code>, <code>devnet</code>, <code>mainnet</code>), so one cluster&apos;s data is
          never shown for another.
        </li>
      </ul>
    </section>
  );
}

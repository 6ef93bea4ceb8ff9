// API docs: eligibility and wallet mints, with the decisions the spec leaves open.
import { Endpoint, Operation } from "../_reference/operation";
import { Err } from "../_reference/error-code";
import { HOLDINGS_MAX_AGE_MS } from "@/lib/services/read-caches";

export function EligibilitySection() {
  return (
    <section id="eligibility" aria-labelledby="eligibility-heading" className="space-y-3">
      <h2 id="eligibility-heading" className="text-2xl font-semibold">
        Eligibility and wallet mints
      </h2>
      <p>
        Both endpoints take <code>{"{collectionId}"}</code> as a short ID, UUID or on-chain address, and answer{" "}
        <Err code="COLLECTION_NOT_IN_SCOPE" /> for a drop outside the key&apos;s scope (the same whether or not it
        exists), <Err code="COLLECTION_NOT_FOUND" /> for an unknown drop when the key sees every drop, and{" "}
        <Err code="INVALID_REQUEST" /> for a wallet that is not a canonical base58 Solana address. Holdings are read
        from the chain; when it cannot be read they answer <Err code="CHAIN_UNAVAILABLE" /> (retry), never a negative
        verdict. A request that reads holdings (a gated phase with token or NFT gates; for wallet-mints, a drop with
        any) also spends one unit of the per-IP chain budget (see Rate limits); one that does not read the chain spends
        none.
      </p>
      <p>
        <strong>Freshness.</strong> Each instance keeps a wallet&apos;s holdings for at most{" "}
        {HOLDINGS_MAX_AGE_MS / 1000} seconds, so a token or NFT that moved outside this service counts in these answers
        up to {HOLDINGS_MAX_AGE_MS / 1000} seconds late; a read served that way reaches no chain and spends no chain
        budget. A mint through this service refreshes the wallet at once, and a change to its mints, allowlist entries
        or overrides shows within a second on every instance. <Endpoint router="v1" id="prepareMint" /> reads holdings
        from the chain every time, so a gate is always judged on what the wallet holds when it mints.
      </p>

      <Operation router="v1" id="getEligibility" />
      <p>
        A verdict for one wallet in one phase. It never discloses the allowlist: only the asking wallet&apos;s own rows
        are read, and no response lists entries, counts them or names another wallet.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Rules.</strong> <code>requirements[].type</code> is one of <code>allowlist</code>,{" "}
          <code>nft_gate</code>, <code>token_gate</code>, listed in that order (one entry per gate rule), each with{" "}
          <code>met</code> and a <code>description</code> for people. A gated phase always lists the{" "}
          <code>allowlist</code> requirement, whether or not it uses an allowlist, so the answer says nothing about the
          list. An <code>nft_gate</code> requirement adds <code>drops</code>: the launched drops on this site that sell
          NFTs of the gate&apos;s collections (<code>name</code> and site <code>path</code>), so a wallet can be shown
          where to get one; empty when none does.
        </li>
        <li>
          <strong>Gated phase:</strong> the wallet is eligible (<code>meetsRequirements: true</code>) when it meets{" "}
          <em>any</em> rule: it is on the allowlist, or it meets one gate.
        </li>
        <li>
          <strong>Ungated phase:</strong> <code>gated: false</code>, <code>meetsRequirements: true</code>,{" "}
          <code>onAllowlist: null</code>, <code>requirements: []</code>; allowlist entries and gate rules of an ungated
          phase are ignored. <code>spotsAllocated</code> is the phase&apos;s <code>maxPerWallet</code> (or the
          wallet&apos;s override), and both spot fields are <code>null</code> when the phase has no per-wallet limit.
        </li>
        <li>
          <strong>Allocation</strong> (<code>spotsAllocated</code>) is the sum of the sources the wallet meets: its
          allowlist entry&apos;s allocation, plus NFTs held × <code>multiplier</code> for each NFT gate, plus{" "}
          <code>multiplier</code> for each token gate whose balance reaches its <code>minAmount</code> (raw units; a
          zero balance never qualifies). A per-wallet override replaces that total. An override changes how many, never
          whether: a wallet meeting no rule gets <code>spotsAllocated: 0</code>.
        </li>
        <li>
          <code>spotsRemaining</code> = <code>spotsAllocated</code> − the wallet&apos;s mints in this phase (bonus mints
          included), never below 0. It is not capped by <code>maxPerWallet</code>: use wallet-mints for what can still
          be minted.
        </li>
        <li>
          The time window is separate: <code>phase.hasStarted</code> and <code>phase.hasEnded</code> come from the
          server clock and do not change the verdict; <code>message</code> is a sentence combining both.
        </li>
        <li>
          <strong>NFT gates:</strong> the wallet&apos;s token accounts are read from the chain, and a held NFT counts
          when it belongs to one of the rule&apos;s collections according to our records of the drops minted here
          (authoritative for them). NFTs of collections minted elsewhere are not recognised.
        </li>
        <li>
          <strong>Token gates:</strong> the balance is the sum of every SPL Token and Token-2022 account the wallet
          holds for that mint.
        </li>
        <li>
          A phase of another drop answers exactly like an unknown phase: <Err code="PHASE_NOT_FOUND" />, same body. A{" "}
          <code>phaseId</code> that is not a UUID is <Err code="INVALID_REQUEST" />.
        </li>
        <li>Every member marked optional in the spec is always sent.</li>
      </ul>

      <Operation router="v1" id="getWalletMints" />
      <p>
        The wallet&apos;s mint counts in the drop. <code>collectionId</code> is any collection reference: the
        drop&apos;s UUID, short ID or on-chain address, as for every route that names a drop. Counts come from landed
        mints only; a mint still in progress counts once it lands.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>phaseMints</code> has an entry for every phase of the drop, ended ones included, keyed by phase id.{" "}
          <code>minted</code> counts every mint of the wallet in that phase: paid, free, claim-code, buy-N-get-M bonus
          and bounty bonus mints.
        </li>
        <li>
          <code>totalMinted</code> counts every NFT the wallet minted from the drop, including mints that belong to no
          phase (such as a prize mint), so it can exceed the sum of <code>phaseMints</code>.
        </li>
        <li>
          <code>maxPerWallet</code> is the phase&apos;s limit; <code>0</code> means unlimited.
        </li>
        <li>
          <strong>The limit</strong> behind <code>remaining</code> (= limit − <code>minted</code>, never below 0):
          <ul className="list-[circle] space-y-1 pl-6">
            <li>
              ungated phase: <code>maxPerWallet</code>, no limit when it is 0;
            </li>
            <li>
              gated phase, eligible wallet: its allocation (as in eligibility), capped by <code>maxPerWallet</code> when
              one is set;
            </li>
            <li>gated phase, wallet meeting no rule: 0;</li>
            <li>an override replaces the limit (the cap included) for an eligible wallet, or in an ungated phase.</li>
          </ul>
          <code>remaining</code> is <code>null</code> only when nothing limits the wallet. This is why
          eligibility&apos;s <code>spotsRemaining</code> and <code>remaining</code> can differ.
        </li>
        <li>
          <code>whitelistAllocation</code> is the wallet&apos;s allowlist allocation, <code>null</code> when it has none
          or the phase is not gated. <code>nftGateAllocation</code> and <code>tokenGateAllocation</code> are what that
          kind of gate gives the wallet (0 when none is met), <code>null</code> when the phase has no such gate.
        </li>
        <li>
          <code>allocationDetails</code> lists only the sources the wallet meets, in the order whitelist, NFT gates,
          token gates. <code>collections</code> is an array of collection addresses; <code>tokenAddress</code> is the
          token&apos;s mint address.
        </li>
        <li>
          <code>hasAllocationOverride</code> and <code>isPackPhase</code> are always booleans.
        </li>
        <li>
          <code>canMintMore</code> is false for a phase that has ended and for every phase of a sold-out drop (a drop
          without a supply cap never sells out); otherwise it is true when <code>remaining</code> is <code>null</code>{" "}
          or above 0. <code>remaining</code> is what the wallet&apos;s allowance leaves, whatever the dates or the
          supply. An upcoming phase counts as open: prepare-mint decides when it starts.
        </li>
      </ul>
    </section>
  );
}

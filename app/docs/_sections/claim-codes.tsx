// API docs: the claim-code endpoints, with the decisions the spec leaves open.
import { Operation } from "../_reference/operation";
import { Err } from "../_reference/error-code";
import { getConfig } from "@/lib/config";
import {
  CLAIM_CODE_MAX_LENGTH,
  CLAIM_CODE_MIN_LENGTH,
  CREATOR_CLAIM_CODE_MIN_LENGTH,
} from "@/lib/domain/claim-code-format";
import { IPV6_CLIENT_PREFIX_BITS } from "@/lib/domain/client-network";

type CheckBudgets = { perIpPerMinute: number; perDropPerMinute: number };

export function ClaimCodesSection({ budgets = getConfig().claimCodeChecks }: { budgets?: CheckBudgets }) {
  return (
    <section id="claim-codes" aria-labelledby="claim-codes-heading" className="space-y-3">
      <h2 id="claim-codes-heading" className="text-2xl font-semibold">
        Claim codes
      </h2>
      <p>
        <code>{"{collectionId}"}</code> is any collection reference (short ID, UUID or on-chain address) in your
        key&apos;s scope; another drop answers <Err code="COLLECTION_NOT_IN_SCOPE" />, an unknown one{" "}
        <Err code="COLLECTION_NOT_FOUND" /> for keys that see every drop.
      </p>

      <Operation router="v1" id="getClaimCodeConfig" />
      <p>
        <code>{`{ hasClaimCodes, hasDiscountCodes, hasWhitelistCodes, hasPackCodes }`}</code>, all booleans, and{" "}
        <strong>
          no <code>success</code> member
        </strong>
        : the spec lists exactly these four fields, so the body is sent bare.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          A kind counts only while the drop offers it: a batch that has not expired and has at least one code that is
          not disabled.
          <code>hasClaimCodes</code> is true when any kind is offered (free-mint, external and NFT-redemption codes
          included).
        </li>
        <li>Codes whose uses are all spent still count; the check below says so per code.</li>
      </ul>

      <Operation router="v1" id="getClaimCodeBenefits" />
      <p>
        What the wallet&apos;s redeemed codes still give it. Codes are redeemed only when a mint lands, so this reads
        landed redemptions only. Optional filters are <strong>query parameters</strong>:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>phaseId</code> (UUID): only codes for that phase or for every phase. A UUID that is not a phase of this
          drop answers <Err code="PHASE_NOT_FOUND" />; a malformed one <Err code="INVALID_REQUEST" />.
        </li>
        <li>
          <code>packTierId</code>: only codes for that pack tier or for no tier.
        </li>
        <li>
          <code>blockchain</code>: <code>solana</code> or a Solana chain name (<code>solana-devnet</code>, …), the enum
          the document lists; anything else is refused as input, <Err code="INVALID_REQUEST" /> (v1 is Solana only).
        </li>
      </ul>
      <p>How the figures are computed:</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>freeMints</code>: free mints left over all free-mint, pack and NFT-redemption redemptions (allocation −
          used each, never below 0). An NFT-redemption code that grants several mints keeps the rest after its first
          mint lands: they show here (as a <code>free_mint</code> source) and later prepares apply them.
        </li>
        <li>
          Discounts do not stack: the <strong>oldest</strong> discount redemption with uses left applies, and{" "}
          <code>discountPercent</code>, <code>discountFixed</code> and <code>discountRemaining</code> are its figures.{" "}
          <code>discountFixed</code> (and <code>source.fixed</code>) are in the drop&apos;s currency units (e.g. SOL,
          like <code>priceDisplay</code>), not lamports.
        </li>
        <li>
          <code>source</code> names the redemption the next mint would use: a free mint before a discount. When
          everything is used up it names the most recent redemption, with every figure 0. <code>packTierId</code> is the
          pack tier of a free-mint source, else null.
        </li>
        <li>
          Whitelist and external codes carry no price benefit and do not appear here (a redeemed whitelist code shows as
          allowlist spots in eligibility and wallet-mints). An NFT-redemption code entered at prepare makes the NFTs it
          grants free there, like a free-mint code, while the wallet holds the NFT it names; once its first mint has
          landed, the NFT is redeemed for that wallet and its remaining uses no longer need it. A batch that has expired
          gives nothing any more.
        </li>
        <li>
          Nothing redeemed: every figure 0 and <code>source: null</code>, with <code>success: true</code>.
        </li>
        <li>
          <strong>Lookup failure:</strong> the answer is still <code>200</code>, with <code>success: false</code> and
          every figure 0. Those zeros mean &quot;unknown&quot;, never &quot;no benefits&quot;: retry, and let
          prepare-mint&apos;s <code>pricing</code> decide.
        </li>
        <li>
          A malformed wallet address answers <Err code="INVALID_REQUEST" />.
        </li>
      </ul>

      <Operation router="v1" id="validateClaimCode" />
      <p>
        Body <code>{`{ "code": "..." }`}</code>. Answers the Claim code check{" "}
        <code>{`{ valid, grantType?, mintAllocation?, discountPercentage?, discountFixed?, usesRemaining? }`}</code>,{" "}
        <strong>bare</strong> (no <code>success</code> member).
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Read-only:</strong> it never redeems a code and never counts a use.
        </li>
        <li>
          The code is trimmed, then must be {CLAIM_CODE_MIN_LENGTH} to {CLAIM_CODE_MAX_LENGTH} characters long, counted
          as code points the way JSON Schema counts them (an emoji counts 1), without control characters: the
          document&apos;s <code>pattern</code> is the check itself. A code out of range, or a body without a string{" "}
          <code>code</code>, answers <Err code="INVALID_REQUEST" /> before any lookup. The service then upper-cases it,
          so case never matters.
        </li>
        <li>
          An unknown code and <strong>another drop&apos;s code</strong> both answer exactly{" "}
          <code>{`{"valid":false}`}</code>, through the same single lookup, so codes of other drops cannot be
          discovered.
        </li>
        <li>
          A code of this drop that cannot be used now answers <code>valid: false</code> with an additive{" "}
          <code>reason</code>: <code>disabled</code>, <code>expired</code> (its batch expired) or <code>used_up</code>.
        </li>
        <li>
          A valid code answers <code>grantType</code> (<code>whitelist</code>, <code>free_mint</code>,{" "}
          <code>discount</code>, <code>external</code>, <code>nft_redemption</code>), <code>mintAllocation</code>,{" "}
          <code>discountPercentage</code>, <code>discountFixed</code> (drop currency units), <code>usesRemaining</code>{" "}
          (<code>null</code> = unlimited), and the additive <code>phaseId</code> (the phase it applies to;{" "}
          <code>null</code> = any). A pack code answers <code>grantType: &quot;free_mint&quot;</code> with the additive{" "}
          <code>packTierId</code>; an external code adds <code>externalUrl</code>.
        </li>
        <li>
          <strong>Rate limits</strong> (on top of the read budget), per minute: {budgets.perIpPerMinute} checks per
          client IP (an IPv4 address, or an IPv6 /{IPV6_CLIENT_PREFIX_BITS}) and {budgets.perDropPerMinute} per caller
          on each drop (a key, or a client IP), so guessing stays slow from one address. There is no budget the whole
          drop shares: a handful of addresses could drain one and lock every collector of the drop out of their codes
          during its rush. Guessing from many addresses is answered by the codes themselves: a code a creator makes has
          at least {CREATOR_CLAIM_CODE_MIN_LENGTH} characters. Over budget answers <Err code="RATE_LIMITED" /> with{" "}
          <code>Retry-After</code> (seconds) and <code>retryAfter</code> in the body.
        </li>
      </ul>
    </section>
  );
}

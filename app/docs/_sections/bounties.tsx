// API docs: the bounty summary and the bounty prize board, with the decisions the spec leaves open.
import { SHORT_WALLET_CHARS } from "@/lib/domain/bounty-summary";
import { MAINTENANCE_INTERVAL_MS } from "@/lib/services/mint/reconcile";
import { PAYOUT_BACKOFF } from "@/lib/domain/payout-backoff";
import { Operation } from "../_reference/operation";
import { MIXED_TOKENS_SYMBOL, NATIVE_SOL_MINT } from "@/lib/domain/bounty-summary";
import { INVENTORY_PREVIEW_TITLE, UNSECTIONED_BOUNTIES_TITLE } from "@/lib/services/bounties";

export function BountiesSection() {
  return (
    <section id="bounties" aria-labelledby="bounties-heading" className="space-y-3">
      <h2 id="bounties-heading" className="text-2xl font-semibold">
        Bounties
      </h2>
      <p>
        A drop can offer one-off prizes won by a particular mint (bounties, grouped in sections) and recurring prize
        pools that draw one weighted entry every N mints. <code>bounty_type</code> is one of <code>token</code>,{" "}
        <code>nft</code>, <code>free_mint</code> and <code>grant</code>. Amounts are raw numbers in the token&apos;s
        smallest unit (lamports for SOL); divide by <code>10^decimals</code> to display them.
      </p>

      <Operation router="v1" id="getBountySummary" />
      <p>
        <code>{`{ success, remaining_bounties, free_mint_bounties, total_pool, token_symbol, tokens, has_bounties }`}</code>
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>remaining_bounties</code>: one-off bounties not yet claimed. <code>free_mint_bounties</code>: those of
          them of type <code>free_mint</code>. Recurring pools are not counted here.
        </li>
        <li>
          <code>tokens</code>: the prize pool per token, from the unclaimed <code>token</code> bounties that name an
          amount: the token&apos;s <code>address</code> (its mint), <code>symbol</code>, <code>decimals</code> and{" "}
          <code>pool_raw</code>, largest pool first. A prize that names no token mint pays native SOL and is listed as{" "}
          <code>{NATIVE_SOL_MINT}</code> (the wrapped-SOL mint address), symbol <code>SOL</code>, 9 decimals. A token
          whose decimals we do not know shows <code>decimals: 0</code>, so its amount reads in raw units.
        </li>
        <li>
          <code>total_pool</code>: the sum of every <code>pool_raw</code>. It is one amount only when the pool holds one
          token; then <code>token_symbol</code> is that token&apos;s symbol. When the pool spans several tokens,{" "}
          <code>token_symbol</code> is <code>&quot;{MIXED_TOKENS_SYMBOL}&quot;</code> and <code>total_pool</code> adds
          amounts of different units: show <code>tokens</code> instead. An empty pool gives <code>0</code> and{" "}
          <code>null</code>.
        </li>
        <li>
          Recurring pools add nothing to <code>total_pool</code>: their payouts are random draws, not promised amounts.
          See <code>pool_sections</code> in bounty-prizes.
        </li>
        <li>
          <code>has_bounties</code> is true when the drop has any bounty or recurring pool, claimed or not. A drop with
          neither answers the empty summary: zeros, <code>token_symbol: null</code>, <code>tokens: []</code>,{" "}
          <code>has_bounties: false</code>.
        </li>
      </ul>

      <Operation router="v1" id="getBountyPrizes" />
      <p>
        Disabled: exactly <code>{`{ success: true, enabled: false }`}</code>. Enabled:{" "}
        <code>{`{ success, enabled: true, prize_account, show_occurrence, show_winners, show_inventory_preview, sections, pool_sections }`}</code>{" "}
        (<code>prize_account</code> is an addition to v1: see Payouts below).
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Enabled</strong> means the creator turned the prize board on and the drop has something to show: at
          least one bounty, inventory item or recurring pool. Otherwise it is disabled.
        </li>
        <li>
          <strong>Sections</strong>, in the creator&apos;s order: <code>milestone_group</code> (with{" "}
          <code>counter_starts_at</code>, when its mint counter started) and <code>individual</code> sections with their
          bounties; sections without bounties are left out. Bounties outside any section come next, as one{" "}
          <code>individual</code> section without an <code>id</code>, named &quot;
          {UNSECTIONED_BOUNTIES_TITLE}&quot;. Last, when <code>show_inventory_preview</code> is true and the drop has
          inventory, one <code>inventory_preview</code> section without an <code>id</code>, named &quot;
          {INVENTORY_PREVIEW_TITLE}&quot;, with its items (state <code>unassigned</code>, <code>assigned</code> or{" "}
          <code>claimed</code>).
        </li>
        <li>
          <strong>BountyItem</strong> members by type: <code>token</code> has{" "}
          <code>{`token: { symbol, amount, decimals }`}</code> (the same token rule as the summary); <code>nft</code>{" "}
          has <code>{`nft: { name, image_url, mint_address }`}</code>; <code>grant</code> has{" "}
          <code>{`grant: { label }`}</code>; <code>free_mint</code> has none. Any bounty won by a mint count also has{" "}
          <code>{`trigger: { mint_count, starts_at }`}</code>: the Nth mint counted from <code>starts_at</code> (from
          the start of the drop when null).
        </li>
        <li>
          <strong>Winners:</strong> <code>claimed_winner</code> is never a full wallet. When the creator shows winners
          it is shortened to the first {SHORT_WALLET_CHARS} and last {SHORT_WALLET_CHARS} characters around an ellipsis
          (U+2026), e.g. <code>AbCd…WxYz</code>, for claimed bounties and claimed inventory items; otherwise it is{" "}
          <code>null</code>. <code>is_claimed</code> and <code>claimed_at</code> are shown either way.
        </li>
        <li>
          <strong>Payouts:</strong> each bounty item carries the additive <code>payout_status</code>: where the won
          prize&apos;s payout stands (<code>pending</code>, <code>paid</code>, <code>failed</code>, or{" "}
          <code>not_applicable</code> for a grant), <code>null</code> while the bounty is unclaimed. See Payouts below.
        </li>
        <li>
          <strong>Occurrence:</strong> when <code>show_occurrence</code> is false the creator keeps the winning mint
          count secret, so bounties carry no <code>trigger</code>. Section counters and pool recurrence stay visible.
        </li>
        <li>
          <strong>Pools</strong> are listed by name, their entries in the creator&apos;s order. <code>weight_bps</code>{" "}
          is the entry&apos;s weight as stored; <code>weight_pct</code> is its share of the pool&apos;s total weight
          (the chance of that entry on each draw), in percent with two decimals, so 6000/3000/1000 gives 60/30/10 and
          three equal weights give 33.33 each (the shares may not add up to exactly 100). <code>recur_fires_count</code>{" "}
          is how many draws have happened; <code>recur_max_fires</code> null means no limit.
        </li>
      </ul>

      <h3 className="text-lg font-semibold">Payouts</h3>
      <p>
        Every prize is paid from the drop&apos;s <strong>prize account</strong> (<code>prize_account</code>; the creator
        funds it with SOL and the prize tokens and NFTs) by a background payout worker, never inside execute, so a slow
        chain never delays a mint or turns it into an uncertain outcome. The mint that wins a prize writes it as a
        pending award in the same database transaction; execute&apos;s{" "}
        <code>bountyInfo.directBounties[].payoutStatus</code> therefore says <code>pending</code> (or{" "}
        <code>not_applicable</code>), and execute wakes the worker, which usually pays it within a second; the
        all-minted feed&apos;s <code>bounty.payoutStatus</code> shows where it stands:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          a SOL prize (a token prize without a token mint) is a transfer; a token prize moves the prize account&apos;s
          tokens to the winner&apos;s token account;
        </li>
        <li>
          an NFT prize hands over the inventory item assigned to the winner when the prize was won (the bounty&apos;s
          own item, else an unassigned one of the same name; for a pool&apos;s NFT draw, the first unassigned item of
          the entry&apos;s NFT pool, <code>nft_pool_label</code>, never one of another pool, or, for an entry naming no
          pool, the first tied to no bounty and no pool; an empty pool leaves the prize pending until the creator adds
          one): <code>unassigned</code> → <code>assigned</code> when won → <code>claimed</code> once it is in the
          winner&apos;s wallet;
        </li>
        <li>
          a free-mint prize mints the winner the drop&apos;s next NFT, paid by the prize account: a{" "}
          <code>bounty_bonus</code> mint in the phase of the mint that won it, counted in supply and in the
          wallet&apos;s mints like any other (and able to win a prize in turn);
        </li>
        <li>
          a grant is delivered by the creator off chain: <code>not_applicable</code>.
        </li>
      </ul>
      <p>
        A payout is never made twice: its transaction is signed and written ahead before it is sent, and after a crash
        the service looks that transaction up on the chain (landed: <code>paid</code>; still able to land: the same
        bytes sent again; expired unseen: a new one). A prize the prize account cannot cover yet (or an NFT prize with
        no item in the vault) stays <code>pending</code> and is retried with back-off: after{" "}
        {PAYOUT_BACKOFF.firstMs / 1000} seconds, then twice as long after each failed attempt, up to{" "}
        {PAYOUT_BACKOFF.maxMs / 60_000} minutes between attempts, until it is paid. A free-mint prize&apos;s own mint is
        settled by the mint reconciler (every {MAINTENANCE_INTERVAL_MS / 1000} seconds) like any mint.
      </p>
    </section>
  );
}

// API docs: GET / and GET /collections/{identifier}, with the decisions the spec leaves open.
import { Operation } from "../_reference/operation";
import { Err, StatusOf } from "../_reference/error-code";
export function CollectionsSection() {
  return (
    <section id="collections" aria-labelledby="collections-heading" className="space-y-3">
      <h2 id="collections-heading" className="text-2xl font-semibold">
        Collections
      </h2>
      <Operation router="v1" id="getRoot" />
      <p>
        <code>{`{ success, version, stability, docs, reference }`}</code>. Names no collection, so any valid key (of any
        scope) gets 200. Without a key it answers <Err code="API_KEY_REQUIRED" /> as every v1 path does, and that
        refusal carries the same <code>docs</code> (this document&apos;s URL) and <code>reference</code> (this page), so
        a first call shows where to start.
      </p>
      <Operation router="v1" id="getOpenApiDocument" />
      <Operation router="v1" id="getCollection" />
      <p>The Collection response: the record, supply stats, phases and capabilities, with the server time.</p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>collection.contractAddress</code>: Solana has no contract per drop (the token programs are shared), so
          for a Solana drop it is the drop&apos;s collection mint, the same as <code>collectionAddress</code>, unless
          the drop records a contract of its own; <code>null</code> when the drop has no on-chain address yet.
        </li>
        <li>
          <code>phases.all</code> lists every phase in schedule order, ended ones included; <code>phases.active</code>{" "}
          and <code>phases.upcoming</code> are the subsets by status on the server clock. Each phase adds{" "}
          <code>soldOut</code>: nothing more can be minted in it because its <code>phaseSupply</code> or the whole
          drop&apos;s supply has landed. <code>status</code> still follows the clock alone, so a sold-out phase can be{" "}
          <code>active</code>; the drop page shows it as sold out, with no countdown.
        </li>
        <li>
          <code>priceDisplay</code> is resolved per phase: <code>amount</code> for a fixed price (<code>isFree</code>{" "}
          only when it is 0), for a dutch auction&apos;s live price (the same figure as <code>/dutch-price</code>) and
          for a pegged price (its current quote in the paid token, marked <code>approximate</code>); <code>range</code>{" "}
          for a range-priced phase, or a dutch auction between its floor and ceiling when its live price cannot be
          computed; <code>hidden</code>; or <code>unknown</code> when no price can be given right now (a pegged phase
          with no token price, broken settings). There is no raw price field.
        </li>
        <li>
          <code>stats.mintedCount</code> counts minted and burned NFTs. An open-ended drop (no supply cap) reports{" "}
          <code>totalSupply: 0</code>, <code>availableCount: 0</code> and <code>percentMinted: 0</code>, the spec&apos;s
          &quot;0 means unlimited&quot; convention, and the additive field <code>stats.isOpenEnded: true</code>; read
          that before showing &quot;sold out&quot;.
        </li>
        <li>
          <code>percentMinted</code> has two decimals and reaches 100 only when nothing is left.
        </li>
        <li>
          <code>capabilities</code> are derived from the drop as it is, never stored: <code>supportedBySurface</code> is
          false exactly when prepare-mint refuses the drop with <Err code="MINT_NOT_SUPPORTED_BY_SURFACE" /> (one rule
          for both: no collection address, not launched, a phase priced in a token with no mint address (or pegged to
          another token than its currency), a phase whose token mint is missing on chain, has other decimals than its
          price or carries a Token-2022 extension a payment cannot be made with (a transfer fee, a transfer hook,
          non-transferable tokens, a pause and the like; the drop is refused as a whole), a pegged or dutch phase with
          incomplete price settings, a provably fair drop with a rarity-priced phase, or a drop that needs the buyer to
          select the NFT, <code>nft_selection</code>). <code>requiresFeatures</code> lists the features the drop
          declares and <code>claim_codes</code> whenever the drop has claim codes, however it was created (the seed, or
          the drop command). <code>capabilities.mintUrl</code> is set only when <code>supportedBySurface</code> is
          false.
        </li>
        <li>
          <strong>Unknown identifier:</strong> <Err code="COLLECTION_NOT_FOUND" /> when the caller may see every drop
          (the site itself, or a key issued for all drops). A key scoped to particular drops gets{" "}
          <Err code="COLLECTION_NOT_IN_SCOPE" /> instead, identical to the answer for another existing drop, so a key
          never learns which other drops exist.
        </li>
        <li>
          <strong>Drops not launched yet</strong> (coming soon, deploying, or paused for maintenance): a key issued for
          the drop reads the full record. A request without a key (the site itself) gets{" "}
          <Err code="COLLECTION_NOT_LAUNCHED" /> (<StatusOf code="COLLECTION_NOT_LAUNCHED" />
          ): this route answers the Collection response or an error, never a third shape. The teaser (name, cover art,
          launch status) is the first-party router&apos;s pre-launch envelope, shown on the drop page.{" "}
          <code>@dropmint/client</code>&apos;s <code>getCollection</code> throws a <code>DropmintClientError</code> with
          that code (not retried). See the first-party section for the other routes.
        </li>
      </ul>
    </section>
  );
}

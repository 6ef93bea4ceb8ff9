// API docs: provably fair drops — the assignment rule, what is published when, and how
// anyone checks it. The rule itself lives in lib/domain/fair-order.ts (and, for readers, in
// public/fairness/verify.mjs); this page describes it and must say the same.
import { Err } from "../_reference/error-code";
import { FAIR_ORDER_ALGORITHM } from "@/lib/domain/fair-order";
import { FAIR_VERIFY_SCRIPT_PATH } from "@/lib/services/fairness";

export function FairnessSection({ baseUrl }: { baseUrl: string }) {
  return (
    <section id="fairness" className="space-y-4">
      <h2 className="text-2xl font-semibold">Provably fair assignment</h2>
      <p>
        <strong>Every drop:</strong> the service decides which NFT a mint gets, never the buyer. Prepare reserves the
        next NFT in the drop&apos;s order (token order, or the committed order below); a new prepare of the same wallet
        supersedes its unsigned one and frees that NFT first, so preparing again gets the same NFT back, never a
        re-roll.
      </p>
      <p>
        <strong>Provably fair drops</strong> (opt-in; <code>collection.fairness</code> is not null) go further, so that
        nobody, the creator included, can pick a rare NFT:
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Before the mint opens, the drop is committed to a secret order of its token ids{" "}
          <code>fairness.tokenIds.from</code>..<code>to</code>. The NFT at position 0 goes to the first mint, and so on
          (an NFT whose session expires unminted goes back to its place and is the next one handed out).
        </li>
        <li>
          A mint is never told its NFT before it lands: prepare answers <code>sessions[].nftIds: []</code>, the
          transaction carries the drop&apos;s name and a metadata address named by the new mint&apos;s address (it
          resolves once the mint lands), the gallery lists held NFTs as still available and shows no holds (not even the
          asker&apos;s), and <code>/nft</code> shows a held NFT as available. So declining a common NFT to wait for a
          rarer one is impossible: there is nothing to decline. A fair drop cannot price a range by rarity (the price
          would tell), so prepare refuses a range phase there with <Err code="MINT_NOT_SUPPORTED_BY_SURFACE" />.
        </li>
        <li>
          <code>fairness</code> in the collection record (v1 and the first-party router):{" "}
          <code>{`{ algorithm: "${FAIR_ORDER_ALGORITHM}", commitment, seed, tokenIds: { from, to }, verifyScript }`}</code>
          . The <code>commitment</code> is public from the start; the <code>seed</code> is null until nothing can be
          minted any more (sold out, or every phase ended): publishing it earlier, even at a delayed reveal, would let
          anyone compute which NFT the next mint gets. From then on the drop&apos;s phases are final: an update that
          would extend, reopen or add a phase is refused with <Err code="LAUNCH_REFUSED" />, since that sale would run
          with an order anyone can compute.
        </li>
        <li>
          The rule: the token ids from..to ascending are shuffled by Fisher–Yates from the last position down; position{" "}
          <code>i</code> swaps with <code>j = r mod (i + 1)</code>, where <code>r</code> is the next 32-bit big-endian
          integer of the stream <code>HMAC-SHA256(seed bytes, &quot;dropmint-fair-order:&quot; + k)</code>,{" "}
          <code>k = 0, 1, …</code>, skipping any <code>r</code> at or above the largest multiple of <code>i + 1</code>{" "}
          under 2<sup>32</sup> (so every <code>j</code> is equally likely). The commitment is the SHA-256 hex of{" "}
          <code>&quot;&lt;seed hex&gt;:&lt;ids in order, comma-separated&gt;&quot;</code>.
        </li>
        <li>
          Check it with the script the site serves at <a href={FAIR_VERIFY_SCRIPT_PATH}>{FAIR_VERIFY_SCRIPT_PATH}</a>{" "}
          (Node 18 or later, no packages): <code>node verify.mjs {baseUrl} &lt;short id&gt;</code> reads the drop&apos;s
          record, recomputes the order from the seed, says whether it matches the commitment, and checks the drop&apos;s
          mints (all-minted, <code>sort=oldest</code>) against the order;{" "}
          <code>
            node verify.mjs --seed &lt;hex&gt; --from 1 --to 100 --commitment &lt;hex&gt; --minted &lt;token ids, oldest
            mint first&gt;
          </code>{" "}
          does the same from values you copied. What the mints can prove, and what they cannot: a minted token outside
          the committed order, or minted twice, fails the check. Mint <code>k</code> should get position <code>k</code>;
          one that got a later position means the NFTs before it were held by other sessions at the time (in progress,
          or expired and put back for a later mint). The public record does not show holds, so such mints are counted
          and reported with how far ahead they went, not failed.
        </li>
      </ul>
    </section>
  );
}

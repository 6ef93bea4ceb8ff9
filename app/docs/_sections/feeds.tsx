// API docs: supply and social-proof feeds (availability, gallery, recently-minted,
// all-minted, traits), with the decisions the spec leaves open.
import { WALLET_PREFIX_MIN_LENGTH } from "@/lib/domain/minted-feed";
import { GALLERY_LIMIT } from "@/lib/schemas/gallery";
import { ALL_MINTED_LIMIT, MINTED_SEARCH_MAX_LENGTH, RECENTLY_MINTED_LIMIT } from "@/lib/schemas/minted-items";
import { Operation } from "../_reference/operation";
import { Err, StatusOf } from "../_reference/error-code";

export function FeedsSection() {
  return (
    <section id="feeds" aria-labelledby="feeds-heading" className="space-y-3">
      <h2 id="feeds-heading" className="text-2xl font-semibold">
        Supply, gallery and minted feeds
      </h2>
      <p>
        Each of these names a drop by short ID, UUID or on-chain address, and answers{" "}
        <Err code="COLLECTION_NOT_IN_SCOPE" /> for a drop outside the key&apos;s scope,{" "}
        <Err code="COLLECTION_NOT_FOUND" /> for an unknown drop (callers who see every drop) and{" "}
        <Err code="INVALID_REQUEST" /> for a malformed query parameter.
      </p>

      <Operation router="v1" id="getAvailability" />
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>stats.minted</code> counts minted NFTs, burned ones included (<code>stats.burned</code> says how many of
          them are burned). A limited edition counts its copies; the master edition is a template and never counts.
        </li>
        <li>
          <code>stats.available</code> is <code>total − minted</code>. For an open-ended drop (no supply cap) it is{" "}
          <code>null</code>, with <code>total: 0</code> and <code>percentMinted: 0</code>.
        </li>
        <li>
          <code>percentMinted</code> is 0–100 with two decimals and reaches 100 only when nothing is left.
        </li>
        <li>
          <strong>Counts are approximate:</strong> an NFT held by a mint in progress still counts as available until
          that mint lands, so <code>available</code> can read high. Use it for progress display; prepare-mint decides
          whether supply remains.
        </li>
      </ul>

      <Operation router="v1" id="getGallery" />
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Lists the NFTs that can still be minted: available ones, and reserved ones whose reservation has expired
          (those are free again at once and read <code>mint_status: &quot;available&quot;</code>). Minted and burned
          NFTs are never listed; read them through all-minted.
        </li>
        <li>
          <code>walletAddress</code> (optional query, a Solana address) adds the NFTs held for that wallet: a creator
          hold (<code>reservation_wallet</code> is that wallet) or the wallet&apos;s own mint in progress (
          <code>reserved_by</code> is that wallet, <code>mint_status: &quot;reserved&quot;</code>). NFTs held for any
          other wallet are never listed, so other wallets never appear in these fields.
        </li>
        <li>
          <code>limit</code> defaults to {GALLERY_LIMIT.defaultLimit}, maximum {GALLERY_LIMIT.maxLimit};{" "}
          <code>offset</code> defaults to 0. A limit below 1 or above {GALLERY_LIMIT.maxLimit}, or a value that is not a
          whole number, is a <StatusOf code="INVALID_REQUEST" />. <code>total</code> counts every matching NFT, not just
          the page.
        </li>
        <li>
          Ordered by <code>token_id</code>, then <code>edition_number</code>. A limited edition lists its unminted
          copies, each with <code>token_id: null</code>, its <code>edition_number</code>,{" "}
          <code>max_edition_supply</code>, <code>current_edition_supply</code> and the master&apos;s id in{" "}
          <code>master_nft_id</code>; the master itself is not listed.
        </li>
        <li>
          <code>audio_url</code> is always <code>null</code>: full audio is never public. <code>audio_preview_url</code>{" "}
          is the public clip.
        </li>
      </ul>

      <Operation router="v1" id="getRecentlyMinted" />
      <ul className="list-disc space-y-1 pl-6">
        <li>
          The latest mints, newest first. <code>limit</code> defaults to {RECENTLY_MINTED_LIMIT.defaultLimit}, maximum{" "}
          {RECENTLY_MINTED_LIMIT.maxLimit} (outside 1–
          {RECENTLY_MINTED_LIMIT.maxLimit} is a <StatusOf code="INVALID_REQUEST" />
          ). <code>total</code> is the number of items in this answer, not the supply.
        </li>
        <li>
          <code>image</code> and <code>previewImage</code> are the preview image (the full image when there is none);{" "}
          <code>fullImageUrl</code> is the full-size image. <code>allowImageDownload</code> says whether the creator
          allows offering a download.
        </li>
        <li>
          <code>currentEditionSupply</code> is set for limited-edition copies and <code>null</code> otherwise;{" "}
          <code>audioUrl</code> is always <code>null</code>. Items also carry <code>reactions</code> and{" "}
          <code>bounty</code> as in all-minted. A burned NFT stays in the history.
        </li>
      </ul>

      <Operation router="v1" id="getAllMinted" />
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>limit</code> defaults to {ALL_MINTED_LIMIT.defaultLimit}, maximum {ALL_MINTED_LIMIT.maxLimit}. As on the
          gallery and recently-minted, a larger limit is refused, never served as less than asked: a limit below 1,
          above {ALL_MINTED_LIMIT.maxLimit} or not a whole number is a <StatusOf code="INVALID_REQUEST" />. Increment{" "}
          <code>offset</code> by the page length until <code>hasMore</code> is false. <code>total</code> counts the
          matching minted items of the whole drop.
        </li>
        <li>
          <code>sort</code>: <code>newest</code> (default) or <code>oldest</code> by mint time, ties broken by a stable
          id, so walking the pages visits every item exactly once. <code>popular</code> ranks within each page: the page
          is the same page as <code>newest</code>, reordered by total reactions (most first; ties stay newest first).
        </li>
        <li>
          <code>search</code> (at most {MINTED_SEARCH_MAX_LENGTH} characters; blank means no search) matches any of: the
          NFT name (case-insensitive substring), the minter&apos;s display name (case-insensitive substring), an exact
          token id when the search is a number (<code>42</code> or <code>#42</code>; for a limited edition, the edition
          number), and, when it is {WALLET_PREFIX_MIN_LENGTH} or more base58 characters, a prefix of the owner&apos;s or
          the minter&apos;s wallet (case-sensitive, as addresses are). <code>%</code> and <code>_</code> match
          themselves.
        </li>
        <li>
          <code>reactions</code> maps each emoji to its count (<code>{"{}"}</code> when none). <code>bounty</code> is
          the prize the NFT won, or <code>null</code>: when an NFT won both a one-off bounty and a prize-pool draw, the
          one-off bounty is shown. Its <code>amount</code> is in the token&apos;s smallest unit.
        </li>
        <li>
          <code>collection.twitterHandle</code> is read from the drop&apos;s X / Twitter profile link (
          <code>https://x.com/dropmint</code> gives <code>dropmint</code>); <code>null</code> when there is none.
        </li>
      </ul>

      <h3 className="font-mono text-lg">Delayed reveal</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          A drop with delayed reveal hides its art until its reveal moment. A minted NFT can be revealed earlier when
          the drop reveals each NFT at mint, or a set number of minutes after its own mint; <code>isRevealed</code> says
          which. NFTs not yet minted (the gallery) are revealed only with the whole drop.
        </li>
        <li>
          Until then every feed shows the drop&apos;s placeholder image (its cover when no placeholder is set) in every
          image field, the name <code>&quot;&lt;drop name&gt; (unrevealed)&quot;</code>, empty <code>attributes</code>,
          and <code>null</code> for the description, animation, audio preview, cover art, media type and rarity. A name
          search only matches revealed NFTs, so hidden names cannot be probed.
        </li>
      </ul>

      <Operation router="v1" id="getTraits" />
      <ul className="list-disc space-y-1 pl-6">
        <li>
          Computed over every NFT of the drop, minted or not (a limited edition&apos;s copies, not its master):{" "}
          <code>probability = count / totalNfts</code>, <code>percentage = probability × 100</code>,{" "}
          <code>informationContent = −log2(probability)</code> (bits), <code>rarityScore = 1 / probability</code>. An
          NFT&apos;s rarity score is the sum of its values&apos; scores. The response repeats this in{" "}
          <code>methodology</code>.
        </li>
        <li>
          <code>minted</code> counts minted NFTs with the value (burned ones included) and{" "}
          <code>available = count − minted</code>. Trait types are in alphabetical order, values rarest first.
        </li>
        <li>
          Before a delayed reveal: <code>{`{ success: true, traits: [], message }`}</code>, with no{" "}
          <code>totalNfts</code> or <code>methodology</code>.
        </li>
      </ul>
    </section>
  );
}

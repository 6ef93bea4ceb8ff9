// API docs: top holders and top minters, with the decisions the spec leaves open.
import { Operation } from "../_reference/operation";
import { getConfig } from "@/lib/config";
import { LEADERBOARD_SIZE } from "@/lib/schemas/leaderboards";
import { HOLDERS_UNAVAILABLE } from "@/lib/services/leaderboards";

export function LeaderboardsSection({
  holdersCacheSeconds = getConfig().holdersCacheSeconds,
}: {
  holdersCacheSeconds?: number;
}) {
  return (
    <section id="leaderboards" aria-labelledby="leaderboards-heading" className="space-y-3">
      <h2 id="leaderboards-heading" className="text-2xl font-semibold">
        Leaderboards
      </h2>
      <p>
        Both boards list up to {LEADERBOARD_SIZE} <code>LeaderboardEntry</code> rows: <code>rank</code>,{" "}
        <code>walletAddress</code>, and the wallet&apos;s public profile (<code>displayName</code>,{" "}
        <code>avatarUrl</code>, <code>platformRank</code>, <code>effects</code>). A wallet that set no name or avatar
        shows <code>null</code> for them; its rank and effects are what its activity earns (see{" "}
        <a href="#profiles">Profiles, ranks and reactions</a>).
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Order and ties:</strong> most first; equal counts are ordered by wallet address, character by
          character (byte order, not a locale&apos;s). <code>rank</code> is the 1-based position, so tied wallets still
          get distinct ranks.
        </li>
        <li>
          <code>total</code> counts every distinct wallet, not only the ones listed.
        </li>
      </ul>
      <Operation router="v1" id="getTopHolders" />
      <p>
        <code>{`{ success, topHolders: [LeaderboardEntry + holdCount], total, error? }`}</code>. Read from the chain:
        who holds each minted NFT of the drop, so transfers and sales after the mint count and burned NFTs do not.{" "}
        <code>holdCount</code> is the number of the drop&apos;s NFTs the wallet holds.
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <strong>Freshness:</strong> a drop&apos;s holders are computed from the chain at most once every{" "}
          {holdersCacheSeconds} seconds per server (<code>HOLDERS_CACHE_SECONDS</code>), and requests that arrive while
          a computation runs wait for it and share it rather than starting their own. So the board can lag a transfer or
          a mint by up to that long. Profiles are read on every request. A board the chain could not be read for is not
          reused.
        </li>
        <li>Every request spends one unit of the per-IP chain budget (see Rate limits), on top of the read budget.</li>
        <li>
          When the chain cannot be read, the answer is still <code>200</code> with <code>success: true</code>, an empty
          list, <code>total: 0</code> and <code>error</code> set to a sentence (today: &quot;{HOLDERS_UNAVAILABLE}
          &quot;). Check for <code>error</code> before showing &quot;no holders&quot;. A drop with no minted NFT answers
          an empty list without <code>error</code>.
        </li>
      </ul>
      <Operation router="v1" id="getTopMinters" />
      <p>
        <code>{`{ success, topMinters: [LeaderboardEntry + mintCount], total }`}</code>. Read from our mint records: who
        minted, whatever they hold now. <code>mintCount</code> counts every NFT the wallet minted from the drop,{" "}
        <strong>bonus mints included</strong> (buy-N-get-M, bounty and claim-code mints), like <code>totalMinted</code>{" "}
        in wallet-mints.
      </p>
    </section>
  );
}

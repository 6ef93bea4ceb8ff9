// API docs: collector profiles (display names, avatars), platform ranks and effects, and
// reactions. Every number and list comes from the rules' own modules.
import { AVATAR_SWEEP_MS } from "@/lib/services/avatar-sweep";
import { BOUNTY_WINNER_EFFECT, EARNED_RANKS, GRANTED_RANKS } from "@/lib/domain/platform-rank";
import { PROFILE_NAME_MAX, PROFILE_NAME_MIN, RESERVED_NAMES, RESERVED_PARTS } from "@/lib/domain/profile-name";
import {
  REACTION_KINDS,
  REACTIONS_PER_NETWORK_PER_MINUTE,
  REACTIONS_PER_WALLET_PER_MINUTE,
} from "@/lib/domain/reactions";
import { Err } from "../_reference/error-code";
import { Endpoint } from "../_reference/operation";

const effectName = (e: { effectType: string; effectCategory: string }) => `${e.effectType} (${e.effectCategory})`;

export function ProfilesSection() {
  return (
    <section id="profiles" aria-labelledby="profiles-heading" className="space-y-3">
      <h2 id="profiles-heading" className="text-2xl font-semibold">
        Profiles, ranks and reactions
      </h2>
      <p>
        A collector signs in with the wallet (Sign In With Solana: before a first mint, or with the Sign in button on
        their page <code>/w/&lt;address&gt;</code> or under any minted NFT, no mint needed) and then, on the site&apos;s
        own router, sets a display name (<Endpoint router="public" id="setDisplayName" />) and an avatar (
        <Endpoint router="public" id="setAvatar" />) and reacts to minted NFTs (
        <Endpoint router="public" id="setReaction" />
        ). Each call names the wallet and acts only if this browser signed in with it (
        <Err code="WALLET_PROOF_REQUIRED" />
        ). Names, avatars, effects and reaction counts show in every feed, leaderboard and minted list within about a
        second on every instance: the database announces each change.
      </p>
      <h3 className="text-xl font-semibold">Display names</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          {PROFILE_NAME_MIN} to {PROFILE_NAME_MAX} characters after trimming: ASCII letters and digits, spaces,{" "}
          <code>.</code>, <code>_</code> and <code>-</code>, starting and ending with a letter or digit, never two
          spaces in a row (<Err code="PROFILE_NAME_INVALID" />
          ). ASCII only, so look-alike letters of other scripts cannot pass for another name.
        </li>
        <li>
          Unique ignoring case: <Err code="PROFILE_NAME_TAKEN" /> when another wallet shows it. A wallet may change the
          case of its own name; a removed name (<code>displayName: null</code>) is free again at once.
        </li>
        <li>
          Reserved (<Err code="PROFILE_NAME_RESERVED" />
          ): {RESERVED_NAMES.join(", ")}; and any name containing {RESERVED_PARTS.join(", ")} (ignoring case and the
          separators).
        </li>
        <li>
          Impersonation (<Err code="PROFILE_NAME_IMPERSONATION" />
          ): a name shaped like a wallet address, whole or shortened as the feeds show it (its first and last few
          characters joined by <code>…</code> or <code>...</code>), or equal to a drop&apos;s name or short ID.
        </li>
      </ul>
      <h3 className="text-xl font-semibold">Avatars</h3>
      <p>
        The avatar is an NFT minted on Dropmint that the wallet holds on this deployment&apos;s chain, named by its mint
        address. It is checked on the chain when set (<Err code="AVATAR_NOT_HELD" />, <Err code="NFT_NOT_FOUND" />
        ), and again when the profile is read (<Endpoint router="public" id="getProfile" /> and the collector&apos;s
        page <code>/w/&lt;address&gt;</code>) and by each instance every {AVATAR_SWEEP_MS / 1000} s: once the NFT has
        left the wallet the avatar is cleared everywhere. It shows the NFT&apos;s image as the public may see it at the
        moment of each read: the drop&apos;s placeholder before the NFT&apos;s reveal, its art once revealed (with no
        new edit).
      </p>
      <h3 className="text-xl font-semibold">Platform rank and effects</h3>
      <p>
        <code>platformRank</code> is earned by minting across drops, counted over all of Dropmint: the highest row whose
        thresholds the wallet meets. <code>effects</code> are cosmetic: each rank unlocks its row&apos;s effects and
        those of the rows below, and winning any bounty unlocks {effectName(BOUNTY_WINNER_EFFECT)}. Effects the operator
        gave come first. A rank change from a mint on another drop shows on cached pages within ten seconds.
      </p>
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th>Rank</th>
            <th>Mints</th>
            <th>Drops minted from</th>
            <th>Unlocks</th>
          </tr>
        </thead>
        <tbody>
          {EARNED_RANKS.map((rule) => (
            <tr key={rule.rank}>
              <td>
                <code>{rule.rank}</code>
              </td>
              <td>{rule.minMints}</td>
              <td>{rule.minDrops}</td>
              <td>{rule.effects.map(effectName).join(", ") || "—"}</td>
            </tr>
          ))}
          {GRANTED_RANKS.map((rank) => (
            <tr key={rank}>
              <td>
                <code>{rank}</code>
              </td>
              <td colSpan={3}>granted by the operator only; shown above every earned rank</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="text-xl font-semibold">Reactions</h3>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          The set: {REACTION_KINDS.join(" ")}. One of each kind per wallet per NFT: giving one twice, or taking back one
          never given, changes nothing. Counts appear as <code>reactions</code> on the minted reads.
        </li>
        <li>
          At most {REACTIONS_PER_WALLET_PER_MINUTE} per wallet and {REACTIONS_PER_NETWORK_PER_MINUTE} per client network
          a minute (<Err code="RATE_LIMITED" />
          ). A wallet blocked on the NFT&apos;s drop gets <Err code="WALLET_BLOCKED" />.
        </li>
      </ul>
      <h3 className="text-xl font-semibold">Moderation</h3>
      <p>
        The operator clears a name or avatar, or blocks a wallet from profiles and reactions (
        <Err code="PROFILE_BLOCKED" />
        ), with <code>npm run keys -- profile</code>; the change shows everywhere within about a second.
      </p>
    </section>
  );
}

// A provably fair drop's promise, on its page: the commitment to the order its NFTs go out
// in, published before the mint opened, and the seed once nothing is left to mint, with the
// way to check the one against the other.
import type { Fairness } from "@/lib/schemas/collection";
import { getConfig } from "@/lib/config";
import { sameOriginSrc } from "@/lib/domain/media-src";

export function FairnessNote({ fairness }: { fairness: Fairness }) {
  return (
    <section
      aria-labelledby="fairness-heading"
      className="space-y-2 rounded-2xl border border-mint/30 bg-mint/5 p-4 text-sm"
      data-testid="fairness"
    >
      <h2 id="fairness-heading" className="text-lg font-semibold">
        Provably fair
      </h2>
      <p className="text-slate-300">
        Which NFT each mint gets was fixed before the mint opened, by a secret shuffle of tokens #
        {fairness.tokenIds.from} to #{fairness.tokenIds.to}. Nobody, the creator included, can pick a rare one: a mint
        is never told its NFT before it lands.
      </p>
      <dl className="grid gap-1">
        <dt className="text-slate-400">Commitment (SHA-256 of the seed and the order)</dt>
        <dd className="break-all font-mono text-xs">{fairness.commitment}</dd>
        <dt className="text-slate-400">Seed</dt>
        <dd className="break-all font-mono text-xs">
          {fairness.seed ?? "Published here once nothing is left to mint (sold out, or the last phase ended)."}
        </dd>
        {fairness.assetsHash ? (
          <>
            <dt className="text-slate-400">Art commitment (hash of the asset files, fixed before the mint)</dt>
            <dd className="break-all font-mono text-xs" data-testid="assets-hash">
              {fairness.assetsHash}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="text-slate-300">
        Check it yourself with{" "}
        <a
          // A path on this site: the page may be open at another address than PUBLIC_URL (a phone on the LAN).
          href={sameOriginSrc(fairness.verifyScript, getConfig().publicUrl) ?? fairness.verifyScript}
          className="font-semibold text-mint underline underline-offset-4"
        >
          the verification script
        </a>{" "}
        (
        <a href="/docs#fairness" className="underline underline-offset-4">
          how
        </a>
        ).
      </p>
    </section>
  );
}

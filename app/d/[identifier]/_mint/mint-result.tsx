// The minted NFTs. Where the drop reveals later, the placeholder says when; where the creator
// asks for a tap to reveal, the art waits behind a button; otherwise it fades in (not when
// the collector prefers reduced motion).
"use client";

import { useEffect, useRef, useState } from "react";
import type { MintedNft, PreparedMintResponse } from "@/lib/client/types";
import { MediaImg } from "@/app/_components/media-src";
import type { MintOutcome, RevealSettings } from "./use-mint-flow";
import { useDropmint } from "@/lib/client/query";
import { explorerTxUrl } from "@/lib/domain/explorer";
import { formatSol, formatTokenAmount, formatUtcDateTime, nftNumberLabel, plural } from "@/lib/format";

export function MintResult({ outcome, prepared }: { outcome: MintOutcome; prepared: PreparedMintResponse }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Announce and bring the result into view for keyboard and screen-reader users.
  useEffect(() => headingRef.current?.focus({ preventScroll: false }), []);
  const missing = outcome.minted - outcome.nfts.length;
  return (
    <section
      data-testid="mint-result"
      aria-labelledby="mint-result-heading"
      className="space-y-3 rounded-xl border border-mint/30 bg-mint/5 p-3"
    >
      <h3 id="mint-result-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold">
        You minted {plural(outcome.minted, "NFT")}
      </h3>
      <AmountPaid outcome={outcome} prepared={prepared} />
      {outcome.nfts.length > 0 && (
        <ul className="grid grid-cols-2 gap-3">
          {outcome.nfts.map((nft) => (
            <li key={nft.nftId || nft.mintAddress}>
              <MintedCard nft={nft} reveal={outcome.reveal} />
            </li>
          ))}
        </ul>
      )}
      <WhereToFindIt outcome={outcome} />
      {missing > 0 && (
        <p className="text-sm text-slate-300">
          {missing === 1 ? "One NFT is" : `${missing} NFTs are`} in your wallet; the details will show here shortly.
        </p>
      )}
      {outcome.failures.length > 0 && (
        <div role="alert" className="space-y-1 text-sm text-amber-300">
          <p className="font-medium">
            {plural(outcome.failures.length, "transaction")} of this batch did not go through:
          </p>
          {outcome.failures.map((failure, index) => (
            <p key={failure.sessionId}>
              {index + 1}. {failure.sentence}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}

function MintedCard({ nft: minted, reveal }: { nft: MintedNft; reveal: RevealSettings | null }) {
  const nft = useRevealWhenDue(minted);
  const tapToReveal =
    nft.isRevealed && (reveal?.revealAnimationTrigger === "tap" || reveal?.revealAnimationTrigger === "click");
  const [hidden, setHidden] = useState(tapToReveal);
  const [loaded, setLoaded] = useState(false);
  const image = nft.imageUrl ?? nft.previewImageUrl;
  const name = nft.name ?? nftNumberLabel({ tokenId: nft.tokenId }) ?? "Your NFT";
  const edition = nftNumberLabel({
    tokenId: null,
    editionNumber: nft.editionNumber,
    maxEditionSupply: nft.maxEditionSupply,
  });
  return (
    <figure className="space-y-1">
      <div className="relative aspect-square overflow-hidden rounded-lg bg-white/5">
        {image && !hidden && (
          <MediaImg
            src={image}
            alt={name}
            width={240}
            height={240}
            onLoad={() => setLoaded(true)}
            onError={() => setLoaded(true)}
            className={`h-full w-full object-cover transition-opacity duration-700 motion-reduce:transition-none ${loaded ? "opacity-100" : "opacity-0"}`}
          />
        )}
        {hidden && (
          <button
            type="button"
            onClick={() => setHidden(false)}
            className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-mint/30 to-indigo-500/30 p-2 text-center text-sm font-semibold"
          >
            {reveal?.revealTapCaption ?? "Tap to reveal"}
          </button>
        )}
      </div>
      <figcaption className="text-sm">
        <span className="block font-medium [overflow-wrap:anywhere]">{name}</span>
        {edition && <span className="block text-xs text-slate-400">{edition}</span>}
        {nft.rarity_tier && <span className="block text-xs capitalize text-slate-400">{nft.rarity_tier}</span>}
        {!nft.isRevealed && (
          <span className="block text-xs text-slate-300">
            {nft.revealAfter ? `Reveals at ${formatUtcDateTime(nft.revealAfter)}` : "Reveals later"}
          </span>
        )}
        {nft.bounty && <PrizeLine prize={nft.bounty} />}
      </figcaption>
    </figure>
  );
}

/** How long after its reveal time an NFT is read again, and how often while the server has not revealed it yet. */
const REVEAL_READ_DELAY_MS = 1_000;
const REVEAL_RETRY_MS = 5_000;
const REVEAL_READS = 12;
/** setTimeout's longest delay: a reveal further out waits for a page that stays open that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The minted NFT, flipped to its revealed art by itself when its reveal time comes: read
 * again from the site at that moment (the server decides, by its clock), no reload needed.
 */
function useRevealWhenDue(nft: MintedNft): MintedNft {
  const { client } = useDropmint();
  const [revealed, setRevealed] = useState<Partial<MintedNft> | null>(null);
  const { isRevealed, revealAfter, mintAddress } = nft;
  useEffect(() => {
    if (isRevealed || !revealAfter || !mintAddress) return;
    let timer: ReturnType<typeof setTimeout>;
    let reads = 0;
    const read = async () => {
      const { nft: now } = await client.getNft(mintAddress).catch(() => ({ nft: null }));
      if (now?.isRevealed)
        return setRevealed({
          isRevealed: true,
          name: now.name,
          imageUrl: now.image,
          previewImageUrl: now.previewImage,
        });
      if (++reads < REVEAL_READS) timer = setTimeout(() => void read(), REVEAL_RETRY_MS);
    };
    const due = Date.parse(revealAfter) - Date.now() + REVEAL_READ_DELAY_MS;
    timer = setTimeout(() => void read(), Math.min(Math.max(due, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [client, isRevealed, revealAfter, mintAddress]);
  return revealed ? { ...nft, ...revealed } : nft;
}

/** The collector's page, where the NFTs are listed, and the transaction on the cluster's explorer (none on the local chain). */
function WhereToFindIt({ outcome }: { outcome: MintOutcome }) {
  const { cluster } = useDropmint();
  const firstMint = outcome.nfts[0]?.mintAddress;
  const page = `/w/${outcome.wallet}${firstMint ? `#nft-${firstMint}` : ""}`;
  return (
    <p data-testid="mint-links" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <a href={page} className="font-medium text-mint hover:underline">
        See it on your collector page
      </a>
      {outcome.signatures.map((signature, index) => {
        const url = explorerTxUrl(cluster, signature);
        return url ? (
          <a key={signature} href={url} target="_blank" rel="noopener noreferrer" className="text-mint hover:underline">
            {outcome.signatures.length > 1 ? `Transaction ${index + 1}` : "Transaction"} on the explorer
          </a>
        ) : null;
      })}
      {cluster === "localnet" && outcome.signatures.length > 0 && (
        <span className="text-slate-400">Local chain: no public explorer shows this transaction.</span>
      )}
    </p>
  );
}

/** The prize this NFT's mint won, and whether it is in the wallet already. */
function PrizeLine({ prize }: { prize: NonNullable<MintedNft["bounty"]> }) {
  const what =
    prize.bountyType === "token" && prize.amount !== null && (prize.tokenSymbol ?? "SOL").toUpperCase() === "SOL"
      ? formatSol(prize.amount)
      : prize.bountyType === "token"
        ? `${prize.tokenSymbol ?? "token"} prize`
        : prize.bountyType === "free_mint"
          ? "a free mint"
          : prize.bountyType === "nft"
            ? "an NFT"
            : "a perk from the creator";
  const status =
    prize.payoutStatus === "paid"
      ? "in your wallet now"
      : prize.payoutStatus === "not_applicable"
        ? "the creator will be in touch"
        : "on its way to your wallet";
  return (
    <span data-testid="mint-prize" className="block text-xs font-semibold text-mint">
      <span aria-hidden="true">🎉 </span>
      This mint won {what}: {status}.
    </span>
  );
}

/** What the landed transactions paid, price and platform fee, in the drop's currency (a token's own units for a token price). */
function AmountPaid({ outcome, prepared }: { outcome: MintOutcome; prepared: PreparedMintResponse }) {
  const { pricing } = prepared;
  const landed = new Set(outcome.landed);
  const items = pricing.items.filter((item) => landed.has(item.sessionId));
  if (items.length === 0) return null;
  const paid = items.reduce((sum, item) => sum + BigInt(item.priceRaw) + BigInt(item.platformFeeRaw), 0n);
  return (
    <p data-testid="mint-paid" className="text-sm text-slate-300">
      {paid === 0n ? "Free" : `Paid ${formatTokenAmount(paid, pricing.currencyDecimals, pricing.currency)}`}
      {pricing.currencyMint && " from your token account, with the network's rent and fees in SOL"}
    </p>
  );
}

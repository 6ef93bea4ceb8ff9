// The live feed of recent mints: a sideways strip of fixed height (new mints slide in at the
// front; nothing below the section moves), polled through useRecentlyMinted. New mints are
// announced politely ("2 new mints…") and marked "New" until newer ones arrive.
"use client";

import { useEffect, useRef, useState } from "react";
import { useRecentlyMinted } from "@/lib/client/query";
import type { RecentlyMintedView, RecentMint } from "@/lib/client/types";
import { formatTimeAgo, formatUtcDateTime, nftNumberLabel, walletLabel } from "@/lib/format";
import { Badge } from "./nft-image";
import { NftMedia } from "./nft-media";
import { EmptyState, RefreshNote } from "./section";
import { useServerNow } from "./server-clock";
import { ReactionBar } from "./reaction-bar";

/** The strip's fixed height: a card (art, name, minter, time) at each breakpoint's card width. */
const STRIP_HEIGHT = "h-[14.75rem] sm:h-[15.75rem]";

type Props = { collectionId: string; initial: RecentlyMintedView; limit: number; serverNowMs: number };

export function RecentlyMintedFeed({ collectionId, initial, limit, serverNowMs }: Props) {
  const query = useRecentlyMinted(collectionId, limit, initial);
  const view = query.data ?? initial;
  const nowMs = useServerNow(serverNowMs);
  const { fresh, announcement } = useNewArrivals(view.nfts);

  return (
    <div className="space-y-2">
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {view.nfts.length === 0 ? (
        <EmptyState className={STRIP_HEIGHT}>No mints yet. The first one will show up here.</EmptyState>
      ) : (
        <div
          role="region"
          aria-label="Recent mints, newest first (scrolls sideways)"
          tabIndex={0}
          className="-mx-1 overflow-x-auto px-1 pb-2"
        >
          <ol className={`flex gap-3 ${STRIP_HEIGHT}`}>
            {view.nfts.map((nft) => (
              <RecentMintCard
                key={nft.id}
                collectionId={collectionId}
                nft={nft}
                nowMs={nowMs}
                isNew={fresh.has(nft.id)}
              />
            ))}
          </ol>
        </div>
      )}
      <RefreshNote failed={query.isError} />
    </div>
  );
}

/** Mints that were not on screen before the last poll, and the sentence announcing them. */
function useNewArrivals(nfts: readonly RecentMint[]) {
  const seen = useRef<Set<string>>(new Set(nfts.map((nft) => nft.id)));
  const [arrivals, setArrivals] = useState<{ fresh: ReadonlySet<string>; announcement: string }>({
    fresh: new Set(),
    announcement: "",
  });
  useEffect(() => {
    const fresh = nfts.filter((nft) => !seen.current.has(nft.id));
    if (fresh.length === 0) return;
    for (const nft of fresh) seen.current.add(nft.id);
    const latest = fresh[0]!;
    const who = latest.minterDisplayName ? ` by ${latest.minterDisplayName}` : "";
    const latestName = latest.name ?? "an NFT";
    setArrivals({
      fresh: new Set(fresh.map((nft) => nft.id)),
      announcement:
        fresh.length === 1
          ? `1 new mint: ${latestName}${who}.`
          : `${fresh.length} new mints, the latest ${latestName}${who}.`,
    });
  }, [nfts]);
  return arrivals;
}

type CardProps = { collectionId: string; nft: RecentMint; nowMs: number; isNew: boolean };

function RecentMintCard({ collectionId, nft, nowMs, isNew }: CardProps) {
  const number = nftNumberLabel({
    tokenId: nft.tokenId,
    editionNumber: nft.editionNumber,
    maxEditionSupply: nft.maxEditionSupply,
  });
  const name = nft.name ?? number ?? "Untitled";
  const badges = [
    isNew && (
      <Badge key="new" tone="mint">
        New
      </Badge>
    ),
    !nft.isRevealed && <Badge key="unrevealed">Unrevealed</Badge>,
    nft.bounty && (
      <Badge key="prize" tone="amber">
        Prize
      </Badge>
    ),
  ].filter(Boolean);
  const badge = badges.length > 0 ? badges : null;
  return (
    <li
      className={`flex w-36 shrink-0 flex-col gap-1.5 rounded-xl border bg-white/5 p-2 sm:w-40 ${isNew ? "border-mint/60" : "border-white/10"}`}
    >
      <NftMedia image={nft.previewImage ?? nft.image} animationUrl={nft.animationUrl} name={name} badge={badge} />
      <div className="min-w-0 px-0.5 text-xs leading-snug">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="truncate text-slate-300">
          <MinterEffects effects={nft.minterEffects} />
          {nft.minterDisplayName
            ? `by ${nft.minterDisplayName}`
            : nft.ownerWallet
              ? `to ${walletLabel(nft.ownerWallet)}`
              : "\u00a0"}
        </p>
        <p className="truncate text-slate-400">
          {nft.mintedAt ? (
            <time dateTime={nft.mintedAt} title={formatUtcDateTime(nft.mintedAt)}>
              {formatTimeAgo(nft.mintedAt, nowMs)}
            </time>
          ) : (
            "\u00a0"
          )}
        </p>
        <ReactionBar collectionId={collectionId} nftId={nft.id} reactions={nft.reactions ?? {}} />
      </div>
    </li>
  );
}

/** The minter's cosmetic effects (platform rank and bounty wins; /docs Profiles) as small marks before the name. */
function MinterEffects({ effects }: { effects: RecentMint["minterEffects"] }) {
  const marks = effects.flatMap((e) => (e.effect_type && EFFECT_MARKS[e.effect_type]) || []);
  if (marks.length === 0) return null;
  return (
    <span title={effects.map((e) => e.effect_type).join(", ")} data-testid="minter-effects">
      {marks.join("")}{" "}
    </span>
  );
}

const EFFECT_MARKS: Record<string, string> = { crown: "👑", sparkle: "✨", glow: "🌟" };

// The gallery's client island: pages of mintable NFTs with a pager. The page on screen stays
// until the next one has arrived (no blank grid), and a failed page load leaves it in place.
"use client";

import { useEffect, useRef, useState } from "react";
import { useGallery } from "@/lib/client/query";
import type { GalleryNft, GalleryView } from "@/lib/client/types";
import { AudioPreview } from "./audio-preview";
import { nftNumberLabel, numberUnlessNamed } from "@/lib/format";
import { NftMedia } from "./nft-media";
import { EmptyState, RefreshNote } from "./section";

type Props = { collectionId: string; initial: GalleryView; pageSize: number };

export function GalleryGrid({ collectionId, initial, pageSize }: Props) {
  const [offset, setOffset] = useState(0);
  const query = useGallery(collectionId, pageSize, offset, offset === 0 ? initial : undefined);
  // The last page that really arrived: what the grid shows while another loads or fails.
  const [shown, setShown] = useState(initial);
  if (query.data && !query.isPlaceholderData && query.data !== shown) setShown(query.data);

  const gridRef = useRef<HTMLUListElement>(null);
  const shownOffset = useRef(shown.offset);
  useEffect(() => {
    // After a page change, bring the grid's top into view if the pager left it above the screen.
    if (shownOffset.current === shown.offset) return;
    shownOffset.current = shown.offset;
    const grid = gridRef.current;
    if (grid && grid.getBoundingClientRect().top < 0) grid.scrollIntoView({ block: "start" });
  }, [shown.offset]);

  if (shown.total === 0) {
    return <EmptyState className="min-h-40">No NFTs are available to mint right now.</EmptyState>;
  }

  const pending = offset !== shown.offset;
  const pageFailed = pending && query.isError;
  const page = Math.floor(shown.offset / pageSize) + 1;
  const pages = Math.max(1, Math.ceil(shown.total / pageSize));
  const goTo = (nextPage: number) => setOffset((Math.min(Math.max(nextPage, 1), pages) - 1) * pageSize);

  return (
    <div className="space-y-4">
      <ul
        ref={gridRef}
        id="gallery-grid"
        aria-busy={pending && !pageFailed}
        className={`grid scroll-mt-6 grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 ${pending && !pageFailed ? "opacity-60" : ""}`}
      >
        {shown.nfts.map((nft) => (
          <GalleryCard key={nft.id} nft={nft} />
        ))}
      </ul>
      {pages > 1 && (
        <nav aria-label="Gallery pages" className="flex flex-wrap items-center justify-between gap-3">
          <button
            type="button"
            onClick={() => goTo(page - 1)}
            disabled={page <= 1}
            aria-controls="gallery-grid"
            className={pagerButton}
          >
            Previous
          </button>
          <p className="text-sm tabular-nums text-slate-300" aria-live="polite">
            {pending && !pageFailed ? "Loading…" : `Page ${page} of ${pages}`}
          </p>
          <button
            type="button"
            onClick={() => goTo(page + 1)}
            disabled={page >= pages}
            aria-controls="gallery-grid"
            className={pagerButton}
          >
            Next
          </button>
        </nav>
      )}
      {pageFailed ? (
        <p role="alert" className="text-sm text-amber-300">
          Couldn&apos;t load page {Math.floor(offset / pageSize) + 1}.{" "}
          <button type="button" onClick={() => query.refetch()} className="underline underline-offset-2">
            Try again
          </button>
        </p>
      ) : (
        <RefreshNote failed={!pending && query.isError} />
      )}
    </div>
  );
}

const pagerButton =
  "rounded-lg border border-white/15 px-4 py-2 text-sm font-medium hover:bg-white/10 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent";

function GalleryCard({ nft }: { nft: GalleryNft }) {
  const number = nftNumberLabel({
    tokenId: nft.token_id,
    editionNumber: nft.edition_number,
    maxEditionSupply: nft.max_edition_supply,
  });
  const name = nft.name ?? number ?? "Untitled";
  const subtitle = numberUnlessNamed(name, number);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-2">
      <NftMedia
        image={nft.preview_image_url ?? nft.image_url ?? nft.cover_art_url}
        animationUrl={nft.animation_url}
        name={name}
      />
      <div className="min-w-0 px-0.5">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        {subtitle && <p className="truncate text-xs tabular-nums text-slate-400">{subtitle}</p>}
      </div>
      {nft.audio_preview_url && (
        <AudioPreview
          src={nft.audio_preview_url}
          title={name}
          startTime={nft.preview_start_time}
          duration={nft.preview_duration}
        />
      )}
    </li>
  );
}

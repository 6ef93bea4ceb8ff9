// The all-minted explorer's client island: sort, a debounced search (what the user types is
// never replaced), results and "Load more" through useAllMinted. Results on screen stay
// (dimmed) while the next ones load.
"use client";

import { useId, useState } from "react";
import { useAllMinted } from "@/lib/client/query";
import { useDebounced } from "@/lib/client/use-debounced";
import type { AllMintedSort, AllMintedView, MintedItem } from "@/lib/client/types";
import { formatCount, formatUtcDate, nftNumberLabel, numberUnlessNamed, plural, walletLabel } from "@/lib/format";
import { Badge, NftImage } from "./nft-image";
import { EmptyState, RefreshNote } from "./section";

const SORTS: ReadonlyArray<{ value: AllMintedSort; label: string }> = [
  { value: "newest", label: "Newest first" },
  { value: "oldest", label: "Oldest first" },
  { value: "popular", label: "Most popular" },
];
const SEARCH_DEBOUNCE_MS = 300;
/** The service's longest search (MINTED_SEARCH_MAX_LENGTH in lib/schemas; not imported: zod stays out of the browser). */
const SEARCH_MAX_LENGTH = 100;

type Props = { collectionId: string; initial: AllMintedView; pageSize: number };

export function AllMintedExplorer({ collectionId, initial, pageSize }: Props) {
  const ids = useId();
  const [sort, setSort] = useState<AllMintedSort>("newest");
  const [text, setText] = useState("");
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  // The server rendered exactly this view; any other sort or search is read by the client.
  const isServerView = sort === "newest" && search === "";
  const query = useAllMinted(
    collectionId,
    { limit: pageSize, sort, ...(search ? { search } : {}) },
    isServerView ? initial : undefined,
  );

  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.nfts);
  const total = pages.at(-1)?.total ?? 0;
  // From the first keystroke until the new results arrive (the debounce counts as searching).
  const switching = query.isPlaceholderData || text.trim() !== search;
  const failedFirstPage = query.isError && !query.data;
  // Nothing minted and nothing asked: no controls to play with, only the empty state.
  const showControls = total > 0 || text !== "" || search !== "" || sort !== "newest" || failedFirstPage;

  return (
    <div className="space-y-4">
      {showControls && (
        <form
          role="search"
          aria-label="Minted NFTs"
          onSubmit={(event) => event.preventDefault()}
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="flex grow flex-col gap-1">
            <label htmlFor={`${ids}-search`} className="text-sm text-slate-300">
              Search minted NFTs
            </label>
            <input
              id={`${ids}-search`}
              type="search"
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Name, #number, wallet or minter"
              autoComplete="off"
              spellCheck={false}
              className="h-10 w-full rounded-lg border border-white/15 bg-white/5 px-3 text-base placeholder:text-slate-500 sm:text-sm"
            />
          </div>
          <div className="flex flex-col gap-1 sm:w-48">
            <label htmlFor={`${ids}-sort`} className="text-sm text-slate-300">
              Sort
            </label>
            <select
              id={`${ids}-sort`}
              value={sort}
              onChange={(event) => setSort(event.target.value as AllMintedSort)}
              className="h-10 w-full rounded-lg border border-white/15 bg-ink px-3 text-base sm:text-sm"
            >
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </form>
      )}

      {showControls && (
        <p className="min-h-5 text-sm tabular-nums text-slate-300" aria-live="polite">
          {switching ? "Searching…" : failedFirstPage ? "" : resultLine(total, items.length, search)}
        </p>
      )}

      <div className="min-h-48">
        {failedFirstPage ? (
          <div
            role="alert"
            className="grid min-h-48 place-items-center gap-2 rounded-xl border border-white/10 bg-white/5 p-6 text-center text-slate-300"
          >
            <p>
              Couldn&apos;t load minted NFTs right now.{" "}
              <button type="button" onClick={() => query.refetch()} className="underline underline-offset-2">
                Try again
              </button>
            </p>
          </div>
        ) : items.length === 0 && !query.isPending ? (
          <EmptyState className="min-h-48">
            {search ? `No minted NFT matches “${search}”.` : "Nothing has been minted yet."}
          </EmptyState>
        ) : (
          <ul
            aria-busy={switching}
            className={`grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6 ${switching ? "opacity-60" : ""}`}
          >
            {query.isPending ? (
              <SkeletonCards count={pageSize} />
            ) : (
              items.map((nft) => <MintedCard key={nft.id} nft={nft} />)
            )}
          </ul>
        )}
      </div>

      {showControls && (
        <div className="flex min-h-10 flex-wrap items-center gap-3">
          {query.hasNextPage && !switching && (
            <button
              type="button"
              onClick={() => query.fetchNextPage()}
              disabled={query.isFetchingNextPage}
              className="rounded-lg border border-white/15 px-4 py-2 text-sm font-medium hover:bg-white/10 disabled:opacity-60"
            >
              {query.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          )}
          {query.isFetchNextPageError ? (
            <p role="alert" className="text-sm text-amber-300">
              Couldn&apos;t load more. Press “Load more” to try again.
            </p>
          ) : (
            <RefreshNote failed={query.isRefetchError} />
          )}
        </div>
      )}
    </div>
  );
}

function resultLine(total: number, shown: number, search: string): string {
  const counted = search ? `${plural(total, "match", "matches")} for “${search}”` : `${plural(total, "NFT")} minted`;
  return shown < total ? `${counted} · showing ${formatCount(shown)}` : counted;
}

function MintedCard({ nft }: { nft: MintedItem }) {
  const number = nftNumberLabel({ tokenId: nft.tokenId, editionNumber: nft.editionNumber });
  const name = nft.name ?? number ?? "Untitled";
  const holder = nft.minterDisplayName
    ? `by ${nft.minterDisplayName}`
    : nft.ownerWallet
      ? `to ${walletLabel(nft.ownerWallet)}`
      : null;
  const badges = [
    !nft.isRevealed && <Badge key="unrevealed">Unrevealed</Badge>,
    nft.rarityRank != null && <Badge key="rank">Rank {nft.rarityRank}</Badge>,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-2">
      <NftImage src={nft.image ?? nft.fullImageUrl} badge={badges.length > 0 ? badges : null} />
      <div className="min-w-0 px-0.5 text-xs leading-snug">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="truncate text-slate-300">{holder ?? "\u00a0"}</p>
        <p className="truncate tabular-nums text-slate-400">
          {[numberUnlessNamed(name, number), nft.mintedAt ? formatUtcDate(nft.mintedAt) : null]
            .filter(Boolean)
            .join(" · ") || "\u00a0"}
        </p>
      </div>
    </li>
  );
}

function SkeletonCards({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <li key={i} aria-hidden="true" className="flex flex-col gap-2 rounded-xl border border-white/10 bg-white/5 p-2">
      <div className="aspect-square animate-pulse rounded-lg bg-white/10" />
      <div className="h-12 animate-pulse rounded bg-white/10" />
    </li>
  ));
}

// The two ranked lists, polled (useTopHolders / useTopMinters, every minute). A board with
// entries keeps the height of ten rows, so a new wallet joining it moves nothing below.
"use client";

import type { ReactNode } from "react";
import { useTopHolders, useTopMinters } from "@/lib/client/query";
import type { LeaderboardEntry, TopHoldersView, TopMintersView } from "@/lib/client/types";
import { plural, walletLabel } from "@/lib/format";
import { RefreshNote } from "./section";
import { MediaImg } from "@/app/_components/media-src";

type Props = { collectionId: string; initialHolders: TopHoldersView; initialMinters: TopMintersView };

export function LeaderboardLists({ collectionId, initialHolders, initialMinters }: Props) {
  const holdersQuery = useTopHolders(collectionId, initialHolders);
  const mintersQuery = useTopMinters(collectionId, initialMinters);
  const holders = holdersQuery.data ?? initialHolders;
  const minters = mintersQuery.data ?? initialMinters;
  return (
    <div className="space-y-2">
      <div className="grid gap-4 md:grid-cols-2">
        <Board
          id="top-holders"
          title="Top holders"
          total={holders.total > 0 ? plural(holders.total, "holder") : null}
          entries={holders.topHolders.map((entry) => ({ entry, count: plural(entry.holdCount, "NFT") }))}
          empty={holders.error ? "Holder data is unavailable right now." : "No one holds one yet."}
        />
        <Board
          id="top-minters"
          title="Top minters"
          total={minters.total > 0 ? plural(minters.total, "minter") : null}
          entries={minters.topMinters.map((entry) => ({ entry, count: plural(entry.mintCount, "mint") }))}
          empty="No one has minted yet."
        />
      </div>
      <RefreshNote failed={holdersQuery.isError || mintersQuery.isError} />
    </div>
  );
}

/** Entries per board (LEADERBOARD_SIZE in lib/schemas; not imported: zod stays out of the browser). */
const BOARD_SIZE = 10;

type BoardProps = {
  id: string;
  title: string;
  total: string | null;
  entries: Array<{ entry: LeaderboardEntry; count: string }>;
  empty: ReactNode;
};

function Board({ id, title, total, entries, empty }: BoardProps) {
  return (
    <div data-testid={id} className="rounded-xl border border-white/10 bg-white/5 p-4">
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h3>
        {total && <p className="text-sm tabular-nums text-slate-400">{total}</p>}
      </div>
      {entries.length === 0 ? (
        <p className="py-6 text-slate-400">{empty}</p>
      ) : (
        <>
          <ol aria-labelledby={`${id}-heading`}>
            {entries.map(({ entry, count }) => (
              <li
                key={entry.walletAddress}
                className="flex h-10 items-center gap-3 border-b border-white/5 last:border-b-0"
              >
                <span
                  className={`w-7 shrink-0 text-right text-sm font-semibold tabular-nums ${entry.rank <= 3 ? "text-mint" : "text-slate-400"}`}
                >
                  <span className="sr-only">Rank </span>
                  {entry.rank}
                </span>
                <Avatar entry={entry} />
                <span className="min-w-0 grow truncate" title={entry.walletAddress}>
                  {walletLabel(entry.walletAddress, entry.displayName)}
                </span>
                <span className="shrink-0 text-sm tabular-nums text-slate-300">{count}</span>
              </li>
            ))}
          </ol>
          {/* The ranks still open, drawn faintly: the board keeps its full height as wallets join it. */}
          <div aria-hidden="true">
            {Array.from({ length: Math.max(0, BOARD_SIZE - entries.length) }, (_, i) => (
              <div key={i} className="flex h-10 items-center gap-3 border-t border-white/5 text-slate-600">
                <span className="w-7 shrink-0 text-right text-sm tabular-nums">{entries.length + i + 1}</span>
                <span>—</span>
              </div>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function Avatar({ entry }: { entry: LeaderboardEntry }) {
  if (entry.avatarUrl) {
    return (
      <MediaImg
        src={entry.avatarUrl}
        alt=""
        width={24}
        height={24}
        loading="lazy"
        className="h-6 w-6 shrink-0 rounded-full bg-white/10 object-cover"
      />
    );
  }
  const initial = (entry.displayName?.trim() || entry.walletAddress).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className="grid h-6 w-6 shrink-0 place-items-center rounded-full bg-white/10 text-xs font-semibold text-slate-300"
    >
      {initial}
    </span>
  );
}

// Supply progress: minted of total with a bar, or "N minted · open edition" for a drop with no
// cap. Polled through the shared collection query (the mint panel reads the same key, so the
// page makes one poll). The server renders the same markup from the same data first.
"use client";

import { useCollection } from "@/lib/client/query";
import type { CollectionResponse } from "@/lib/client/types";
import { formatPercent } from "@/lib/format";
import { supplySummary } from "./labels";

type Props = { identifier: string; initialCollection: CollectionResponse };

export function SupplyProgress({ identifier, initialCollection }: Props) {
  const { data } = useCollection(identifier, initialCollection);
  const supply = supplySummary((data ?? initialCollection).stats);

  if (supply.kind === "open") {
    return (
      <div data-testid="supply-progress" className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
        <p className="text-sm text-slate-400">Supply</p>
        <p className="mt-1 text-lg font-semibold tabular-nums">{supply.text}</p>
      </div>
    );
  }

  return (
    <div
      data-testid="supply-progress"
      data-sold-out={supply.soldOut || undefined}
      className="rounded-xl border border-white/10 bg-white/[0.03] p-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <p id="supply-label" className="text-lg font-semibold tabular-nums">
          {supply.text}
        </p>
        {supply.soldOut ? (
          // Seen here; heard through the live region below, which speaks only when it changes.
          <span
            aria-hidden="true"
            className="rounded-full bg-amber-400/15 px-2.5 py-0.5 text-sm font-semibold text-amber-300"
          >
            Sold out
          </span>
        ) : (
          <p className="text-sm text-slate-400 tabular-nums">{formatPercent(supply.percent)}</p>
        )}
      </div>
      <div
        role="progressbar"
        aria-labelledby="supply-label"
        aria-valuemin={0}
        aria-valuemax={supply.total}
        aria-valuenow={supply.minted}
        aria-valuetext={supply.text}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-white/10"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-700 ${supply.soldOut ? "bg-amber-400" : "bg-mint"}`}
          style={{ width: `${supply.percent}%` }}
        />
      </div>
      <p aria-live="polite" className="sr-only">
        {supply.soldOut ? "Sold out" : ""}
      </p>
    </div>
  );
}

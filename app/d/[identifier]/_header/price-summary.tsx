// The price a collector pays now (the live phase's), or the next phase's before it opens:
// the one figure a launchpad header shows at a glance. Fed by the shared collection query.
"use client";

import { useCollection } from "@/lib/client/query";
import type { CollectionResponse } from "@/lib/client/types";
import { PriceLabel } from "@/app/_components/price-label";

type Props = { identifier: string; initialCollection: CollectionResponse };

export function PriceSummary({ identifier, initialCollection }: Props) {
  const { data } = useCollection(identifier, initialCollection);
  const { active, upcoming } = (data ?? initialCollection).phases;
  const phase = active[0] ?? upcoming[0] ?? null;
  const caption = active[0] ? "Price now" : upcoming[0] ? "Next phase" : "Price";
  const approximate =
    phase?.priceDisplay.kind === "amount" && phase.priceDisplay.approximate && !phase.priceDisplay.isFree;

  return (
    <div data-testid="price-summary" className="rounded-xl border border-white/10 bg-white/[0.03] p-4">
      <p className="truncate text-sm text-slate-400">
        {caption}
        {phase?.name ? ` · ${phase.name}` : ""}
      </p>
      <p className="mt-1 text-lg font-semibold tabular-nums">
        {phase ? <PriceLabel price={phase.priceDisplay} /> : "Minting has ended"}
        {approximate && <span className="ml-2 text-xs font-normal text-slate-400">approximate</span>}
      </p>
    </div>
  );
}

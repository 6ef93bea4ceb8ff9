// Which phase to mint in: a radio group when several are live, else the one phase named.
// With none live, the next start's countdown (server clock) or the end of minting.
"use client";

import { useId } from "react";
import { useCountdown } from "@/lib/client/countdown";
import { formatCountdown } from "@/lib/format";
import type { Phase } from "@/lib/client/types";
import { priceLabel } from "@/app/_components/price-label";

const phaseName = (phase: Phase) => phase.name ?? "Mint";

export function PhaseChoice({
  phases,
  selectedId,
  onSelect,
}: {
  phases: Phase[];
  selectedId: string;
  onSelect(id: string): void;
}) {
  const name = useId();
  if (phases.length === 1) {
    const phase = phases[0]!;
    return (
      <p className="text-sm text-slate-300">
        Phase: <span className="font-semibold text-white">{phaseName(phase)}</span>
        {phase.isGated && <span className="ml-2 rounded bg-white/10 px-1.5 py-0.5 text-xs text-slate-200">Gated</span>}
      </p>
    );
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-300">Phase</legend>
      <div className="grid gap-2">
        {phases.map((phase) => (
          <label
            key={phase.id}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-white/10 px-3 py-2 has-[:checked]:border-mint has-[:checked]:bg-mint/10"
          >
            <input
              type="radio"
              name={name}
              value={phase.id}
              checked={phase.id === selectedId}
              onChange={() => onSelect(phase.id)}
              className="h-4 w-4 accent-[var(--color-mint)]"
            />
            <span className="flex-1 font-medium">{phaseName(phase)}</span>
            <span className="text-sm tabular-nums text-slate-300">{priceLabel(phase.priceDisplay)}</span>
            {phase.isGated && <span className="rounded bg-white/10 px-1.5 py-0.5 text-xs text-slate-200">Gated</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** No live phase: when the next one opens, or that minting is over. */
export function NoLivePhase({ upcoming, receivedAt }: { upcoming: Phase[]; receivedAt: number }) {
  const next = [...upcoming].sort((a, b) => (a.msUntilStart ?? Infinity) - (b.msUntilStart ?? Infinity))[0] ?? null;
  const remaining = useCountdown(next?.msUntilStart ?? null, receivedAt);
  if (!next) {
    return <p className="rounded-xl bg-white/5 px-4 py-6 text-center text-lg font-semibold">Minting has ended</p>;
  }
  return (
    <div className="rounded-xl bg-white/5 px-4 py-6 text-center">
      <p className="text-sm text-slate-300">{phaseName(next)} opens in</p>
      <p className="mt-1 text-3xl font-bold tabular-nums" aria-live="off">
        {remaining === null ? "soon" : remaining > 0 ? formatCountdown(remaining) : "a moment"}
      </p>
      <p className="mt-2 text-sm text-slate-300">{priceLabel(next.priceDisplay)}</p>
    </div>
  );
}

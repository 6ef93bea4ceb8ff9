// The drop's phases as cards: status, price, countdown, dates and limits. Fed by the shared
// collection query. Countdowns run against the server's ms-until values (useCountdown), never
// the device clock; when one ends, the collection is re-read until the server reports the new
// status (it flips at the exact instant, so the first re-read can be a moment early).
"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useCollection } from "@/lib/client/query";
import { useCountdown } from "@/lib/client/countdown";
import type { CollectionResponse, Phase } from "@/lib/client/types";
import { bogoLabel, formatCountdown, formatUtcDateTime } from "@/lib/format";
import { PriceLabel } from "@/app/_components/price-label";
import {
  PHASE_STATUS_LABEL,
  type PhaseBadge,
  accessLabel,
  phaseBadge,
  phaseCountdownTarget,
  phaseLimitLabels,
  statusChangeAnnouncement,
} from "./labels";
import { rereadUntilStatusMoves } from "./status-reread";

type Props = { identifier: string; initialCollection: CollectionResponse };

export function PhaseList({ identifier, initialCollection }: Props) {
  const { data, refetch } = useCollection(identifier, initialCollection);
  const phases = (data ?? initialCollection).phases.all;
  const receivedAt = data?.receivedAt ?? 0;
  const rereadAfterCountdown = useRereadUntilStatusMoves(refetch);
  const announcement = useStatusAnnouncement(phases);

  if (phases.length === 0) return <p className="text-slate-400">The creator has not scheduled any phases yet.</p>;
  return (
    <>
      <ol className="space-y-3">
        {phases.map((phase) => (
          <PhaseCard
            key={phase.id}
            phase={phase}
            receivedAt={receivedAt}
            onCountdownElapsed={() => rereadAfterCountdown(phase.id, phase.status)}
          />
        ))}
      </ol>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </>
  );
}

function PhaseCard({
  phase,
  receivedAt,
  onCountdownElapsed,
}: {
  phase: Phase;
  receivedAt: number;
  onCountdownElapsed: () => void;
}) {
  const target = phaseCountdownTarget(phase);
  const badge = phaseBadge(phase);
  const msLeft = useCountdown(target?.ms ?? null, receivedAt, target ? onCountdownElapsed : undefined);
  const headingId = `phase-${phase.id}`;
  const price = phase.priceDisplay;
  const chips = [accessLabel(phase.isGated), bogoLabel(phase.bogo), ...phaseLimitLabels(phase)].filter(
    (chip): chip is string => chip !== null,
  );

  return (
    <li
      data-testid="phase-card"
      data-status={phase.status}
      data-badge={badge}
      aria-labelledby={headingId}
      className={`rounded-xl border p-4 ${badge === "active" ? "border-mint/40 bg-mint/[0.06]" : "border-white/10 bg-white/[0.03]"}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-lg font-semibold break-words">
              {phase.name ?? "Phase"}
            </h3>
            <StatusBadge status={badge} />
          </div>
          <p className="mt-1 min-h-5 text-sm text-slate-300 tabular-nums">
            <TimingLine phase={phase} target={target} msLeft={msLeft} />
          </p>
        </div>
        <div className="text-left sm:text-right">
          <p className="text-lg font-semibold tabular-nums">
            <PriceLabel price={price} />
          </p>
          {price.kind === "amount" && price.approximate && !price.isFree && (
            <p className="text-xs text-slate-400">approximate</p>
          )}
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-400">
        <dt>Starts</dt>
        <dd className="tabular-nums text-slate-300">
          {phase.startDate ? (
            <time dateTime={phase.startDate}>{formatUtcDateTime(phase.startDate)}</time>
          ) : (
            "Open from the start"
          )}
        </dd>
        <dt>Ends</dt>
        <dd className="tabular-nums text-slate-300">
          {phase.endDate ? <time dateTime={phase.endDate}>{formatUtcDateTime(phase.endDate)}</time> : "No end date"}
        </dd>
      </dl>

      <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Rules">
        {chips.map((chip) => (
          <li key={chip} className="rounded-full bg-white/[0.06] px-2.5 py-0.5 text-xs text-slate-300">
            {chip}
          </li>
        ))}
      </ul>
    </li>
  );
}

function TimingLine({
  phase,
  target,
  msLeft,
}: {
  phase: Phase;
  target: ReturnType<typeof phaseCountdownTarget>;
  msLeft: number | null;
}) {
  if (target && msLeft !== null) {
    if (msLeft <= 0) return <>{target.verb === "Starts in" ? "Starting now…" : "Ending now…"}</>;
    return (
      <>
        {target.verb}{" "}
        {/* role=timer is not announced on every tick; status changes are, through the list's live region. */}
        <span role="timer" className="font-semibold text-white">
          {formatCountdown(msLeft)}
        </span>
      </>
    );
  }
  if (phase.soldOut && phase.status !== "ended") return <>Sold out · nothing left to mint in this phase</>;
  if (phase.status === "active") return <>Minting now · no end date</>;
  if (phase.status === "ended") return <>This phase is over</>;
  return <>Start to be announced</>;
}

const BADGE_STYLE: Record<PhaseBadge, string> = {
  active: "bg-mint/15 text-mint",
  upcoming: "bg-sky-400/15 text-sky-300",
  ended: "bg-white/10 text-slate-400",
  sold_out: "bg-white/10 text-slate-300",
};

function StatusBadge({ status }: { status: PhaseBadge }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_STYLE[status]}`}
    >
      {status === "active" && (
        <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-mint motion-safe:animate-pulse" />
      )}
      {PHASE_STATUS_LABEL[status]}
    </span>
  );
}

/**
 * After a countdown ends: re-read the collection until the phase's status moves (see
 * status-reread.ts). One loop per phase at a time: a re-read that lands a moment early
 * restarts the countdown, which must not start a second loop.
 */
function useRereadUntilStatusMoves(refetch: ReturnType<typeof useCollection>["refetch"]) {
  const inFlight = useRef(new Set<string>());
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return useCallback(
    async (phaseId: string, from: Phase["status"]) => {
      if (inFlight.current.has(phaseId)) return;
      inFlight.current.add(phaseId);
      // cancelRefetch: false joins a read already in flight instead of aborting it.
      const read = async () => (await refetch({ cancelRefetch: false })).data;
      try {
        await rereadUntilStatusMoves(read, phaseId, from, { isAlive: () => mounted.current });
      } finally {
        inFlight.current.delete(phaseId);
      }
    },
    [refetch],
  );
}

/** A sentence for screen readers when a phase changes status while the page is open. */
function useStatusAnnouncement(phases: Phase[]): string {
  const [previous, setPrevious] = useState(phases);
  const [announcement, setAnnouncement] = useState("");
  if (previous !== phases) {
    // Adjusting state while rendering (React's pattern for "compared with the last render").
    const before = new Map(previous.map((phase) => [phase.id, phase.status]));
    const changed = phases.filter((phase) => before.has(phase.id) && before.get(phase.id) !== phase.status);
    setPrevious(phases);
    if (changed.length > 0)
      setAnnouncement(changed.map((phase) => statusChangeAnnouncement(phase.name, phase.status)).join(" "));
  }
  return announcement;
}

// Phase status is decided by the server clock and the phase schedule alone; clients render
// countdowns against `serverTime` and re-read the collection when one expires.

export type PhaseStatus = "active" | "upcoming" | "ended";

export type PhaseSchedule = { startDate: Date | null; endDate: Date | null };

export type PhaseTiming = {
  status: PhaseStatus;
  hasStarted: boolean;
  hasEnded: boolean;
  msUntilStart: number | null;
  msUntilEnd: number | null;
};

/** Where a phase stands at `now`. A null start has always started; a null end never ends. */
export function phaseTiming(schedule: PhaseSchedule, now: Date): PhaseTiming {
  const t = now.getTime();
  const start = schedule.startDate?.getTime() ?? null;
  const end = schedule.endDate?.getTime() ?? null;
  const hasStarted = start === null || t >= start;
  const hasEnded = end !== null && t >= end;
  const status: PhaseStatus = hasEnded ? "ended" : hasStarted ? "active" : "upcoming";
  return {
    status,
    hasStarted,
    hasEnded,
    msUntilStart: start !== null && t < start ? start - t : null,
    msUntilEnd: end !== null && t < end ? end - t : null,
  };
}

/** Splits phases into the spec's three lists: all (in order), active and upcoming. */
export function groupPhasesByStatus<P extends { status: PhaseStatus }>(phases: readonly P[]) {
  return {
    all: [...phases],
    active: phases.filter((p) => p.status === "active"),
    upcoming: phases.filter((p) => p.status === "upcoming"),
  };
}

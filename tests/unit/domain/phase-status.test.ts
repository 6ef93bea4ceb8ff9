import { describe, expect, it } from "vitest";
import { groupPhasesByStatus, phaseTiming } from "@/lib/domain/phase-status";

const now = new Date("2026-06-01T12:00:00.000Z");
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);

describe("phaseTiming", () => {
  it("is upcoming before the start, with msUntilStart from the server clock", () => {
    const timing = phaseTiming({ startDate: at(90_000), endDate: at(500_000) }, now);
    expect(timing).toEqual({
      status: "upcoming",
      hasStarted: false,
      hasEnded: false,
      msUntilStart: 90_000,
      msUntilEnd: 500_000,
    });
  });

  it("is active from the start instant until the end instant", () => {
    expect(phaseTiming({ startDate: now, endDate: at(1) }, now)).toMatchObject({
      status: "active",
      msUntilStart: null,
      msUntilEnd: 1,
    });
    expect(phaseTiming({ startDate: at(-1), endDate: now }, now)).toMatchObject({
      status: "ended",
      hasEnded: true,
      msUntilEnd: null,
    });
  });

  it("treats a null start as started and a null end as open-ended", () => {
    expect(phaseTiming({ startDate: null, endDate: null }, now)).toEqual({
      status: "active",
      hasStarted: true,
      hasEnded: false,
      msUntilStart: null,
      msUntilEnd: null,
    });
  });

  it("reports an ended phase with no countdowns", () => {
    expect(phaseTiming({ startDate: at(-10_000), endDate: at(-5_000) }, now)).toEqual({
      status: "ended",
      hasStarted: true,
      hasEnded: true,
      msUntilStart: null,
      msUntilEnd: null,
    });
  });
});

describe("groupPhasesByStatus", () => {
  it("keeps every phase in all, ended ones only there", () => {
    const phases = [
      { id: "a", status: "ended" },
      { id: "b", status: "active" },
      { id: "c", status: "upcoming" },
    ] as const;
    const grouped = groupPhasesByStatus(phases);
    expect(grouped.all.map((p) => p.id)).toEqual(["a", "b", "c"]);
    expect(grouped.active.map((p) => p.id)).toEqual(["b"]);
    expect(grouped.upcoming.map((p) => p.id)).toEqual(["c"]);
  });
});

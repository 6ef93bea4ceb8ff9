// After a countdown ends the drop page re-reads the collection until the server reports the
// phase's new status: at once, then a bounded number of times, never forever.
import { describe, expect, it } from "vitest";
import { STATUS_REREAD, rereadUntilStatusMoves } from "@/app/d/[identifier]/_header/status-reread";

type Status = "active" | "upcoming" | "ended";
const PHASE = "8b0b7d5e-1111-4c1e-9a57-000000000001";

/** Serves the given statuses in turn (the last one repeats), counting reads and waits. */
function server(statuses: Array<Status | "gone" | "error">) {
  const log = { reads: 0, waits: [] as number[] };
  const read = async () => {
    const status = statuses[Math.min(log.reads, statuses.length - 1)]!;
    log.reads += 1;
    if (status === "error") return undefined;
    return { phases: { all: status === "gone" ? [] : [{ id: PHASE, status }] } };
  };
  const sleep = async (ms: number) => {
    log.waits.push(ms);
  };
  return { read, sleep, log };
}

describe("rereadUntilStatusMoves", () => {
  it("reads once when the server has already flipped the status", async () => {
    const { read, sleep, log } = server(["active"]);
    expect(await rereadUntilStatusMoves(read, PHASE, "upcoming", { sleep })).toBe(1);
    expect(log.waits).toEqual([]);
  });

  it("reads again a second later while the server still shows the old status", async () => {
    const { read, sleep, log } = server(["upcoming", "upcoming", "active"]);
    expect(await rereadUntilStatusMoves(read, PHASE, "upcoming", { sleep })).toBe(3);
    expect(log.waits).toEqual([STATUS_REREAD.gapMs, STATUS_REREAD.gapMs]);
    expect(STATUS_REREAD.gapMs).toBe(1_000);
  });

  it("gives up after a bounded number of reads", async () => {
    const { read, sleep, log } = server(["upcoming"]);
    expect(await rereadUntilStatusMoves(read, PHASE, "upcoming", { sleep })).toBe(STATUS_REREAD.attempts);
    expect(log.reads).toBe(10);
  });

  it("keeps trying through a failed read, and stops when the phase is gone", async () => {
    const { read, sleep } = server(["error", "gone"]);
    expect(await rereadUntilStatusMoves(read, PHASE, "active", { sleep })).toBe(2);
  });

  it("stops when the page has gone", async () => {
    const { read, sleep, log } = server(["upcoming"]);
    let alive = true;
    const stopAfterTwo = async (ms: number) => {
      await sleep(ms);
      if (log.reads >= 2) alive = false;
    };
    await rereadUntilStatusMoves(read, PHASE, "upcoming", { sleep: stopAfterTwo, isAlive: () => alive });
    expect(log.reads).toBeLessThanOrEqual(3);
  });
});

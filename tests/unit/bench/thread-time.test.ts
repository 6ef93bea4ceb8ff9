// The bench's split of a burst's wall time on the site's JS thread: on a CPU, waiting for
// one, and nothing to run (bench/thread-time.ts), from Linux's schedstat.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeThreadTimes, sampleMainThread, ThreadTimes } from "@/bench/thread-time";

const at = (atMs: number, onCpuMs: number, waitingMs: number) => ({ atMs, onCpuMs, waitingMs });

describe("ThreadTimes", () => {
  it("sums bursts and splits their wall time per request", () => {
    const times = new ThreadTimes();
    times.add(at(0, 100, 10), at(600, 500, 110), 64); // 600 ms: 400 on a CPU, 100 waiting, 100 idle
    times.add(at(1000, 500, 110), at(1040, 520, 130), 16); // 40 ms: 20 on a CPU, 20 waiting, 0 idle
    expect(times.describe()).toBe(
      "the site's JS thread, 8.00 ms of wall time a request: 5.25 on a CPU, 1.50 waiting for one " +
        "(another process held both cores), 1.25 with nothing to run (every request waiting on the database or the chain)",
    );
  });

  it("says nothing without a sample on either side, or without requests", () => {
    const times = new ThreadTimes();
    times.add(null, at(10, 1, 1), 5);
    times.add(at(0, 0, 0), null, 5);
    times.add(at(0, 0, 0), at(10, 5, 1), 0);
    expect(times.describe()).toBeNull();
  });
});

describe("describeThreadTimes", () => {
  it("prints a line for each named tally that has requests, by name", () => {
    const prepare = new ThreadTimes();
    prepare.add(at(0, 0, 0), at(10, 5, 2), 1);
    expect(describeThreadTimes({ prepare, execute: new ThreadTimes() })).toEqual([`prepare: ${prepare.describe()}`]);
  });
});

describe("sampleMainThread", () => {
  it("has no sample for a process that is not there", () => {
    expect(sampleMainThread(undefined)).toBeNull();
    expect(sampleMainThread(2 ** 22 + 1)).toBeNull(); // above Linux's largest pid
  });

  it.runIf(existsSync(`/proc/${process.pid}/task/${process.pid}/schedstat`))(
    "reads a process's main thread's time on a CPU as it works",
    async () => {
      // A child whose main thread works for 300 ms of wall time, then waits.
      const child = spawn(process.execPath, [
        "-e",
        "for (const t = Date.now(); Date.now() - t < 300; ); setTimeout(() => {}, 60_000)",
      ]);
      try {
        const first = sampleMainThread(child.pid)!;
        let latest = first;
        // Until the kernel has counted 50 ms more on a CPU (at most 20 s on a busy machine).
        while (latest.onCpuMs - first.onCpuMs < 50 && latest.atMs - first.atMs < 20_000) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          latest = sampleMainThread(child.pid)!;
        }
        expect(latest.onCpuMs - first.onCpuMs).toBeGreaterThanOrEqual(50);
        expect(latest.waitingMs).toBeGreaterThanOrEqual(first.waitingMs);
      } finally {
        child.kill();
      }
    },
  );
});

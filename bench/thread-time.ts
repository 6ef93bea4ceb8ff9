// Where the site's one JS thread spent the wall time of a burst, from Linux's scheduler
// statistics (/proc/<pid>/task/<pid>/schedstat: the main thread's time on a CPU and its time
// runnable but waiting for one, in nanoseconds). The rest of the wall time the thread had
// nothing to run: every request in flight waited on the database, the chain or the network.
//
// A throughput share (the route's req/s over the no-op's) compares wall time per request. On
// 2 cores shared with PostgreSQL, the chain and the load generator, part of a mint's wall
// time is the thread waiting for a core that another process holds; this says how much, so
// the profile shows what the code costs apart from what the machine's sharing costs.
import { readFileSync } from "node:fs";

export type ThreadSample = { onCpuMs: number; waitingMs: number; atMs: number };

/** The main thread's scheduler times now, or null where /proc has no schedstat (not Linux). */
export function sampleMainThread(pid: number | undefined): ThreadSample | null {
  if (pid === undefined) return null;
  try {
    const [onCpuNs, waitingNs] = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ");
    return { onCpuMs: Number(onCpuNs) / 1e6, waitingMs: Number(waitingNs) / 1e6, atMs: performance.now() };
  } catch {
    return null;
  }
}

/** Bursts' thread times summed: the whole per request, and its parts. */
export class ThreadTimes {
  private wallMs = 0;
  private onCpuMs = 0;
  private waitingMs = 0;
  private requests = 0;

  /** Adds one burst of `requests`, between two samples of the site's main thread. */
  add(before: ThreadSample | null, after: ThreadSample | null, requests: number): void {
    if (!before || !after || requests === 0) return;
    this.wallMs += after.atMs - before.atMs;
    this.onCpuMs += after.onCpuMs - before.onCpuMs;
    this.waitingMs += after.waitingMs - before.waitingMs;
    this.requests += requests;
  }

  /** Runs `burst` (of `requests` requests) between two samples and adds it. */
  async measure<T>(pid: number | undefined, requests: number, burst: () => Promise<T>): Promise<T> {
    const before = sampleMainThread(pid);
    const result = await burst();
    this.add(before, sampleMainThread(pid), requests);
    return result;
  }

  /** "10.2 ms of wall time a request: 7.1 on a CPU, 2.2 waiting for one, 0.9 with nothing to run", or null. */
  describe(): string | null {
    if (this.requests === 0) return null;
    const per = (ms: number) => (ms / this.requests).toFixed(2);
    const idleMs = Math.max(0, this.wallMs - this.onCpuMs - this.waitingMs);
    return (
      `the site's JS thread, ${per(this.wallMs)} ms of wall time a request: ${per(this.onCpuMs)} on a CPU, ` +
      `${per(this.waitingMs)} waiting for one (another process held both cores), ` +
      `${per(idleMs)} with nothing to run (every request waiting on the database or the chain)`
    );
  }
}

/** One line per named tally that has requests, e.g. "prepare: the site's JS thread, …". */
export function describeThreadTimes(named: Record<string, ThreadTimes>): string[] {
  return Object.entries(named).flatMap(([name, times]) => {
    const described = times.describe();
    return described ? [`${name}: ${described}`] : [];
  });
}

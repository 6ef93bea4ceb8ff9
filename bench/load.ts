// The load generator, seen from a bench: `LoadGenerator.start()` forks bench/load-worker.ts
// (autocannon in a process of its own) and `run(job)` hands it one job at a time. The
// harness (seeding, key signing, printing) and the site each keep their own process, so a
// row measures the server and not the loop that drives it.
import { fork, type ChildProcess } from "node:child_process";
import path from "node:path";

export type LoadRequest = { method?: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

export type LoadJob = {
  /** Base URLs; with several, connections are spread over them in turn. */
  urls: string[];
  connections: number;
  requests: LoadRequest[];
  /** Timed job: every connection cycles through `requests` for this long. Unset: each request is sent exactly once. */
  durationMs?: number;
  /** Exactly-once jobs: return each answer's body too (a prepared transaction to sign). */
  keepBodies?: boolean;
  timeoutSeconds?: number;
};

/** One answer of an exactly-once job: its status, latency, when it arrived (epoch ms) and, when kept, its body. */
export type LoadAnswer = { status: number; ms: number; endedAt: number; body?: string };

/** What the worker measured; `answers` (null: no answer) in request order for an exactly-once job. */
export type LoadOutcome = {
  latencies: number[];
  statuses: Record<string, number>;
  /** Requests that got no answer (timeout, connection error). */
  errors: number;
  /** Epoch ms when the job started. */
  startedAt: number;
  elapsedMs: number;
  answers?: Array<LoadAnswer | null>;
};

export type LoadResult = {
  requests: number;
  /** Requests without an answer, or answered 4xx/5xx (except the statuses a caller expects). */
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  statuses: Record<string, number>;
};

type Pending = { resolve: (outcome: LoadOutcome) => void; reject: (error: Error) => void };

export class LoadGenerator {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  private constructor(private readonly child: ChildProcess) {
    child.on("message", (message: { id: number; outcome?: LoadOutcome; error?: string }) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.outcome) waiting.resolve(message.outcome);
      else waiting.reject(new Error(`load worker: ${message.error}`));
    });
    child.on("exit", (code) => {
      for (const waiting of this.pending.values()) waiting.reject(new Error(`the load worker exited (${code})`));
      this.pending.clear();
    });
  }

  static start(): LoadGenerator {
    const child = fork(path.join(import.meta.dirname, "load-worker.ts"), [], {
      execArgv: ["--import", "tsx"],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new LoadGenerator(child);
  }

  run(job: LoadJob): Promise<LoadOutcome> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, job });
    });
  }

  /** A timed job after a short warm-up (routes compiled, caches and pools filled), summarised. */
  async measure(job: LoadJob & { durationMs: number }, options: { warmUpMs?: number } = {}): Promise<LoadResult> {
    await this.run({ ...job, connections: Math.min(job.connections, 4), durationMs: options.warmUpMs ?? 500 });
    return summarise([await this.run(job)]);
  }

  close(): void {
    if (this.child.connected) this.child.disconnect();
  }
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * One row from one or more jobs (the rounds of a mint run): requests over the time spent in
 * the jobs, percentiles over all their latencies. `expected`: statuses that are answers, not
 * errors (a sold-out refusal in a rush).
 */
export function summarise(outcomes: readonly LoadOutcome[], expected: readonly number[] = []): LoadResult {
  const latencies = outcomes.flatMap((o) => o.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const o of outcomes)
    for (const [status, count] of Object.entries(o.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  const refused = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 400 && !expected.includes(Number(status)))
    .reduce((sum, [, count]) => sum + count, 0);
  const elapsedMs = outcomes.reduce((sum, o) => sum + o.elapsedMs, 0);
  return {
    requests: latencies.length,
    errors: refused + outcomes.reduce((sum, o) => sum + o.errors, 0),
    rps: elapsedMs > 0 ? (latencies.length / elapsedMs) * 1000 : NaN,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    statuses,
  };
}

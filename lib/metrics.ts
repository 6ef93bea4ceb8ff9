// What an operator watches during a launch, in the Prometheus text format (prom-client),
// served at GET /metrics (lib/api/metrics-endpoint.ts; the README's operators' section lists
// every metric). Events are counted where they happen, in one line each; the figures that are
// states rather than events (admission-gate occupancy, cache counters, backlogs) are read when
// the endpoint is scraped.
//
// Labels have few values by construction: a route is its file's template
// (`/api/v1/collections/[identifier]`), never a raw path; a refusal is its stable code.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry }); // process memory, CPU, event-loop delay, GC
  const seconds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
  return {
    registry,
    httpRequests: new Counter({
      name: "dropmint_http_requests_total",
      help: "API requests answered, by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    httpSeconds: new Histogram({
      name: "dropmint_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer, by route template, method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    mintSessions: new Counter({
      name: "dropmint_mint_sessions_total",
      help: "The mint funnel: sessions prepared, signed (claimed by execute), executed (sent), landed, expired, superseded and failed.",
      labelNames: ["stage"] as const,
      registers: [registry],
    }),
    mintRefusals: new Counter({
      name: "dropmint_mint_refusals_total",
      help: "Prepare and execute calls refused, by route and stable error code.",
      labelNames: ["route", "code"] as const,
      registers: [registry],
    }),
    admissionInProgress: new Gauge({
      name: "dropmint_admission_in_progress",
      help: "Requests inside the admission gate now, by kind (read, prepare, execute).",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    admissionQueued: new Gauge({
      name: "dropmint_admission_queued",
      help: "Requests waiting for room at the admission gate now, by kind (read, prepare, execute).",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    admissionLimit: new Gauge({
      name: "dropmint_admission_limit",
      help: "The admission gate's capacity, by kind (read counts all requests but executes).",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    admissionShed: new Counter({
      name: "dropmint_admission_shed_total",
      help: "Requests answered 503 SERVER_BUSY at the admission gate, by kind.",
      labelNames: ["kind"] as const,
      registers: [registry],
    }),
    cacheHits: new Counter({
      name: "dropmint_cache_hits_total",
      help: "Reads served from an in-memory read cache, by cache.",
      labelNames: ["cache"] as const,
      registers: [registry],
    }),
    cacheLoads: new Counter({
      name: "dropmint_cache_loads_total",
      help: "Reads that loaded from the database or chain (misses), by cache.",
      labelNames: ["cache"] as const,
      registers: [registry],
    }),
    cacheInvalidations: new Counter({
      name: "dropmint_cache_invalidations_total",
      help: "Invalidations (a key, or everything) of a read cache, by cache.",
      labelNames: ["cache"] as const,
      registers: [registry],
    }),
    chainSeconds: new Histogram({
      name: "dropmint_chain_call_duration_seconds",
      help: "Chain calls of the mint path: send (submit until confirmed or refused), confirm (on an RPC node: from its acceptance to confirmation) and status (a signature's confirmation check).",
      labelNames: ["call"] as const,
      buckets: seconds,
      registers: [registry],
    }),
    chainErrors: new Counter({
      name: "dropmint_chain_errors_total",
      help: "Chain calls of the mint path that failed, by call and kind (rejected: the chain refused; unavailable: outcome unknown).",
      labelNames: ["call", "kind"] as const,
      registers: [registry],
    }),
    reconcilerBacklog: new Gauge({
      name: "dropmint_reconciler_backlog",
      help: "Mint sessions the reconciler has still to settle: submitted with an unknown outcome, or ended while their NFT is still held.",
      registers: [registry],
    }),
    payoutBacklog: new Gauge({
      name: "dropmint_bounty_payout_backlog",
      help: "Bounty prizes won and not yet paid out.",
      registers: [registry],
    }),
    memoryBytes: new Gauge({
      name: "dropmint_memory_bytes",
      help: "Where the resident memory goes: rss, heap_used, heap_total, external (array_buffers and embedded_database, PGlite's WebAssembly memory, are part of it), embedded_chain (litesvm's state, native), and native_other (the rest: code, malloc's own, sharp).",
      labelNames: ["part"] as const,
      registers: [registry],
      collect() {
        for (const [part, bytes] of Object.entries(memoryBreakdown())) this.set({ part }, bytes);
      },
    }),
  };
}

/**
 * Memory that process.memoryUsage() does not name: the embedded database (lib/db/client.ts)
 * and the embedded chain (lib/server/create-runtime.ts) register their own.
 */
const memoryProbes: Map<MemoryPart, () => number> = ((
  globalThis as { __dropmintMemoryProbes?: Map<MemoryPart, () => number> }
).__dropmintMemoryProbes ??= new Map());

/**
 * `embedded_database`: PGlite's WebAssembly memory, which V8 counts in `external`.
 * `embedded_chain`: litesvm's state, native memory outside V8, so outside `external`.
 */
export type MemoryPart = "embedded_database" | "embedded_chain";
const INSIDE_EXTERNAL: ReadonlySet<MemoryPart> = new Set(["embedded_database"]);

/** Counts `read()` bytes as `part` of the resident memory (dropmint_memory_bytes); one reader per part. */
export function registerMemoryProbe(part: MemoryPart, read: () => number): void {
  memoryProbes.set(part, read);
}

/** The resident memory and its parts, in bytes; native_other is what no part names (code, malloc's own, sharp). */
export function memoryBreakdown(usage: NodeJS.MemoryUsage = process.memoryUsage()): Record<string, number> {
  const probed = [...memoryProbes].map(([part, read]) => [part, safely(read)] as const);
  const sum = (inside: boolean) =>
    probed.filter(([part]) => INSIDE_EXTERNAL.has(part) === inside).reduce((total, [, bytes]) => total + bytes, 0);
  const named = usage.heapTotal + Math.max(usage.external, sum(true)) + sum(false);
  return {
    rss: usage.rss,
    heap_used: usage.heapUsed,
    heap_total: usage.heapTotal,
    external: usage.external,
    array_buffers: usage.arrayBuffers,
    ...Object.fromEntries(probed),
    native_other: Math.max(0, usage.rss - named),
  };
}

function safely(read: () => number): number {
  try {
    return read();
  } catch {
    return 0;
  }
}

export type Metrics = ReturnType<typeof createMetrics>;

// On globalThis: the production server (scripts/serve.ts) loads its own copy of this module
// outside the app's bundle (the admission gate of hosted pages counts its shed requests there),
// and both copies must count into one registry.
const slot = globalThis as { __dropmintMetrics?: Metrics };

/** This process's metrics. */
export function metrics(): Metrics {
  return (slot.__dropmintMetrics ??= createMetrics());
}

/** A stage of the mint funnel (dropmint_mint_sessions_total). */
export type MintStage = "prepared" | "signed" | "executed" | "landed" | "expired" | "superseded" | "failed";

/** Counts `count` sessions reaching `stage`. */
export function countMintStage(stage: MintStage, count = 1): void {
  if (count > 0) metrics().mintSessions.inc({ stage }, count);
}

/** Sets a counter to a running total kept elsewhere (the caches count for themselves). */
export function setCounter<L extends string>(counter: Counter<L>, labels: Record<L, string>, total: number): void {
  counter.remove(labels);
  counter.inc(labels, total);
}

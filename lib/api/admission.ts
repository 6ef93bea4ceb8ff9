// Overload is answered, not mistaken for an outage. Each instance works on a bounded number
// of requests at once (fewer for mint calls, which each hold a database transaction or a
// chain submit, and executes apart from prepares); a request beyond that is answered 503 SERVER_BUSY with Retry-After at once,
// before the database is asked anything. Without the bound, a burst above capacity queues
// on the database until key lookups time out, and callers get AUTH_UNAVAILABLE for a
// database that is merely busy.
import type { Config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { createLogger, createSummary } from "@/lib/log";
import { metrics } from "@/lib/metrics";

const log = createLogger("api");
const shed = createSummary(log, "requests refused at capacity (503 SERVER_BUSY)");

/** Seconds a refused caller waits: a burst passes quickly. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * What a request is to the gate. A prepare starts a sale: it is refused first. An execute
 * finishes one whose NFT is already held for a buyer who has signed: refusing it would leave
 * that NFT locked until the session expires, so executes have room of their own (as many as
 * MAX_CONCURRENT_MINTS), taken neither by prepares nor by reads.
 */
export type AdmissionKind = "read" | "prepare" | "execute";

export class AdmissionGate {
  private requests = 0;
  private prepares = 0;
  private executes = 0;
  private draining = false;
  private readonly settledWaiters = new Set<() => void>();

  constructor(private readonly limits: Config["admission"]) {}

  /** Admits the request or throws SERVER_BUSY; call the returned function when it is answered. */
  enter(kind: AdmissionKind): () => void {
    if (this.draining && kind === "prepare") {
      metrics().admissionShed.inc({ kind });
      // The same answer as a busy instance: callers already retry it, and the next try reaches another instance.
      throw new AppError(
        "SERVER_BUSY",
        `This instance is shutting down; nothing was done. Retry in ${BUSY_RETRY_AFTER_SECONDS} second.`,
        { extra: { retryAfter: BUSY_RETRY_AFTER_SECONDS } },
      );
    }
    if (!this.hasRoomFor(kind)) {
      metrics().admissionShed.inc({ kind });
      shed(new Error(`${this.requests} requests (${this.prepares} prepares, ${this.executes} executes) in progress`));
      throw new AppError(
        "SERVER_BUSY",
        `The service is at capacity right now; nothing was done. Retry in ${BUSY_RETRY_AFTER_SECONDS} second.`,
        {
          extra: { retryAfter: BUSY_RETRY_AFTER_SECONDS },
        },
      );
    }
    this.count(kind, +1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.count(kind, -1);
    };
  }

  /**
   * Shutting down (SIGTERM): no new prepare is admitted from now on (reads and executes still
   * are: an execute finishes a sale already held). Resolves once no prepare or execute is in
   * progress, so the process can close its parts without cutting a mint in half.
   */
  drain(): Promise<void> {
    this.draining = true;
    if (this.prepares === 0 && this.executes === 0) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.add(resolve));
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /** Requests inside the gate now, by kind (reads are all requests but prepares and executes). */
  occupancy(): Record<AdmissionKind, number> {
    return { read: this.requests - this.prepares, prepare: this.prepares, execute: this.executes };
  }

  private hasRoomFor(kind: AdmissionKind): boolean {
    if (kind === "execute") return this.executes < this.limits.mints;
    if (this.requests >= this.limits.requests) return false;
    return kind === "read" || this.prepares < this.limits.mints;
  }

  private count(kind: AdmissionKind, by: 1 | -1): void {
    if (kind === "execute") this.executes += by;
    else this.requests += by;
    if (kind === "prepare") this.prepares += by;
    if (by < 0 && this.draining && this.prepares === 0 && this.executes === 0) {
      for (const resolve of this.settledWaiters) resolve();
      this.settledWaiters.clear();
    }
  }
}

// On globalThis: the production server (scripts/serve.ts) admits hosted pages with this module's
// copy outside the app's bundle, and both must count against one gate per runtime.
const gateSlot = globalThis as { __dropmintAdmissionGates?: WeakMap<object, AdmissionGate> };
const gates = (gateSlot.__dropmintAdmissionGates ??= new WeakMap<object, AdmissionGate>());

/** The gate of this runtime (one per instance). */
export function admissionGateOf(runtime: { config: Pick<Config, "admission"> }): AdmissionGate {
  let gate = gates.get(runtime);
  if (!gate) gates.set(runtime, (gate = new AdmissionGate(runtime.config.admission)));
  return gate;
}

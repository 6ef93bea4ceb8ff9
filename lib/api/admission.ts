// Overload is answered, not mistaken for an outage. Each instance works on a bounded number
// of requests at once (fewer for mint calls, which each hold a database transaction or a
// chain submit, and executes apart from prepares). A request beyond that waits its turn in a
// short queue (first come, first served, MAX_QUEUE_WAIT_MS at most, MAX_PREPARE_QUEUE_WAIT_MS
// for a prepare, MAX_QUEUED_REQUESTS waiting at most), and only past those bounds is it answered 503 SERVER_BUSY with
// Retry-After, before the database is asked anything. Without the bound, a burst above
// capacity queues on the database until key lookups time out, and callers get
// AUTH_UNAVAILABLE for a database that is merely busy; without the queue, a rush of 1,000
// buyers on two instances shed about one prepare in eight at once, each to come back a
// second later and wait again, while a queued one is served within the wait.
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

/** A request waiting for room: its kind, its place in line, and how it is let in or turned away. */
type Waiter = {
  kind: AdmissionKind;
  seq: number;
  admit: (leave: () => void) => void;
  refuse: (error: AppError) => void;
  timer: ReturnType<typeof setTimeout>;
};

const busyError = () =>
  new AppError(
    "SERVER_BUSY",
    `The service is at capacity right now; nothing was done. Retry in ${BUSY_RETRY_AFTER_SECONDS} second.`,
    { extra: { retryAfter: BUSY_RETRY_AFTER_SECONDS } },
  );
// The same answer as a busy instance: callers already retry it, and the next try reaches another instance.
const drainingError = () =>
  new AppError(
    "SERVER_BUSY",
    `This instance is shutting down; nothing was done. Retry in ${BUSY_RETRY_AFTER_SECONDS} second.`,
    { extra: { retryAfter: BUSY_RETRY_AFTER_SECONDS } },
  );

export class AdmissionGate {
  private requests = 0;
  private prepares = 0;
  private executes = 0;
  private draining = false;
  private readonly settledWaiters = new Set<() => void>();
  /** Waiting requests, one line per kind, each in arrival order. */
  private readonly lines: Record<AdmissionKind, Waiter[]> = { read: [], prepare: [], execute: [] };
  private waiting = 0;
  private nextSeq = 0;

  constructor(private readonly limits: Config["admission"]) {}

  /**
   * Admits the request now, or after waiting its turn (FIFO per kind, `limits.queueWaitMs` at
   * most, `limits.queued` waiting at most per instance), or throws SERVER_BUSY; call the
   * returned function when it is answered. A waiting request whose `signal` aborts leaves the
   * line and is rejected with the signal's reason.
   */
  admit(kind: AdmissionKind, signal?: AbortSignal): Promise<() => void> {
    const mustWait = this.lines[kind].length > 0 || !this.hasRoomFor(kind);
    const refusedOutright = this.draining && kind === "prepare";
    // Room now, a draining instance's prepare, or a full queue: answered at once, as `enter` does.
    if (!mustWait || refusedOutright || this.waiting >= this.limits.queued) {
      try {
        return Promise.resolve(this.enter(kind));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
    return new Promise((admit, refuse) => {
      if (signal?.aborted) return refuse(signal.reason);
      const waiter: Waiter = { kind, seq: this.nextSeq++, admit, refuse, timer: undefined! };
      waiter.timer = setTimeout(() => {
        this.remove(waiter);
        this.countShed(kind);
        refuse(busyError());
      }, this.waitBoundOf(kind));
      this.lines[kind].push(waiter);
      this.waiting++;
      // Told while waiting that the answer is known without a place (a drop sold out): out of the line at once.
      signal?.addEventListener(
        "abort",
        () => {
          if (!this.lines[kind].includes(waiter)) return;
          this.remove(waiter);
          refuse(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Admits the request at once or throws SERVER_BUSY (no waiting); call the returned function when it is answered. */
  enter(kind: AdmissionKind): () => void {
    if (this.draining && kind === "prepare") {
      metrics().admissionShed.inc({ kind });
      throw drainingError();
    }
    if (this.lines[kind].length > 0 || !this.hasRoomFor(kind)) {
      this.countShed(kind);
      throw busyError();
    }
    return this.take(kind);
  }

  /**
   * Shutting down (SIGTERM): no new prepare is admitted from now on, and the prepares waiting
   * are answered SERVER_BUSY (reads and executes still are admitted: an execute finishes a sale
   * already held). Resolves once no prepare or execute is in progress, so the process can
   * close its parts without cutting a mint in half.
   */
  drain(): Promise<void> {
    this.draining = true;
    for (const waiter of this.lines.prepare.splice(0)) {
      clearTimeout(waiter.timer);
      this.waiting--;
      metrics().admissionShed.inc({ kind: "prepare" });
      waiter.refuse(drainingError());
    }
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

  /** Requests waiting for room now, by kind. */
  queued(): Record<AdmissionKind, number> {
    return { read: this.lines.read.length, prepare: this.lines.prepare.length, execute: this.lines.execute.length };
  }

  private countShed(kind: AdmissionKind): void {
    metrics().admissionShed.inc({ kind });
    shed(
      new Error(
        `${this.requests} requests (${this.prepares} prepares, ${this.executes} executes) in progress, ${this.waiting} waiting`,
      ),
    );
  }

  private take(kind: AdmissionKind): () => void {
    this.count(kind, +1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.count(kind, -1);
      // Waiting requests first: an execute waiting its turn during a drain is still a sale to finish.
      this.admitWaiting();
      this.settleDrain();
    };
  }

  /** Lets in the waiting requests that now have room, earliest first (a prepare without room does not hold up a read). */
  private admitWaiting(): void {
    for (;;) {
      let next: Waiter | undefined;
      for (const line of Object.values(this.lines)) {
        const head = line[0];
        if (head && (!next || head.seq < next.seq) && this.hasRoomFor(head.kind)) next = head;
      }
      if (!next) return;
      this.remove(next);
      next.admit(this.take(next.kind));
    }
  }

  private remove(waiter: Waiter): void {
    const line = this.lines[waiter.kind];
    const at = line.indexOf(waiter);
    if (at < 0) return;
    line.splice(at, 1);
    this.waiting--;
    clearTimeout(waiter.timer);
  }

  /** A prepare waits longer: one whose drop sells out meanwhile leaves the line at once (sold-out-memory.ts). */
  private waitBoundOf(kind: AdmissionKind): number {
    return kind === "prepare" ? this.limits.prepareQueueWaitMs : this.limits.queueWaitMs;
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
  }

  private settleDrain(): void {
    if (!this.draining || this.prepares > 0 || this.executes > 0) return;
    for (const resolve of this.settledWaiters) resolve();
    this.settledWaiters.clear();
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

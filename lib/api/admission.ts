// Overload is answered, not mistaken for an outage. Each instance works on a bounded number
// of requests at once (fewer for mint calls, which each hold a database transaction or a
// chain submit); a request beyond that is answered 503 SERVER_BUSY with Retry-After at once,
// before the database is asked anything. Without the bound, a burst above capacity queues
// on the database until key lookups time out, and callers get AUTH_UNAVAILABLE for a
// database that is merely busy.
import type { Config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { createLogger, createSummary } from "@/lib/log";

const log = createLogger("api");
const shed = createSummary(log, "requests refused at capacity (503 SERVER_BUSY)");

/** Seconds a refused caller waits: a burst passes quickly. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

export class AdmissionGate {
  private requests = 0;
  private mints = 0;

  constructor(private readonly limits: Config["admission"]) {}

  /** Admits the request or throws SERVER_BUSY; call the returned function when it is answered. */
  enter(kind: "read" | "mint"): () => void {
    const mint = kind === "mint";
    if (this.requests >= this.limits.requests || (mint && this.mints >= this.limits.mints)) {
      shed(new Error(`${this.requests} requests (${this.mints} mint calls) in progress`));
      throw new AppError("SERVER_BUSY", `The service is at capacity right now; nothing was done. Retry in ${BUSY_RETRY_AFTER_SECONDS} second.`, {
        extra: { retryAfter: BUSY_RETRY_AFTER_SECONDS },
      });
    }
    this.requests += 1;
    if (mint) this.mints += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.requests -= 1;
      if (mint) this.mints -= 1;
    };
  }

  get inFlight(): { requests: number; mints: number } {
    return { requests: this.requests, mints: this.mints };
  }
}

const gates = new WeakMap<object, AdmissionGate>();

/** The gate of this runtime (one per instance). */
export function admissionGateOf(runtime: { config: Pick<Config, "admission"> }): AdmissionGate {
  let gate = gates.get(runtime);
  if (!gate) gates.set(runtime, (gate = new AdmissionGate(runtime.config.admission)));
  return gate;
}

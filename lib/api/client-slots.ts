// No client holds more than a few places at once (threat model 4b). The admission gate
// (admission.ts) bounds the instance; without a bound per client, one address could take
// all of it with requests it never finishes. Each client network (an IPv4 address, an
// IPv6 /64: lib/domain/client-network.ts) has MAX_REQUESTS_IN_PROGRESS_PER_CLIENT requests
// in progress at most, counted from before its body is read until it is answered; one more
// is answered 429 RATE_LIMITED at once, before anything else is done.
import { DEFAULT_MAX_REQUESTS_PER_CLIENT, type Config } from "@/lib/config";
import { AppError } from "@/lib/errors";

/** Requests one client network may have in progress on one instance at once (MAX_REQUESTS_PER_CLIENT). */
export const MAX_REQUESTS_IN_PROGRESS_PER_CLIENT = DEFAULT_MAX_REQUESTS_PER_CLIENT;

export class ClientSlots {
  private readonly inProgress = new Map<string, number>();

  constructor(private readonly limit = MAX_REQUESTS_IN_PROGRESS_PER_CLIENT) {}

  /** Takes a place for `client` or throws RATE_LIMITED; call the returned function when the request is answered. */
  take(client: string): () => void {
    const count = this.inProgress.get(client) ?? 0;
    if (count >= this.limit) {
      throw new AppError(
        "RATE_LIMITED",
        `Too many requests in progress from this client (at most ${this.limit} at once). Retry in 1 second.`,
        { extra: { retryAfter: 1 } },
      );
    }
    this.inProgress.set(client, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inProgress.get(client) ?? 1) - 1;
      if (left > 0) this.inProgress.set(client, left);
      else this.inProgress.delete(client); // only clients with requests in progress take memory
    };
  }
}

// On globalThis, like the admission gates (admission.ts): one count per runtime for the app's
// routes and the hosted pages that scripts/serve.ts admits outside the app's bundle.
const slotsSlot = globalThis as { __dropmintClientSlots?: WeakMap<object, ClientSlots> };
const slots = (slotsSlot.__dropmintClientSlots ??= new WeakMap<object, ClientSlots>());

/** The per-client places of this runtime (one per instance). */
export function clientSlotsOf(runtime: { config: Pick<Config, "admission"> }): ClientSlots {
  let found = slots.get(runtime);
  if (!found) slots.set(runtime, (found = new ClientSlots(runtime.config.admission.perClient)));
  return found;
}

// The payout worker: pays bounty prizes in the background, fed by the pending award rows a
// landed mint writes (in its own transaction, so none is lost to a crash). It runs at start,
// every few seconds, and at once when an execute records a prize (wakePayoutWorkers), one
// run at a time per process; several instances may run it together, since each payout is
// written ahead and sent at most once (bounty-payouts.ts). An award that stays pending is
// retried with back-off; the mint reconciler settles a free-mint prize's own session.
import { createLogger, runJob } from "@/lib/log";
import type { ServiceContext } from "./context";
import { settlePendingAwards } from "./bounty-payouts";

const log = createLogger("bounty");

export const PAYOUT_WORKER_INTERVAL_MS = 5_000;

const wakers = new Set<() => void>();

/** Asks this process's payout workers to run now (an execute that recorded a prize calls it). */
export function wakePayoutWorkers(): void {
  for (const wake of wakers) wake();
}

/** Starts the worker (unref'd timer); the returned function stops it and waits for a run in progress. */
export function startPayoutWorker(ctx: ServiceContext, intervalMs = PAYOUT_WORKER_INTERVAL_MS): () => Promise<void> {
  let current: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (current) {
      again = true; // woken mid-run: run once more after, for the rows written meanwhile
      return;
    }
    // One line per run (lib/log.ts runJob): at info level when it paid anything.
    current = runJob(log, "bounty-payouts", async () => {
      const { paid, pending } = await settlePendingAwards(ctx);
      return { paid, pending, quiet: paid === 0 };
    })
      .then(
        () => undefined,
        () => undefined, // logged by runJob
      )
      .finally(() => {
        current = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  wakers.add(run);
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    wakers.delete(run);
    again = false;
    await current;
  };
}

// A drain that loses nothing (SIGTERM, scripts/serve.ts): the instance stops admitting new
// prepares at once (503 SERVER_BUSY, which callers retry, reaching another instance), keeps
// answering reads and executes, waits until no prepare or execute is in progress, and only
// then closes its parts: the reconciler and the bounty payout worker each finish the run in
// progress, the embedded chain writes its state, the database closes. Log lines are written
// synchronously, so nothing is left to flush.
import { createLogger } from "@/lib/log";
import type { Runtime } from "@/lib/server/runtime";
import { admissionGateOf } from "./admission";

const log = createLogger("runtime");

export type DrainReport = {
  /** False when mints were still in progress at the deadline (the parts were closed anyway). */
  drained: boolean;
  ms: number;
};

export async function drainAndClose(runtime: Runtime, options: { timeoutMs: number }): Promise<DrainReport> {
  const started = performance.now();
  const gate = admissionGateOf(runtime);
  log.info("draining: no new prepares; finishing the mints in progress", gate.occupancy());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), options.timeoutMs);
  });
  const drained = await Promise.race([gate.drain().then(() => true as const), deadline]);
  clearTimeout(timer);
  if (!drained)
    log.warn(
      `mints still in progress after ${options.timeoutMs} ms (${JSON.stringify(gate.occupancy())}); closing anyway`,
    );
  await runtime.close();
  const ms = Math.round(performance.now() - started);
  log.info("drained and closed", { drained, ms });
  return { drained, ms };
}

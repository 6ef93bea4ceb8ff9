// After a phase's countdown ends, the collection is re-read until the server reports the
// phase's new status. The server flips the status at the exact instant, and the countdown
// runs on the browser's monotonic clock, so the first re-read can land a moment early: then
// wait and read again, a bounded number of times.
import type { Phase } from "@/lib/client/types";

export const STATUS_REREAD = { attempts: 10, gapMs: 1_000 } as const;

type Read = () => Promise<{ phases: { all: Array<Pick<Phase, "id" | "status">> } } | undefined>;

export type RereadOptions = {
  attempts?: number;
  gapMs?: number;
  /** False once the page has gone: stop reading. */
  isAlive?: () => boolean;
  sleep?: (ms: number) => Promise<void>;
};

/** Re-reads until the phase's status differs from `from` (or the phase is gone); returns the number of reads. */
export async function rereadUntilStatusMoves(
  read: Read,
  phaseId: string,
  from: Phase["status"],
  options: RereadOptions = {},
): Promise<number> {
  const { attempts = STATUS_REREAD.attempts, gapMs = STATUS_REREAD.gapMs, isAlive = () => true } = options;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let reads = 0;
  while (reads < attempts && isAlive()) {
    if (reads > 0) await sleep(gapMs);
    reads += 1;
    const collection = await read();
    const phase = collection?.phases.all.find((candidate) => candidate.id === phaseId);
    if (collection && (!phase || phase.status !== from)) break;
  }
  return reads;
}

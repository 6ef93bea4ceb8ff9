// Who is launching a studio upload: a lease file in the upload's own folder, so it holds across
// every instance that shares the staging folder (README "Several instances"), where an
// in-process set would let two instances launch one upload at once (and the loser's cleanup
// take back media the winner's drop uses). Leases are numbered: `launch.<n>.lease`, created
// with O_EXCL, so of two takers of the same number exactly one wins. The holder touches its
// lease while it works; a lease untouched for LEASE_STALE_MS was left by a process that died,
// and the next taker takes number n+1 over it (again one winner), so a crash mid-launch
// blocks the upload for minutes, not for ever.
import { open, readdir, rm, stat, utimes } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";

/** A live holder touches its lease every HEARTBEAT_MS; one untouched for LEASE_STALE_MS is a dead holder's. */
export const LEASE_HEARTBEAT_MS = 15_000;
export const LEASE_STALE_MS = 5 * 60_000;

const LEASE = /^launch\.(\d+)\.lease$/;

export type UploadLease = { release(): Promise<void> };

/** The lease on the upload in `folder`, or null while another process holds it (or the upload is gone). */
export async function takeUploadLease(folder: string): Promise<UploadLease | null> {
  const now = Date.now();
  const names = await readdir(folder).catch(() => null);
  if (!names) return null;
  const numbers = names
    .map((name) => LEASE.exec(name)?.[1])
    .filter((n) => n !== undefined)
    .map(Number);
  const top = numbers.length === 0 ? 0 : Math.max(...numbers);
  if (top > 0) {
    const held = await stat(leasePath(folder, top)).catch(() => null);
    if (held && now - held.mtimeMs < LEASE_STALE_MS) return null;
  }
  const mine = leasePath(folder, top + 1);
  const handle = await open(mine, "wx", 0o600).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST" || code === "ENOENT") return null; // another taker won, or the upload is gone
    throw error;
  });
  if (!handle) return null;
  try {
    await handle.writeFile(JSON.stringify({ host: hostname(), pid: process.pid, at: new Date(now).toISOString() }));
  } finally {
    await handle.close();
  }
  for (const n of numbers) await rm(leasePath(folder, n), { force: true });
  const heartbeat = setInterval(() => {
    const at = new Date();
    void utimes(mine, at, at).catch(() => undefined);
  }, LEASE_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    async release() {
      clearInterval(heartbeat);
      await rm(mine, { force: true });
    },
  };
}

const leasePath = (folder: string, n: number) => path.join(folder, `launch.${n}.lease`);

// One process per folder: a lock file created exclusively, holding the owner's pid and a
// random token. A lock left behind by a dead process is taken over; a live holder makes
// `acquireDirLock` throw `DirectoryLockedError` naming its pid. Used by the embedded chain
// (`<chain dir>/chain.lock`) and the embedded database (`<DATA_DIR>/pglite.lock`).
//
// Known limit: two processes taking over the same stale lock at the same instant can
// race. Starting two processes on one embedded folder is a setup mistake the lock is
// there to report, not a supported mode.
import { randomUUID } from "node:crypto";
import { readFileSync, unlinkSync } from "node:fs";
import { createFileExclusiveSync } from "./atomic-file";

export type DirLock = { readonly path: string; release(): void };

type LockContent = { pid: number; token: string };

/** The lock file is held by a live process (possibly this one, through an earlier acquire). */
export class DirectoryLockedError extends Error {
  override name = "DirectoryLockedError";
  constructor(
    readonly lockPath: string,
    readonly holderPid: number,
    /** True when this very process already holds the lock (a second open in the same process). */
    readonly heldByThisProcess: boolean,
    message = `${lockPath} is held by ${heldByThisProcess ? "this process" : `process ${holderPid}`}.`,
  ) {
    super(message);
  }
}

// Tokens of the locks this process holds, to tell our live lock from a stale one that
// reuses our pid (a container restarts with the same pid). Kept on globalThis so that a
// bundler loading this module twice in one process still shares one set.
const HELD_KEY = Symbol.for("dropmint.dirLock.heldTokens");
const globalForLocks = globalThis as unknown as { [HELD_KEY]?: Set<string> };
const heldTokens: Set<string> = (globalForLocks[HELD_KEY] ??= new Set<string>());

/** Takes the lock file at `lockPath` (its folder must exist). Throws DirectoryLockedError if a live process holds it. */
export function acquireDirLock(lockPath: string): DirLock {
  const mine: LockContent = { pid: process.pid, token: randomUUID() };
  const content = new TextEncoder().encode(JSON.stringify(mine));

  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (createFileExclusiveSync(lockPath, content, 0o644)) {
      heldTokens.add(mine.token);
      return { path: lockPath, release: () => releaseLock(lockPath, mine.token) };
    }
    const holder = readLock(lockPath);
    if (holder && isHolderAlive(holder)) {
      throw new DirectoryLockedError(lockPath, holder.pid, holder.pid === process.pid);
    }
    // Stale (its process is gone) or unreadable: take it over.
    removeIfPresent(lockPath);
  }
  // Someone else recreated it between our unlink and our create, twice.
  const holder = readLock(lockPath);
  throw new DirectoryLockedError(
    lockPath,
    holder?.pid ?? 0,
    holder?.pid === process.pid,
    `Could not take ${lockPath}: another process keeps taking it.`,
  );
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to another user). */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function releaseLock(lockPath: string, token: string): void {
  heldTokens.delete(token);
  // Only remove the file if it is still ours.
  if (readLock(lockPath)?.token === token) removeIfPresent(lockPath);
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

function readLock(lockPath: string): LockContent | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(lockPath, "utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      Number.isInteger((parsed as LockContent).pid) &&
      typeof (parsed as LockContent).token === "string"
    ) {
      return parsed as LockContent;
    }
    return null;
  } catch {
    return null;
  }
}

function isHolderAlive(holder: LockContent): boolean {
  // Our pid: alive only if this very process took it.
  if (holder.pid === process.pid) return heldTokens.has(holder.token);
  return isProcessAlive(holder.pid);
}

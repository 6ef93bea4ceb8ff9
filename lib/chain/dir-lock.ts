// One process per chain folder: two litesvm instances writing the same log and snapshot would
// silently lose each other's transactions. The generic lock (lib/fs/dir-lock.ts) holds
// the owner's pid in `<dir>/chain.lock`; a lock left by a dead process is taken over. Here
// its DirectoryLockedError becomes the chain layer's ChainLockedError (the original is
// kept as `cause`, with the holder's pid).
import path from "node:path";
import { acquireDirLock as acquireLockFile, DirectoryLockedError, type DirLock } from "@/lib/fs/dir-lock";
import { ChainLockedError } from "./errors";

export type { DirLock };

export const CHAIN_LOCK_FILE = "chain.lock";

export function acquireDirLock(folder: string): DirLock {
  const lockPath = path.join(folder, CHAIN_LOCK_FILE);
  try {
    return acquireLockFile(lockPath);
  } catch (error) {
    if (!(error instanceof DirectoryLockedError)) throw error;
    if (error.holderPid === 0) {
      throw new ChainLockedError(`Could not lock the chain folder ${folder}: another process keeps taking it.`, {
        cause: error,
      });
    }
    const who = error.heldByThisProcess ? "this process (already open)" : `process ${error.holderPid}`;
    throw new ChainLockedError(
      `The chain folder ${folder} is in use by ${who}. Only one process may open it; ` +
        `stop the other one, or delete ${lockPath} if that process is not a Dropmint server.`,
      { cause: error },
    );
  }
}

// Where a backup is written before it appears under its name, and what is left of one that
// never finished. A backup is written into `<folder>.partial-<pid>-<random>` beside its
// target and renamed when complete (create-backup.ts). A crash or `kill -9` mid-copy leaves
// that folder behind: the next backup into the same parent removes every such leftover
// whose writing process is gone, and never one a live backup is still writing.
import { randomBytes } from "node:crypto";
import { readdir, rm } from "node:fs/promises";
import path from "node:path";

const PARTIAL = /^(?<name>.+)\.partial-(?<pid>\d+)-[0-9a-f]{8}$/;

/** A fresh partial folder's path for a backup into `folder`, carrying this process's id. */
export function partialFolderFor(folder: string): string {
  return `${folder}.partial-${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** Removes the partial folders beside `folder` left by backups whose process has exited; returns their names. */
export async function removeAbandonedPartials(folder: string): Promise<string[]> {
  const parent = path.dirname(folder);
  const names = await readdir(parent).catch(() => [] as string[]);
  const abandoned = names.filter((name) => {
    const match = PARTIAL.exec(name);
    return match !== null && !processIsAlive(Number(match.groups!.pid));
  });
  for (const name of abandoned) await rm(path.join(parent, name), { recursive: true, force: true });
  return abandoned;
}

/** Signal 0 checks that a process exists without touching it; EPERM means it exists as another user. */
function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

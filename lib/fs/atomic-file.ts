// Crash-safe file writes: a reader (or the next start after a crash) sees the old
// content or the new content, never a torn mix.
import { randomBytes } from "node:crypto";
import { open, rename, unlink } from "node:fs/promises";
import { closeSync, fsyncSync, linkSync, openSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/** Writes to a temp file in the same folder, fsyncs it, renames it over `target`, fsyncs the folder. */
export async function writeFileAtomic(
  target: string,
  chunks: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
): Promise<void> {
  const temp = tempPathFor(target);
  const handle = await open(temp, "wx", 0o600);
  try {
    for await (const chunk of chunks) {
      let written = 0;
      while (written < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, written, chunk.length - written);
        written += bytesWritten;
      }
    }
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, target);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await fsyncFolder(path.dirname(target));
}

/**
 * Creates `target` with `content` only if it does not exist yet (hard link of a fully
 * written temp file, which fails with EEXIST instead of overwriting). Returns false when
 * the file already existed.
 */
export function createFileExclusiveSync(target: string, content: Uint8Array, mode: number): boolean {
  const temp = tempPathFor(target);
  const fd = openSync(temp, "wx", mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    unlinkSync(temp);
  }
}

function tempPathFor(target: string): string {
  return `${target}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
}

/** Makes a rename, a new file or a deletion in `folder` durable. */
export async function fsyncFolder(folder: string): Promise<void> {
  // Makes the rename itself durable. Some platforms cannot open folders; the data file
  // was already synced, so that is the best they offer.
  const handle = await open(folder, "r").catch(() => null);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // EINVAL/EISDIR on platforms without folder fsync.
  } finally {
    await handle.close();
  }
}

// Reads a file of a creator's folder without ever leaving it. A creator's folder is data, never
// a key to the server: a symlink anywhere on the way (the file itself, or a folder above it)
// is refused rather than followed, so an allowlist linked to the site's .env or an image
// linked to a file elsewhere on the machine is never read, let alone printed or published.
import { constants } from "node:fs";
import { lstat, open, type FileHandle } from "node:fs/promises";
import path from "node:path";

export type FolderRead =
  | { ok: true; bytes: Buffer }
  | {
      ok: false;
      reason: "missing" | "symlink" | "outside" | "not-a-file" | "too-large" | "unreadable";
      detail?: string;
    };

/** The sentence a problem says for a refused read ("is a symbolic link: …"). */
export function readRefusal(read: Exclude<FolderRead, { ok: true }>): string {
  switch (read.reason) {
    case "missing":
      return "is missing";
    case "symlink":
      return "is a symbolic link, or lies in a linked folder: Dropmint reads only real files inside the folder (copy the file in instead of linking it)";
    case "outside":
      return "must name a file inside the folder";
    case "not-a-file":
      return "is not a file";
    case "too-large":
      return `is too large (${read.detail})`;
    case "unreadable":
      return `cannot be read (${read.detail})`;
  }
}

export type FolderOpen = { ok: true; handle: FileHandle; size: number } | Exclude<FolderRead, { ok: true }>;

/**
 * `relative` inside `root` ("assets/3.mp4"), opened for reading, refused when it or a folder on
 * the way is a symlink. The caller closes the handle (a large file is streamed, never read whole).
 */
export async function openInsideFolder(root: string, relative: string, maxBytes = Infinity): Promise<FolderOpen> {
  if (path.isAbsolute(relative) || relative.split(/[\\/]/).includes("..")) return { ok: false, reason: "outside" };
  const parts = relative.split(/[\\/]/).filter((p) => p && p !== ".");
  let at = root;
  for (const part of parts.slice(0, -1)) {
    at = path.join(at, part);
    const info = await lstat(at).catch(() => null);
    if (!info) return { ok: false, reason: "missing" };
    if (info.isSymbolicLink()) return { ok: false, reason: "symlink" };
  }
  // O_NOFOLLOW: the last component is refused even if it became a link after the check above.
  const handle = await open(path.join(root, ...parts), constants.O_RDONLY | constants.O_NOFOLLOW).catch(
    (error: NodeJS.ErrnoException) => error,
  );
  if (handle instanceof Error) {
    if (handle.code === "ENOENT") return { ok: false, reason: "missing" };
    if (handle.code === "ELOOP") return { ok: false, reason: "symlink" };
    return { ok: false, reason: "unreadable", detail: handle.code ?? "error" };
  }
  try {
    const info = await handle.stat();
    const refusal: FolderOpen | null = !info.isFile()
      ? { ok: false, reason: "not-a-file" }
      : info.size > maxBytes
        ? { ok: false, reason: "too-large", detail: `${Math.ceil(info.size / 1024)} KB` }
        : null;
    if (!refusal) return { ok: true, handle, size: info.size };
    await handle.close();
    return refusal;
  } catch (error) {
    await handle.close();
    return { ok: false, reason: "unreadable", detail: (error as NodeJS.ErrnoException).code ?? "error" };
  }
}

/** `relative` inside `root`, read whole (small files: JSON, images), with openInsideFolder's refusals. */
export async function readInsideFolder(root: string, relative: string, maxBytes = Infinity): Promise<FolderRead> {
  const opened = await openInsideFolder(root, relative, maxBytes);
  if (!opened.ok) return opened;
  try {
    return { ok: true, bytes: await opened.handle.readFile() };
  } catch (error) {
    return { ok: false, reason: "unreadable", detail: (error as NodeJS.ErrnoException).code ?? "error" };
  } finally {
    await opened.handle.close();
  }
}

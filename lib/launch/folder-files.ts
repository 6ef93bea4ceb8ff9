// Reads a file of a creator's folder without ever leaving it. A creator's folder is data, never
// a key to the server: a symlink anywhere on the way (the file itself, or a folder above it)
// is refused rather than followed, so an allowlist linked to the site's .env or an image
// linked to a file elsewhere on the machine is never read, let alone printed or published.
import { constants } from "node:fs";
import { lstat, open } from "node:fs/promises";
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

/** `relative` inside `root` ("assets/3.png"), refused when it or a folder on the way is a symlink. */
export async function readInsideFolder(root: string, relative: string, maxBytes = Infinity): Promise<FolderRead> {
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
    if (!info.isFile()) return { ok: false, reason: "not-a-file" };
    if (info.size > maxBytes) return { ok: false, reason: "too-large", detail: `${Math.ceil(info.size / 1024)} KB` };
    return { ok: true, bytes: await handle.readFile() };
  } catch (error) {
    return { ok: false, reason: "unreadable", detail: (error as NodeJS.ErrnoException).code ?? "error" };
  } finally {
    await handle.close();
  }
}

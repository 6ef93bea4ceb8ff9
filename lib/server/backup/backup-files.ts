// The files of a backup folder: what DATA_DIR contributes besides the database and the
// chain, written and copied with their checksums, and checked again before a restore.
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { chmod, copyFile, mkdir, open, readFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { LOCAL_KEYS_FOLDER } from "@/lib/chain";
import { localMediaDir } from "@/lib/media/media-store";
import type { BackupFile } from "@/lib/schemas/backup";

export const MANIFEST_FILE = "manifest.json";
export const DATABASE_FILE = "database.tar.gz";

/** DATA_DIR's folders a backup copies as they are: the localnet keys and the local media store. */
export function copiedFolders(dataDir: string): Array<{ from: string; name: string }> {
  const media = localMediaDir(dataDir);
  return [
    { from: path.join(dataDir, LOCAL_KEYS_FOLDER), name: LOCAL_KEYS_FOLDER },
    { from: media, name: path.basename(media) },
  ];
}

/** What else DATA_DIR holds, and why a backup does not copy it as a file. */
export const NOT_COPIED: Readonly<Record<string, string>> = {
  pglite: `the embedded database: copied consistently through PGlite (${DATABASE_FILE})`,
  chain: "the embedded chain: copied as one snapshot (chain.state)",
  "pglite.lock": "held by the process that has the database open",
  "instance.json": "the running site's address and admin token",
  launches: "plans `npm run drop` stages for a moment",
  localnet: "the chain of `npm run localnet`, a process of its own: stop it and copy its folder",
};

/** Writes one file of the backup (0600, synced) and describes it. */
export async function writeBackupFile(root: string, relative: string, chunks: Uint8Array[]): Promise<BackupFile> {
  const target = backupPath(root, relative);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const hash = createHash("sha256");
  let bytes = 0;
  const handle = await open(target, "wx", 0o600);
  try {
    for (const chunk of chunks) {
      await handle.write(chunk);
      hash.update(chunk);
      bytes += chunk.length;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { path: relative, bytes, sha256: hash.digest("hex") };
}

/**
 * Copies every file under `from` into `<root>/<name>`; a missing folder copies nothing.
 * Half-written temp files (the stores write "*.tmp" and rename) are left out.
 */
export async function copyFolder(from: string, root: string, name: string): Promise<BackupFile[]> {
  const entries = await readdir(from, { withFileTypes: true, recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    },
  );
  const copied: BackupFile[] = [];
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
    const source = path.join(entry.parentPath, entry.name);
    const relative = [name, ...path.relative(from, source).split(path.sep)].join("/");
    copied.push(await copyBackupFile(source, root, relative));
  }
  return copied.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Copies one file into `<root>/<relative>` (0600), streamed: media files can be large. */
export async function copyBackupFile(source: string, root: string, relative: string): Promise<BackupFile> {
  const target = backupPath(root, relative);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await copyFile(source, target, constants.COPYFILE_EXCL);
  await chmod(target, 0o600);
  const [{ size }, sha256] = await Promise.all([stat(target), sha256Of(target)]);
  return { path: relative, bytes: size, sha256 };
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

/** Throws naming the first file that is missing or differs from the manifest. */
export async function verifyFiles(root: string, files: readonly BackupFile[]): Promise<void> {
  for (const file of files) {
    if (file.path.split("/").some((part) => part === ".." || part === "") || path.isAbsolute(file.path))
      throw new Error(`The manifest names a file outside the backup: ${file.path}.`);
    const target = backupPath(root, file.path);
    const size = await stat(target).then(
      (found) => found.size,
      () => null,
    );
    if (size === null) throw new Error(`The backup is incomplete: ${file.path} is missing.`);
    if (size !== file.bytes || (await sha256Of(target)) !== file.sha256)
      throw new Error(`The backup is damaged: ${file.path} is not the file it was (its size or checksum differs).`);
  }
}

/** Where a file the manifest lists is in the backup folder. */
export function backupPath(root: string, relative: string): string {
  return path.join(root, ...relative.split("/"));
}

/** Reads a backup file the manifest lists (after verifyFiles). */
export function readBackupFile(root: string, relative: string): Promise<Buffer> {
  return readFile(backupPath(root, relative));
}

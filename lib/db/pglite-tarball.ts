// Writes a cluster from PGlite's tarball (`dumpDataDir("none")`: plain ustar, entries named
// `/PG_VERSION`, `/base/1/…`) into a folder on disk, before PGlite opens it.
//
// PGlite's own `loadDataDir` copies the tarball twice more in memory (about 40 MB each for a
// new cluster) while its instance is alive; written from here, the folder is an ordinary
// existing database that PGlite resumes. PG_VERSION, the file PGlite and lib/db/pglite-start.ts
// take for "a database is here", is written last, so an interrupted write is made again.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const BLOCK = 512;
const DIRECTORY = "5";
const MARKER = "PG_VERSION";

type Entry = { name: string; mode: number; isDirectory: boolean; data: Uint8Array };

export function writeClusterTarball(tarball: Uint8Array, folder: string): void {
  let marker: Entry | undefined;
  for (const entry of tarEntries(tarball)) {
    if (entry.name === "") continue; // the folder itself
    const target = insideFolder(folder, entry.name);
    if (entry.name === MARKER) marker = entry;
    else if (entry.isDirectory) mkdirSync(target, { recursive: true, mode: entry.mode });
    else {
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, entry.data, { mode: entry.mode });
    }
  }
  if (!marker) throw new Error(`the PGlite cluster tarball has no ${MARKER}`);
  writeFileSync(path.join(folder, MARKER), marker.data, { mode: marker.mode });
}

function* tarEntries(tarball: Uint8Array): Generator<Entry> {
  for (let offset = 0; offset + BLOCK <= tarball.length;) {
    const header = tarball.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return; // the end-of-archive blocks
    if (text(header, 257, 5) !== "ustar") throw new Error(`not a ustar header at byte ${offset}`);
    const size = octal(header, 124, 12);
    const prefix = text(header, 345, 155);
    const name = path.posix.join(prefix, text(header, 0, 100)).replace(/^\/+/, "");
    const data = tarball.subarray(offset + BLOCK, offset + BLOCK + size);
    if (data.length !== size) throw new Error(`the PGlite cluster tarball ends inside ${name}`);
    const isDirectory = text(header, 156, 1) === DIRECTORY;
    yield { name, mode: octal(header, 100, 8) & 0o777, isDirectory, data };
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error("the PGlite cluster tarball has no end-of-archive blocks");
}

/** Refuses an entry that would land outside the folder (`..`). */
function insideFolder(folder: string, name: string): string {
  const target = path.resolve(folder, name);
  const inside = target.startsWith(path.resolve(folder) + path.sep);
  if (!inside) throw new Error(`tarball entry outside the folder: ${name}`);
  return target;
}

function text(block: Uint8Array, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString("utf8");
}

function octal(block: Uint8Array, start: number, length: number): number {
  return parseInt(text(block, start, length).trim() || "0", 8);
}

// A new PGlite cluster, made once per install instead of once per DATA_DIR.
//
// initdb is the costly part of a new embedded database: PGlite runs it with three
// WebAssembly instances alive at once (lib/db/pglite-start.ts). Every new cluster of one
// PGlite build is the same, so the first one made is kept as PGlite's tarball (gzipped:
// about 4.5 MB for 40 MB) in node_modules/.cache/dropmint, written by `npm install`'s
// postinstall (scripts/pglite-cluster-cache.ts) or by the first command that needs it, and
// every later DATA_DIR is written from it (lib/db/pglite-tarball.ts) and opened by one instance.
//
// The file is named by what the cluster depends on (PGlite's version and the sizes of its
// WebAssembly binaries and file-system bundle), so an upgraded PGlite never loads a cluster
// its predecessor made: it makes and keeps its own, and the stale files are removed. A file
// that does not unzip (gzip's CRC or length) is ignored, as if there were none.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdir, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { writeFileAtomic } from "@/lib/fs/atomic-file";
import { createLogger } from "@/lib/log";

const log = createLogger("db");
const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);

/** Bumped when the way the cluster is made changes (its initdb parameters, the file's format). */
const FORMAT = 1;
const PREFIX = "pglite-cluster-";

/** Where a cluster of one PGlite build is kept: `dir/name`. */
export type ClusterCache = { dir: string; name: string };

/**
 * The cache of the PGlite installed under `root` (the repository: the app, its scripts and
 * tests all run from there, and the Next.js bundle has no other way to find node_modules);
 * none when that PGlite cannot be read, and then every new DATA_DIR runs initdb as before.
 */
export function defaultClusterCache(root = process.cwd()): ClusterCache | null {
  const modules = path.join(root, "node_modules");
  try {
    return {
      dir: path.join(modules, ".cache", "dropmint"),
      name: clusterFileName(path.join(modules, "@electric-sql", "pglite")),
    };
  } catch {
    return null;
  }
}

/** `pglite-cluster-<version>-<hash of the build>.tar.gz`, for the PGlite package in `pgliteDir`. */
export function clusterFileName(pgliteDir: string): string {
  const manifest = readFileSync(path.join(pgliteDir, "package.json"), "utf8");
  const { version } = JSON.parse(manifest) as { version: string };
  const build = ["pglite.wasm", "pglite.data", "initdb.wasm"].map(
    (file) => statSync(path.join(pgliteDir, "dist", file)).size,
  );
  const hash = createHash("sha256").update(JSON.stringify({ FORMAT, version, build })).digest("hex");
  return `${PREFIX}${version}-${hash.slice(0, 12)}.tar.gz`;
}

/** The kept cluster as PGlite's tarball, or undefined when missing or corrupt. */
export async function readCachedCluster(cache: ClusterCache): Promise<Uint8Array | undefined> {
  let zipped: Buffer;
  try {
    zipped = await readFile(path.join(cache.dir, cache.name));
  } catch {
    return undefined;
  }
  try {
    return await gunzipAsync(zipped);
  } catch (error) {
    log.warn(`ignoring the corrupt PGlite cluster cache ${cache.name}`, error);
    return undefined;
  }
}

/**
 * Keeps `tarball` for the next new DATA_DIR (written whole or not at all) and removes the
 * clusters of other PGlite builds. Best effort: a read-only node_modules only costs time.
 */
export async function storeCluster(cache: ClusterCache, tarball: Uint8Array): Promise<void> {
  try {
    await mkdir(cache.dir, { recursive: true });
    const zipped = await gzipAsync(tarball);
    await writeFileAtomic(path.join(cache.dir, cache.name), [zipped]);
    await removeStaleClusters(cache);
  } catch (error) {
    log.warn(`could not keep the new PGlite cluster in ${cache.dir}`, error);
  }
}

async function removeStaleClusters(cache: ClusterCache): Promise<void> {
  const stale = readdirSync(cache.dir).filter(
    (file) => file.startsWith(PREFIX) && file.endsWith(".tar.gz") && file !== cache.name,
  );
  await Promise.all(stale.map((file) => unlink(path.join(cache.dir, file)).catch(() => undefined)));
}

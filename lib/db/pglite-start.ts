// How this process's PGlite starts: the size of its buffer pool and, for a folder with no
// database yet, where its new cluster comes from.
//
// PGlite makes a cluster with three WebAssembly instances alive at once (the instance being
// opened, a helper that runs initdb in memory, and initdb itself), above the 512 MB a
// creator's command may use. So a folder with no database is written from the cluster kept
// once per install (lib/db/pglite-cluster-cache.ts, lib/db/pglite-tarball.ts) and PGlite
// opens it like any existing database, one instance and no initdb. Measured on a fresh
// DATA_DIR, every process of the command at its peak: `npm run db:migrate` 680-710 → 290 MB,
// a first `npm run drop -- create` (the example folder) 740-760 → 390 MB. Only when none is kept
// (no postinstall, a read-only node_modules, a corrupt file) is a cluster made as before, in
// memory with a 16 MB buffer pool (about 690 MB for db:migrate), then kept for the next folder.
//
// The buffer pool: a one-shot command (`npm run drop`, `npm run db:migrate`) writes once and
// exits, 16 MB; the site 64 MB (issue 27: PostgreSQL's 128 MB made PGlite's WebAssembly
// memory 189 MB after the mint bench, 64 MB makes it 128 MB; a page not in the pool is read
// from the operating system's cache). It is a start parameter, so one kept cluster serves both.
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";
import { defaultClusterCache, readCachedCluster, storeCluster } from "./pglite-cluster-cache";
import type { ClusterCache } from "./pglite-cluster-cache";
import { writeClusterTarball } from "./pglite-tarball";

const SMALL_BUFFER_POOL = "16MB";
/** Half PostgreSQL's default (a kept cluster has 16 MB in its postgresql.conf). */
const SITE_BUFFER_POOL = "64MB";

export async function createPglite(
  folder: string,
  smallBufferPool: boolean,
  cache: ClusterCache | null = defaultClusterCache(),
): Promise<PGlite> {
  const bufferPool = smallBufferPool ? SMALL_BUFFER_POOL : SITE_BUFFER_POOL;
  const startParams = [...PGlite.defaultStartParams, "-c", `shared_buffers=${bufferPool}`];
  const options = { dataDir: folder, extensions: PGLITE_EXTENSIONS, startParams };
  const open = (loadDataDir?: Blob) => PGlite.create(loadDataDir ? { ...options, loadDataDir } : options);
  if (existsSync(path.join(folder, "PG_VERSION"))) return open();
  const kept = cache ? await readCachedCluster(cache) : undefined;
  if (!kept) return openMadeCluster(open, cache);
  writeClusterTarball(kept, folder);
  return open();
}

/**
 * None kept: a cluster made and loaded as before (PGlite's own loadDataDir holds less here
 * than writing it from this process while the closed initdb instances await the collector),
 * then kept for the next folder.
 */
async function openMadeCluster(open: (loadDataDir: Blob) => Promise<PGlite>, cache: ClusterCache | null) {
  const made = await clusterMadeInMemory();
  const pglite = await open(made);
  if (cache) await storeCluster(cache, new Uint8Array(await made.arrayBuffer()));
  return pglite;
}

/** The kept cluster as PGlite's tarball, made and kept first when there is none (the postinstall). */
export async function keptCluster(cache: ClusterCache): Promise<Uint8Array> {
  const kept = await readCachedCluster(cache);
  if (kept) return kept;
  const made = new Uint8Array(await (await clusterMadeInMemory()).arrayBuffer());
  await storeCluster(cache, made);
  return made;
}

/** initdb in memory; its instances are closed before the caller opens the folder. */
async function clusterMadeInMemory(): Promise<Blob> {
  const smallPool = ["-c", `shared_buffers=${SMALL_BUFFER_POOL}`];
  const memory = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...smallPool],
    initDbStartParams: smallPool,
  });
  try {
    return await memory.dumpDataDir("none");
  } finally {
    await memory.close();
  }
}

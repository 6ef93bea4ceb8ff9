// How this process's PGlite starts: the size of its buffer pool and, for a folder with no
// database yet, where the new cluster is made.
//
// PGlite makes a cluster for a folder on disk with three WebAssembly instances alive at once
// (the instance being opened, a helper that runs initdb in memory, and initdb itself), the
// helper's bootstrap with PostgreSQL's 128 MB buffer pool, then copies the helper's files over
// through a tarball while all three are alive. A one-shot command (`npm run drop`, `npm run
// db:migrate`) makes the cluster in memory instead, with a 16 MB buffer pool, keeps only the
// tarball, closes that instance and loads the tarball into the folder: measured for `npm run
// db:migrate` on a fresh DATA_DIR, 755 → about 650 MB at the peak. The rest is PGlite's three
// instances; it happens once per DATA_DIR, normally at the site's first start.
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";

const SMALL_BUFFER_POOL = "16MB";
/** PostgreSQL's default, named: a cluster made by a command has 16 MB in its postgresql.conf. */
const SITE_BUFFER_POOL = "128MB";

export async function createPglite(folder: string, smallBufferPool: boolean): Promise<PGlite> {
  const startParams = [
    ...PGlite.defaultStartParams,
    "-c",
    `shared_buffers=${smallBufferPool ? SMALL_BUFFER_POOL : SITE_BUFFER_POOL}`,
  ];
  const fresh = smallBufferPool && !existsSync(path.join(folder, "PG_VERSION"));
  const loadDataDir = fresh ? await clusterMadeInMemory(startParams) : undefined;
  return PGlite.create({
    dataDir: folder,
    extensions: PGLITE_EXTENSIONS,
    startParams,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/** A new cluster as PGlite's tarball; its instance is closed before the caller opens the folder. */
async function clusterMadeInMemory(startParams: string[]): Promise<Blob> {
  const memory = await PGlite.create({
    startParams,
    initDbStartParams: ["-c", `shared_buffers=${SMALL_BUFFER_POOL}`],
  });
  try {
    return await memory.dumpDataDir("none");
  } finally {
    await memory.close();
  }
}

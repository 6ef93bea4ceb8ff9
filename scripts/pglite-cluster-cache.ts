// Run by `npm install` (the postinstall): makes the new PGlite cluster every fresh DATA_DIR
// is written from (lib/db/pglite-cluster-cache.ts) once now, so that no creator's command
// pays initdb's memory later. Nothing to do when it is already kept. Never fails the
// install (package.json also ignores its exit code): without it, the first new DATA_DIR
// makes and keeps the cluster itself.
import { defaultClusterCache, readCachedCluster } from "../lib/db/pglite-cluster-cache";
import { keptCluster } from "../lib/db/pglite-start";

async function main(): Promise<void> {
  const cache = defaultClusterCache();
  if (!cache) return console.log("pglite-cluster-cache: PGlite not found under node_modules; skipped.");
  if (await readCachedCluster(cache)) return;
  const started = Date.now();
  await keptCluster(cache);
  console.log(`pglite-cluster-cache: kept a new PGlite cluster in ${Date.now() - started} ms.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`pglite-cluster-cache: skipped (${reason}).`);
    process.exit(0);
  },
);

// `npm run db:migrate`: applies pending migrations from prisma/migrations to the configured
// database (DATABASE_URL, or the embedded PGlite database under DATA_DIR) and says what it did.
// The app also migrates on start; this is for deployments that migrate as a separate step.
// While the site runs on the embedded database it holds it (PGlite is single-process): the
// command then says so and exits 1 without touching it.
// Run as a one-shot command (package.json): V8's baseline WebAssembly tier only and a 2 MB
// young generation, like `npm run drop`. A fresh DATA_DIR is written from the cluster kept
// once per install, not made by initdb (lib/db/pglite-start.ts).
import { getConfig } from "../lib/config";
import { EmbeddedDatabaseBusyError, openDatabase } from "../lib/db/client";
import { readMigrations } from "../lib/db/migrator";

function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite database in ${dataDir}/pglite`;
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "****";
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return "PostgreSQL (DATABASE_URL)";
  }
}

async function main(): Promise<void> {
  const config = getConfig();
  const target = describeTarget(config.databaseUrl, config.dataDir);
  const known = await readMigrations();
  console.log(
    `Migrating ${target} (${known.length} migration${known.length === 1 ? "" : "s"} in prisma/migrations)...`,
  );

  // openDatabase applies pending migrations (under the migration lock) before returning.
  // It does not hand back what it applied, so compare the history before and after.
  const started = Date.now();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
    // A one-shot command: the small buffer pool (lib/db/pglite-start.ts).
    smallBufferPool: true,
  });
  try {
    // Rows started during this run, judged on the database's clock (the host's may differ).
    const elapsedMs = Date.now() - started;
    const rows = await database.runner.query(
      `SELECT "migration_name",
              "started_at" >= now() - make_interval(secs => $1::double precision) AS "now"
         FROM "_prisma_migrations"
        WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL
        ORDER BY "migration_name"`,
      [(elapsedMs + 1000) / 1000],
    );
    const appliedNow = rows.filter((row) => row.now === true).map((row) => String(row.migration_name));
    if (appliedNow.length === 0) {
      console.log(`Already up to date: ${rows.length} migration${rows.length === 1 ? "" : "s"} applied.`);
    } else {
      for (const name of appliedNow) console.log(`  applied ${name}`);
      console.log(
        `Applied ${appliedNow.length} migration${appliedNow.length === 1 ? "" : "s"} in ${Date.now() - started} ms.`,
      );
    }
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof EmbeddedDatabaseBusyError) {
      console.error(
        `db:migrate: The site is running (pid ${error.holderPid}) and holds the embedded database; ` +
          `it applied the pending migrations when it started. Stop it to migrate from here.`,
      );
      process.exit(1);
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`db:migrate failed: ${message}`);
    process.exit(1);
  },
);

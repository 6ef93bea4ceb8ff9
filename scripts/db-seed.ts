// `npm run db:seed`: creates the demo drops that are missing (on the chain first, then in the
// database), opening the database, the embedded chain and the server keys as the app does.
// Drops that already exist (by short ID) are left alone, so it can run any number of times.
//
// The site seeds an empty embedded database on its first start. While it runs it holds the
// embedded database and chain (one process each), so this command then says so and exits 1.
import { getConfig } from "../lib/config";
import { EmbeddedDatabaseBusyError, openDatabase, type Database } from "../lib/db/client";
import { ChainLockedError, type Chain } from "../lib/chain";
import { DirectoryLockedError } from "../lib/fs/dir-lock";
import { assembleRuntime, openChain } from "../lib/server/create-runtime";
import { serviceContextOf } from "../lib/server/runtime";
import { seedDemoDrops } from "../lib/demo/seed-demo-drops";
import { DEMO_DROPS } from "../lib/demo/demo-drops";
import { SHOWCASE_DROPS } from "../lib/demo/showcase-drops";

/** The running site holds what we need; printed as is, exit 1. */
class SiteRunningError extends Error {}

function siteRunning(pid: number, holds: "embedded database and chain" | "embedded chain"): SiteRunningError {
  return new SiteRunningError(
    holds === "embedded database and chain"
      ? `The site is running (pid ${pid}) and holds the embedded database and chain; its first start already seeded the demo drops. Stop it to reseed.`
      : `The site is running (pid ${pid}) and holds the embedded chain. Stop it to seed.`,
  );
}

async function main(): Promise<void> {
  const config = getConfig();
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError) throw siteRunning(error.holderPid, "embedded database and chain");
    throw error;
  }
  let chain: Chain;
  try {
    chain = await openChain(config);
  } catch (error) {
    await database.close();
    if (error instanceof ChainLockedError && error.cause instanceof DirectoryLockedError) {
      throw siteRunning(
        error.cause.holderPid,
        database.kind === "pglite" ? "embedded database and chain" : "embedded chain",
      );
    }
    throw error;
  }
  const runtime = assembleRuntime(config, database, chain);
  try {
    const { created } = await seedDemoDrops(serviceContextOf(runtime));
    const all = [
      ...Object.values(DEMO_DROPS).map((drop) => drop.shortId),
      ...Object.values(SHOWCASE_DROPS).map(({ drop }) => drop.shortId),
    ];
    if (created.length === 0) {
      console.log(`Nothing to seed: the demo drops (${all.join(", ")}) already exist.`);
    } else {
      console.log(`Seeded ${created.length} demo drop${created.length === 1 ? "" : "s"}:`);
      for (const drop of created)
        console.log(`  ${drop.shortId.padEnd(10)} ${drop.name}  ${config.publicUrl}/d/${drop.shortId}`);
      const skipped = all.filter((shortId) => !created.some((drop) => drop.shortId === shortId));
      if (skipped.length > 0) console.log(`Already there, left alone: ${skipped.join(", ")}.`);
    }
  } finally {
    await runtime.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (error instanceof SiteRunningError) {
      console.error(`db:seed: ${error.message}`);
      process.exit(1);
    }
    const message = error instanceof Error ? error.message : String(error);
    console.error(`db:seed failed: ${message}`);
    process.exit(1);
  },
);

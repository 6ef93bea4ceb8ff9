// The databases every database-backed suite runs against: the embedded PGlite always, and
// a PostgreSQL server when one is reachable (127.0.0.1:5432 with trust auth on the
// development and CI machines; TEST_DATABASE_URL overrides the admin URL; REQUIRE_POSTGRES=1
// makes an unreachable server an error instead of skipped suites).
//
//   for (const target of databaseTargets) {
//     describe.skipIf(!target.available)(`orders on ${target.name}`, () => {
//       let db: TestDatabase;
//       beforeAll(async () => { db = await openTestDatabase(target); });
//       afterAll(() => db.dispose());
//       ...
//     });
//   }
//
// Each openTestDatabase call gets a database of its own, already migrated: a fresh PGlite
// in a fresh temp folder, or a throwaway `dropmint_test_<random>` database on the server,
// dropped again by dispose().
//
// Running the migrations on a brand-new database costs a few seconds (a new PGlite folder
// itself is quick: it is written from the cluster kept per install, lib/db/pglite-start.ts);
// each of the suite's ~100 databases would pay it. So each kind
// keeps one migrated template, made once by the migrator itself and named by the PGlite
// version and a hash of the migrations (so a new migration makes a new template): a folder
// in the OS temp folder that is copied, or a `dropmint_tpl_<hash>` database on the server
// that CREATE DATABASE ... TEMPLATE copies. openDatabase still runs the migrator on the copy,
// which finds nothing pending: the end state is exactly that of a new database.
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { openDatabase, type Database } from "@/lib/db/client";
import { createPglite } from "@/lib/db/pglite-start";
import { PrismaClient } from "@/lib/db/generated/client";
import { probePostgres, withAdmin } from "@/lib/db/postgres-admin";

export type DatabaseTargetName = "pglite" | "postgres";

export type DatabaseTarget = {
  name: DatabaseTargetName;
  /** False when the server could not be reached: suites skip this target. */
  available: boolean;
  /** Why the target is unavailable (for skip messages). */
  reason?: string;
  /** postgres: admin URL of the server, used to create and drop test databases. */
  adminUrl?: string;
};

export type TestDatabase = Database & {
  target: DatabaseTargetName;
  /** postgres: URL of the throwaway database (for a second pool, a child process, ...). */
  url?: string;
  /** Folder passed as dataDir (PGlite keeps its files in `<dataDir>/pglite`). */
  dataDir: string;
  /** Closes the database and deletes it (drops the database / removes the folder). Idempotent. */
  dispose(): Promise<void>;
};

export type OpenTestDatabaseOptions = {
  /** Pool size for postgres (default 5). */
  poolSize?: number;
};

/** Admin URLs tried in order: TEST_DATABASE_URL if set, else user `postgres`, then `root` (trust auth). */
const ADMIN_URL_CANDIDATES = process.env.TEST_DATABASE_URL
  ? [process.env.TEST_DATABASE_URL]
  : ["postgresql://postgres@127.0.0.1:5432/postgres", "postgresql://root@127.0.0.1:5432/postgres"];

// Probed once per test process (vitest runs each file in its own worker process).
// REQUIRE_POSTGRES=1 turns "not reachable" into a failure instead of skipped suites (CI).
async function findAdminUrl(): Promise<{ url: string; problem?: string }> {
  const problems: string[] = [];
  for (const url of ADMIN_URL_CANDIDATES) {
    const problem = await probePostgres(url);
    if (!problem) return { url };
    problems.push(problem);
  }
  return { url: ADMIN_URL_CANDIDATES[0]!, problem: problems.join("; ") };
}
const { url: adminUrl, problem: postgresProblem } = await findAdminUrl();
// CI must prove the PostgreSQL path: there a missing server fails the run instead of skipping.
if (postgresProblem && (process.env.REQUIRE_POSTGRES === "1" || process.env.CI === "true"))
  throw new Error(postgresProblem);

/** The admin URL in use (create/drop test databases). */
export const POSTGRES_ADMIN_URL = adminUrl;

export const databaseTargets: DatabaseTarget[] = [
  { name: "pglite", available: true },
  {
    name: "postgres",
    available: postgresProblem === undefined,
    ...(postgresProblem ? { reason: postgresProblem } : {}),
    adminUrl: POSTGRES_ADMIN_URL,
  },
];

export function databaseTarget(name: DatabaseTargetName): DatabaseTarget {
  return databaseTargets.find((target) => target.name === name)!;
}

function pgliteVersion(): string {
  try {
    let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
    return (
      (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: string }).version ?? "unknown"
    );
  } catch {
    return "unknown";
  }
}

/** Templates outlive a test run (tests/helpers/temp-folders.ts): the run folder's parent. */
function templateFolder(): string {
  return process.env.DROPMINT_TEST_CACHE_DIR ?? tmpdir();
}

let pgliteTemplate: Promise<string> | undefined;

/** Folder of an initialised, empty PGlite cluster (built once, shared by test processes). */
function pristinePgliteCluster(): Promise<string> {
  pgliteTemplate ??= (async () => {
    const finalDir = path.join(templateFolder(), `dropmint-pglite-template-${pgliteVersion()}`);
    if (existsSync(path.join(finalDir, "PG_VERSION"))) return finalDir;
    const buildDir = mkdtempSync(path.join(templateFolder(), "dropmint-pglite-build-"));
    const client = await createPglite(buildDir, false); // the cluster kept per install
    await client.close();
    try {
      renameSync(buildDir, finalDir); // atomic: another process may have won the race
    } catch {
      rmSync(buildDir, { recursive: true, force: true });
      if (!existsSync(path.join(finalDir, "PG_VERSION")))
        throw new Error(`could not create the PGlite template at ${finalDir}`);
    }
    return finalDir;
  })();
  pgliteTemplate.catch(() => (pgliteTemplate = undefined));
  return pgliteTemplate;
}

/** Names the migration set: the folder names and every migration.sql, in order. */
function migrationsHash(): string {
  const dir = path.resolve(import.meta.dirname, "../../prisma/migrations");
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    const sql = path.join(dir, name, "migration.sql");
    if (existsSync(sql)) hash.update(name).update(readFileSync(sql));
  }
  return hash.digest("hex").slice(0, 16);
}

let migratedPglite: Promise<string> | undefined;

/** Folder of a PGlite cluster the migrator has migrated (built once per migration set). */
function migratedPgliteCluster(): Promise<string> {
  migratedPglite ??= (async () => {
    const finalDir = path.join(templateFolder(), `dropmint-pglite-migrated-${pgliteVersion()}-${migrationsHash()}`);
    if (existsSync(path.join(finalDir, "PG_VERSION"))) return finalDir;
    const buildDir = mkdtempSync(path.join(templateFolder(), "dropmint-pglite-migrating-"));
    try {
      cpSync(await pristinePgliteCluster(), path.join(buildDir, "pglite"), { recursive: true });
      await (await openDatabase({ dataDir: buildDir })).close();
      renameSync(path.join(buildDir, "pglite"), finalDir); // atomic: another process may have won the race
    } catch (error) {
      if (!existsSync(path.join(finalDir, "PG_VERSION"))) throw error;
    } finally {
      rmSync(buildDir, { recursive: true, force: true });
    }
    return finalDir;
  })();
  migratedPglite.catch(() => (migratedPglite = undefined));
  return migratedPglite;
}

/** Any number, the same in every test process: serialises building the server's template. */
const TEMPLATE_LOCK_KEY = 7_310_052_611;

/** Name of a database on the server that the migrator has migrated (built once per migration set). */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `dropmint_tpl_${migrationsHash()}`;
  await withAdmin(adminUrl, async (client) => {
    await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return;
    const building = `${name}_building_${randomBytes(4).toString("hex")}`;
    await client.query(`CREATE DATABASE "${building}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const dataDir = tempDataDir();
    try {
      await (await openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 1 })).close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
  });
  return name;
}

function tempDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), "dropmint-db-"));
}

/** Creates a throwaway database on the server (empty, or a copy of the migrated template); returns its URL and a drop function. */
export async function createEmptyPostgresDatabase(
  target: DatabaseTarget = databaseTarget("postgres"),
  options: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  if (target.name !== "postgres" || !target.available) {
    throw new Error(target.reason ?? `${target.name} is not a reachable PostgreSQL target`);
  }
  const adminUrl = target.adminUrl ?? POSTGRES_ADMIN_URL;
  const name = `dropmint_test_${randomBytes(6).toString("hex")}`;
  const template = options.migrated ? ` TEMPLATE "${await migratedPostgresTemplate(adminUrl)}"` : "";
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      // A plain DROP waits (up to 5 s) for the closed pools' connections to finish exiting.
      // WITH (FORCE) only as a fallback for leaked connections: terminating a connection
      // that pg is still closing makes its pool emit an 'error' nobody listens to any more.
      await withAdmin(adminUrl, async (client) => {
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}"`);
        } catch {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        }
      });
    },
  };
}

/** Opens a fresh, migrated database of the target's kind. Call dispose() when done. */
export async function openTestDatabase(
  target: DatabaseTarget,
  options: OpenTestDatabaseOptions = {},
): Promise<TestDatabase> {
  if (!target.available) throw new Error(target.reason ?? `${target.name} is not available`);
  const dataDir = tempDataDir();
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });

  if (target.name === "pglite") {
    let database: Database;
    try {
      // client.ts keeps the cluster in <dataDir>/pglite.
      cpSync(await migratedPgliteCluster(), path.join(dataDir, "pglite"), { recursive: true });
      database = await openDatabase({ dataDir });
    } catch (error) {
      removeDataDir();
      throw error;
    }
    return withDispose(database, { target: "pglite", dataDir }, async () => {
      await database.close();
      removeDataDir();
    });
  }

  const created = await createEmptyPostgresDatabase(target, { migrated: true });
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: created.url, dataDir, poolSize: options.poolSize ?? 5 });
  } catch (error) {
    await created.drop().catch(() => undefined);
    removeDataDir();
    throw error;
  }
  return withDispose(database, { target: "postgres", dataDir, url: created.url }, async () => {
    await database.close();
    await created.drop();
    removeDataDir();
  });
}

/**
 * A Prisma client of the target's kind whose driver is already closed, so every query fails
 * the way it does when the database is lost (an unreadable key store, or proof that a path
 * never queries). pglite: a real PGlite opened on a copy of the pristine cluster, then closed;
 * postgres: a real pg pool for the target's server, ended before it ever connected (so this
 * works without a reachable server). Nothing to dispose.
 */
export async function closedDatabase(target: DatabaseTarget): Promise<Pick<Database, "kind" | "prisma">> {
  if (target.name === "pglite") {
    const dataDir = tempDataDir();
    try {
      cpSync(await pristinePgliteCluster(), dataDir, { recursive: true });
      const client = await PGlite.create({ dataDir });
      await client.close();
      return { kind: "pglite", prisma: new PrismaClient({ adapter: new PrismaPGlite(client) }) };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const pool = new pg.Pool({ connectionString: target.adminUrl ?? POSTGRES_ADMIN_URL, connectionTimeoutMillis: 500 });
  await pool.end();
  return { kind: "postgres", prisma: new PrismaClient({ adapter: new PrismaPg(pool) }) };
}

function withDispose(
  database: Database,
  extra: { target: DatabaseTargetName; dataDir: string; url?: string },
  release: () => Promise<void>,
): TestDatabase {
  let disposing: Promise<void> | undefined;
  return Object.assign(database, extra, {
    dispose: () => (disposing ??= release()),
  });
}

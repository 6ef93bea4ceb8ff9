// Applies the plain-SQL migrations in prisma/migrations, the way `prisma migrate deploy`
// would, without Prisma's native schema engine, so the site migrates itself on start
// wherever it runs, with nothing to download.
//
// Layout and bookkeeping are Prisma's own, so a machine that does have the engine sees the
// same history: one folder per migration (`<timestamp>_<name>/migration.sql`), applied in
// name order, each recorded in `_prisma_migrations` with the sha256 (hex) of its file.
//
// Differences from Prisma, on purpose:
// - every migration runs inside one transaction (Postgres DDL is transactional): a failing
//   migration leaves no trace, neither schema changes nor a history row, and start-up stops
//   with an error naming it;
// - start-up is refused when an applied migration's file was edited afterwards (Prisma only
//   notices that in `migrate dev`).
//
// This module also runs inside the Next.js server bundle, where `import.meta.url` points
// into `.next/`: the migrations folder is found from `process.cwd()` (the app always runs
// from the repository root) unless the caller passes one.
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export type SqlExecutor = {
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  exec(script: string): Promise<void>; // may contain several statements
};

export type SqlRunner = SqlExecutor & {
  /** Runs fn while holding a cross-process migration lock (PostgreSQL advisory lock; PGlite: no-op). */
  withLock<T>(fn: (locked: SqlExecutor) => Promise<T>): Promise<T>;
};

export type ApplyMigrationsOptions = {
  /** Folder holding the migration folders. Default: `<cwd>/prisma/migrations`. */
  migrationsDir?: string;
};

export type MigrationFile = {
  /** Folder name, e.g. `20261121000000_init`; Prisma's `migration_name`. */
  name: string;
  /** The script, as Prisma reads it (UTF-8). */
  script: string;
  /** sha256 hex of the file's bytes: Prisma's checksum. */
  checksum: string;
};

/** Any reason the migrator refuses to go on; `migration` names the culprit when there is one. */
export class MigrationError extends Error {
  override name = "MigrationError";
  constructor(
    message: string,
    readonly migration?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const MIGRATIONS_TABLE = "_prisma_migrations";

/** Prisma's own definition of its history table (schema engine, PostgreSQL flavour). */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export function defaultMigrationsDir(): string {
  // Read at run time from the working tree: the server bundle must not trace the project.
  return path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");
}

/** Prisma's checksum: sha256 of the migration script, lower-case hex. */
export function migrationChecksum(script: string | Uint8Array): string {
  return createHash("sha256").update(script).digest("hex");
}

/**
 * Whether a script matches a recorded checksum, with Prisma's tolerances: the file may have
 * had its line endings converted (git on Windows) since it was applied, and very old Prisma
 * versions wrote checksums without zero-padding each byte.
 */
export function scriptMatchesChecksum(script: string, checksum: string): boolean {
  const variants = new Set([script, script.replace(/\r\n/g, "\n"), script.replace(/\r?\n/g, "\r\n")]);
  for (const variant of variants) {
    const digest = createHash("sha256").update(variant, "utf8").digest();
    const padded = digest.toString("hex");
    const unpadded = Array.from(digest, (byte) => byte.toString(16)).join("");
    if (checksum === padded || (checksum.length !== 64 && checksum === unpadded)) return true;
  }
  return false;
}

/** Reads the migration folders in the order Prisma applies them. */
export async function readMigrations(migrationsDir: string = defaultMigrationsDir()): Promise<MigrationFile[]> {
  if (!existsSync(/*turbopackIgnore: true*/ migrationsDir)) {
    throw new MigrationError(
      `Migrations folder not found at ${migrationsDir}. Run from the repository root (the folder holding prisma/migrations).`,
    );
  }
  const lockFile = path.join(migrationsDir, "migration_lock.toml");
  if (existsSync(/*turbopackIgnore: true*/ lockFile)) {
    const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(
      await readFile(/*turbopackIgnore: true*/ lockFile, "utf8"),
    )?.[1];
    if (provider && provider !== "postgresql") {
      throw new MigrationError(
        `${lockFile} is for provider "${provider}"; this migrator applies PostgreSQL migrations only.`,
      );
    }
  }
  const entries = await readdir(/*turbopackIgnore: true*/ migrationsDir, { withFileTypes: true });
  // Prisma sorts migration folders with localeCompare.
  const names = entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b));
  const migrations: MigrationFile[] = [];
  for (const name of names) {
    const file = path.join(migrationsDir, name, "migration.sql");
    let bytes: Buffer;
    try {
      bytes = await readFile(/*turbopackIgnore: true*/ file);
    } catch (error) {
      throw new MigrationError(`Migration ${name} has no readable migration.sql (${file}).`, name, { cause: error });
    }
    migrations.push({ name, script: bytes.toString("utf8"), checksum: migrationChecksum(bytes) });
  }
  return migrations;
}

type HistoryRow = {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: unknown;
  rolled_back_at: unknown;
  logs: string | null;
};

/**
 * Applies every migration not yet recorded in `_prisma_migrations`, in name order, each in
 * its own transaction, under the runner's cross-process lock. Returns the names applied.
 * Refuses (MigrationError) when the history shows a failed migration or an applied migration
 * whose file has changed since.
 */
export async function applyMigrations(
  runner: SqlRunner,
  options: ApplyMigrationsOptions = {},
): Promise<{ applied: string[] }> {
  const migrationsDir = options.migrationsDir ?? defaultMigrationsDir();
  const migrations = await readMigrations(migrationsDir);

  // The runner's lock separates processes. Calls on one runner inside this process are
  // queued as well: PGlite's lock is a no-op, and its single session would otherwise
  // interleave two callers' BEGIN/COMMIT.
  const previous = queues.get(runner) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() => runner.withLock((db) => migrate(db, migrations, migrationsDir)));
  queues.set(runner, run);
  try {
    return await run;
  } finally {
    if (queues.get(runner) === run) queues.delete(runner);
  }
}

const queues = new WeakMap<SqlRunner, Promise<unknown>>();

async function migrate(
  db: SqlExecutor,
  migrations: MigrationFile[],
  migrationsDir: string,
): Promise<{ applied: string[] }> {
  await db.exec(CREATE_MIGRATIONS_TABLE);
  const rows = (await db.query(
    `SELECT "id", "checksum", "migration_name", "finished_at", "rolled_back_at", "logs"
       FROM "${MIGRATIONS_TABLE}" ORDER BY "started_at" ASC, "migration_name" ASC`,
  )) as HistoryRow[];

  // Rows marked rolled back (`prisma migrate resolve --rolled-back`) no longer count.
  const live = rows.filter((row) => row.rolled_back_at === null || row.rolled_back_at === undefined);
  const failed = live.filter((row) => row.finished_at === null || row.finished_at === undefined);
  if (failed.length > 0) {
    const first = failed[0]!;
    const logs = first.logs ? `\nIts log:\n${first.logs}` : "";
    throw new MigrationError(
      `Migration ${first.migration_name} is recorded in ${MIGRATIONS_TABLE} as started but never finished (a failed migration). ` +
        `Repair the database by hand, then mark it with \`prisma migrate resolve --rolled-back ${first.migration_name}\` ` +
        `(or --applied), or delete that row, before starting again.${logs}`,
      first.migration_name,
    );
  }

  const byName = new Map(migrations.map((migration) => [migration.name, migration]));
  const applied = new Set<string>();
  for (const row of live) {
    applied.add(row.migration_name);
    const migration = byName.get(row.migration_name);
    // A recorded migration missing from the folder (a newer deployment ran against this
    // database) is left alone, as `prisma migrate deploy` does.
    if (migration && !scriptMatchesChecksum(migration.script, row.checksum)) {
      throw new MigrationError(
        `Migration ${row.migration_name} was modified after it was applied: the checksum recorded in ${MIGRATIONS_TABLE} ` +
          `(${row.checksum}) does not match ${path.join(migrationsDir, row.migration_name, "migration.sql")} (${migration.checksum}). ` +
          `Restore the original file and put the change in a new migration.`,
        row.migration_name,
      );
    }
  }

  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    await applyOne(db, migration);
    done.push(migration.name);
  }
  return { applied: done };
}

async function applyOne(db: SqlExecutor, migration: MigrationFile): Promise<void> {
  await db.exec("BEGIN");
  try {
    if (migration.script.trim() !== "") await db.exec(migration.script);
    await db.query(
      `INSERT INTO "${MIGRATIONS_TABLE}" ("id", "checksum", "migration_name", "started_at", "finished_at", "applied_steps_count")
       VALUES ($1, $2, $3, now(), clock_timestamp(), 1)`,
      [randomUUID(), migration.checksum, migration.name],
    );
    await db.exec("COMMIT");
  } catch (error) {
    await db.exec("ROLLBACK").catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(`Migration ${migration.name} failed and was rolled back: ${reason}`, migration.name, {
      cause: error,
    });
  }
}

/**
 * The migrations in the folder that the database has not recorded as applied (a readiness
 * probe's "migrations behind"): read-only, no lock, nothing created. A database without the
 * history table has every migration pending.
 */
export async function pendingMigrations(
  db: SqlExecutor,
  migrationsDir: string = defaultMigrationsDir(),
): Promise<string[]> {
  const migrations = await readMigrations(migrationsDir);
  const [{ present } = { present: false }] = (await db.query(
    `SELECT to_regclass('"${MIGRATIONS_TABLE}"') IS NOT NULL AS present`,
  )) as Array<{ present: boolean }>;
  if (!present) return migrations.map((migration) => migration.name);
  const rows = (await db.query(
    `SELECT "migration_name" FROM "${MIGRATIONS_TABLE}" WHERE "finished_at" IS NOT NULL AND "rolled_back_at" IS NULL`,
  )) as Array<{ migration_name: string }>;
  const applied = new Set(rows.map((row) => row.migration_name));
  return migrations.filter((migration) => !applied.has(migration.name)).map((migration) => migration.name);
}

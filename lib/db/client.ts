// The one Prisma client of the process, on PGlite (embedded default) or PostgreSQL.
//
// PGlite is a single Postgres session: row locks cannot separate two "concurrent"
// transactions on it. PGlite itself runs every query and every transaction through one
// exclusive queue (`_runExclusiveTransaction`), so transactions are serialized; a plain
// query issued while a transaction is open waits for it. Code inside `$transaction` must
// therefore use the transaction client only, or it waits on itself.
//
// No `import "server-only"` here: that marker throws outside the Next.js server build, and
// this module is also loaded by scripts (tsx) and tests (vitest).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { applyMigrations, type SqlRunner } from "./migrator";

export type Db = PrismaClient;

/** The advisory lock `prisma migrate deploy` takes, so our migrator and Prisma's exclude each other. */
const MIGRATION_LOCK_KEY = 72707369;
export type DbKind = "pglite" | "postgres";

export type Database = {
  kind: DbKind;
  prisma: PrismaClient;
  /** Raw access for the migrator and for maintenance tasks. */
  runner: SqlRunner;
  close(): Promise<void>;
};

export type DatabaseOptions = { databaseUrl?: string; dataDir: string; poolSize?: number };

/** Opens a database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : await openPglite(options.dataDir);
  try {
    await applyMigrations(database.runner);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

async function openPglite(dataDir: string): Promise<Database> {
  const folder = path.join(dataDir, "pglite");
  mkdirSync(folder, { recursive: true });
  const client = await PGlite.create({ dataDir: folder });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  const runner: SqlRunner = {
    query: async (sql, params = []) => (await client.query<Record<string, unknown>>(sql, params)).rows,
    exec: async (script) => {
      await client.exec(script);
    },
    // PGlite has one session; its own queue already excludes every other writer.
    withLock: async (fn) => fn(runner),
  };
  return {
    kind: "pglite",
    prisma,
    runner,
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection can fail (server restart, dropped database); without a listener
  // node-postgres turns that into an uncaught error that ends the process.
  pool.on("error", (error) => console.error("[db] idle PostgreSQL connection failed:", error.message));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const runner: SqlRunner = {
    query: async (sql, params = []) => (await pool.query(sql, params)).rows,
    exec: async (script) => {
      await pool.query(script);
    },
    // Several instances may start at once: one migrates, the others wait for it.
    withLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
        return await fn({
          query: async (sql, params = []) => (await client.query(sql, params)).rows,
          exec: async (script) => {
            await client.query(script);
          },
        });
      } finally {
        await client.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_KEY})`).catch(() => undefined);
        client.release();
      }
    },
  };
  return {
    kind: "postgres",
    prisma,
    runner,
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

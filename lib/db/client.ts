// The one Prisma client of the process, on PGlite (embedded default) or PostgreSQL.
//
// PGlite is a single Postgres session: row locks cannot separate two "concurrent"
// transactions on it. PGlite itself runs every query and every transaction through one
// exclusive queue (`_runExclusiveTransaction`), so transactions are serialized; a plain
// query issued while a transaction is open waits for it. Code inside `$transaction` must
// therefore use the transaction client only, or it waits on itself.
//
// PGlite is also single-process: two processes on one folder corrupt it. Opening takes
// `<DATA_DIR>/pglite.lock` first (lib/fs/dir-lock.ts) and a second process gets
// EmbeddedDatabaseBusyError naming the holder's pid; commands such as `npm run keys` then go
// through the running site instead (lib/server/instance-file.ts).
//
// No `import "server-only"` here: that marker throws outside the Next.js server build, and
// this module is also loaded by scripts (tsx) and tests (vitest).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { registerMemoryProbe } from "@/lib/metrics";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import {
  pgliteChangeFeed,
  postgresChangeFeed,
  WRITE_OPERATIONS,
  type ChangeFeed,
  type PostgresFeedOptions,
  type WriteListener,
} from "./change-feed";
import { applyMigrations, type SqlExecutor, type SqlRunner } from "./migrator";
import { copyPglite, type PgliteCopy } from "./pglite-backup";
import { createPglite } from "./pglite-start";
import { clientRetiringStaleStatements, StatementNames } from "./statement-names";
import { acquireDirLock, DirectoryLockedError } from "@/lib/fs/dir-lock";
import { createLogger } from "@/lib/log";

const log = createLogger("db");

export type Db = PrismaClient;

/** The advisory lock `prisma migrate deploy` takes, so our migrator and Prisma's exclude each other. */
const MIGRATION_LOCK_KEY = 72707369;
export type DbKind = "pglite" | "postgres";

export type Database = {
  kind: DbKind;
  prisma: PrismaClient;
  /** Raw access for the migrator and for maintenance tasks. */
  runner: SqlRunner;
  /** The database's change announcements (pg_notify), from every instance and tool (lib/db/change-feed.ts). */
  changes: ChangeFeed;
  /** Every write this process makes through `prisma`, as soon as it returns. */
  onWrite(listener: WriteListener): () => void;
  /**
   * Embedded database only (PostgreSQL is copied with pg_dump): a consistent copy of the
   * data folder taken while no other query runs, and `whileHeld` run at that same instant
   * (lib/db/pglite-backup.ts).
   */
  copyEmbedded?<T>(whileHeld: (sql: SqlExecutor) => Promise<T>): Promise<PgliteCopy<T>>;
  close(): Promise<void>;
};

/**
 * The Prisma client with a report of every write made through it (model operations; raw
 * SQL is the mint flow's reservations, which change nothing cached). The extension keeps
 * every model method's type; the cast only names the extended client as the plain one.
 */
function withWriteReports(base: PrismaClient): { prisma: PrismaClient; onWrite(listener: WriteListener): () => void } {
  const listeners = new Set<WriteListener>();
  const prisma = base.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const result = await query(args);
          if (listeners.size > 0 && WRITE_OPERATIONS.has(operation)) {
            for (const listener of listeners)
              listener({ model, operation, args: args as Record<string, unknown>, result });
          }
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
  return {
    prisma,
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL: how closely the listening connection is watched (tests shorten it). */
  changeFeed?: PostgresFeedOptions;
  /**
   * PGlite: a small buffer pool (16 MB instead of 128 MB) for a short-lived command such as
   * `npm run drop`, which writes once and exits, so its memory stays within the creator's
   * budget (a new folder's cluster comes from the one kept per install: lib/db/pglite-start.ts).
   */
  smallBufferPool?: boolean;
  /** False: open as found, pending migrations left for the site (a backup copies, never changes). */
  migrate?: boolean;
};

/** Opens a database and applies pending migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize, options.changeFeed)
    : await openPglite(options.dataDir, options.smallBufferPool === true);
  if (options.migrate === false) return database;
  try {
    await applyMigrations(database.runner);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}

/**
 * The embedded database folder is open in another live process (normally the running
 * site). PGlite is single-process: two processes on one folder corrupt it, so the second
 * open is refused before PGlite touches the files.
 */
export class EmbeddedDatabaseBusyError extends Error {
  override name = "EmbeddedDatabaseBusyError";
  constructor(
    /** The process holding `<dataDir>/pglite.lock`. */
    readonly holderPid: number,
    readonly dataDir: string,
    readonly lockPath: string,
    heldByThisProcess: boolean,
  ) {
    super(
      heldByThisProcess
        ? `The embedded database ${path.join(dataDir, "pglite")} is already open in this process (pid ${holderPid}); close it before opening it again.`
        : `The embedded database ${path.join(dataDir, "pglite")} is in use by process ${holderPid}, normally the running Dropmint site. ` +
            `PGlite allows one process at a time: stop process ${holderPid} first (or use PostgreSQL through DATABASE_URL). ` +
            `If that process is not a Dropmint process, delete ${lockPath}.`,
    );
  }
}

/** `<dataDir>/pglite.lock`: taken before PGlite opens `<dataDir>/pglite`, released on close. */
export function pgliteLockPath(dataDir: string): string {
  return path.join(dataDir, "pglite.lock");
}

async function openPglite(dataDir: string, smallBufferPool: boolean): Promise<Database> {
  const folder = path.join(dataDir, "pglite");
  mkdirSync(dataDir, { recursive: true });
  const lockPath = pgliteLockPath(dataDir);
  let lock: ReturnType<typeof acquireDirLock>;
  try {
    lock = acquireDirLock(lockPath);
  } catch (error) {
    if (error instanceof DirectoryLockedError && error.holderPid > 0) {
      throw new EmbeddedDatabaseBusyError(error.holderPid, dataDir, lockPath, error.heldByThisProcess);
    }
    throw error;
  }
  let client: PGlite;
  try {
    mkdirSync(folder, { recursive: true });
    client = await createPglite(folder, smallBufferPool);
  } catch (error) {
    lock.release();
    throw error;
  }
  const { prisma, onWrite } = withWriteReports(new PrismaClient({ adapter: new PrismaPGlite(client) }));
  // PGlite's linear memory (Postgres in WebAssembly): it only grows, so its size is what it holds resident at most.
  registerMemoryProbe("embedded_database", () => client.Module.HEAPU8.byteLength);
  const runner: SqlRunner = {
    query: async (sql, params = []) => (await client.query<Record<string, unknown>>(sql, params)).rows,
    exec: async (script) => {
      await client.exec(script);
    },
    // PGlite has one session; its own queue already excludes every other writer.
    withLock: async (fn) => fn(runner),
  };
  let closed = false;
  return {
    kind: "pglite",
    prisma,
    runner,
    changes: pgliteChangeFeed(client),
    onWrite,
    copyEmbedded: (whileHeld) => copyPglite(client, whileHeld),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await prisma.$disconnect();
        await client.close();
      } finally {
        lock.release();
      }
    },
  };
}

function openPostgres(connectionString: string, poolSize = 10, feedOptions: PostgresFeedOptions = {}): Database {
  const names = new StatementNames();
  const pool = new pg.Pool({ connectionString, max: poolSize, Client: clientRetiringStaleStatements(names) });
  // An idle connection can fail (server restart, dropped database); without a listener
  // node-postgres turns that into an uncaught error that ends the process.
  pool.on("error", (error) => log.warn("idle PostgreSQL connection failed", error));
  const { prisma, onWrite } = withWriteReports(
    new PrismaClient({ adapter: new PrismaPg(pool, { statementNameGenerator: names.name }) }),
  );
  const changes = postgresChangeFeed(connectionString, feedOptions);
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
    changes,
    onWrite,
    async close() {
      await changes.close();
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

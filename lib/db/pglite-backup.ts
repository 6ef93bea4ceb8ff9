// A consistent copy of the embedded database while the site runs, and its restore.
//
// PGlite is one PostgreSQL session, and every query and transaction of the process waits
// in its queue. copyPglite holds that queue with an open transaction that issues nothing but
// a checkpoint and the caller's reads, so no write lands while the data folder is copied:
// the copy is the database as of one instant between two transactions, already
// checkpointed. What the caller reads or copies while holding it (the row counts, the
// chain) is taken at that same instant as far as the database can tell. The copy is
// PGlite's own tarball (dumpDataDir), gzipped after the queue is released; restorePglite
// opens it again in an empty folder (PGlite.create with loadDataDir).
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import type { SqlExecutor } from "./migrator";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";

export type PgliteCopy<T> = {
  /** The data folder as a gzipped tar (PGlite's dumpDataDir format). */
  tarball: Uint8Array;
  /** What `whileHeld` returned. */
  held: T;
  /** How long the site's queries waited for the copy. */
  heldMs: number;
};

/** Copies the folder while every other query of the process waits, and runs `whileHeld` then. */
export async function copyPglite<T>(
  client: PGlite,
  whileHeld: (sql: SqlExecutor) => Promise<T>,
): Promise<PgliteCopy<T>> {
  let started = 0;
  const { dump, held, heldMs } = await client.transaction(async (tx) => {
    started = performance.now();
    const sql: SqlExecutor = {
      query: async (text, params = []) => (await tx.query<Record<string, unknown>>(text, params)).rows,
      exec: async (script) => {
        await tx.exec(script);
      },
    };
    // Dirty pages to the files first, so the copy needs no recovery when it opens.
    await tx.exec("CHECKPOINT");
    // dumpDataDir waits only for the statement in progress (none: the transaction holds the queue).
    const dump = await client.dumpDataDir("none");
    const held = await whileHeld(sql);
    return { dump, held, heldMs: performance.now() - started };
  });
  const tarball = await promisify(gzip)(Buffer.from(await dump.arrayBuffer()));
  return { tarball, held, heldMs };
}

/**
 * Makes the database in `folder` (which must hold none) from a copyPglite tarball, runs
 * `whileOpen` on it (checks), and closes it.
 */
export async function restorePglite<T>(
  folder: string,
  tarball: Uint8Array,
  whileOpen: (sql: SqlExecutor) => Promise<T>,
): Promise<T> {
  if (existsSync(path.join(folder, "PG_VERSION"))) throw new Error(`${folder} already holds a database.`);
  const tar = await promisify(gunzip)(tarball);
  const client = await PGlite.create({
    dataDir: folder,
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([tar], { type: "application/x-tar" }),
  });
  try {
    return await whileOpen({
      query: async (text, params = []) => (await client.query<Record<string, unknown>>(text, params)).rows,
      exec: async (script) => {
        await client.exec(script);
      },
    });
  } finally {
    await client.close();
  }
}

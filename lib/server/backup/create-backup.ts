// `npm run backup -- create`: a consistent copy of the embedded defaults while the site runs
// (or, with no site running, by the command itself), written into a new folder:
//
//   manifest.json      format, versions, migrations, row counts, every file's checksum
//   database.tar.gz    the embedded database (PGlite's dumpDataDir, gzipped)
//   chain.state        the embedded chain as one snapshot (no log after it)
//   keys/  media/      DATA_DIR's localnet keys and local media store, copied
//
// Why the database and the chain agree: both are copied while the database is held (no
// query of the site runs, lib/db/pglite-backup.ts), the database first. What the site sends
// to the chain is written ahead into the database (a mint session's signature before its
// submit, a prize transfer's signature on its award, bounty-payouts.ts), and its outcome is
// recorded only after it landed; a drop's collection mint, sent before its row, is found and
// reused when the launch runs again (create-drop.ts). So the chain copy holds everything the
// database copy says happened, and at most more: the submits in flight at that instant. That
// is what a kill -9 at that instant leaves, and what the restored site settles when it starts
// (reconcile.ts: a pending session whose signature landed is recorded as minted; a reserved
// NFT is freed only when its mint account is not on chain).
import { readFile, readdir, rename, rm, mkdir, rmdir } from "node:fs/promises";
import path from "node:path";
import type { Chain, EmbeddedChain } from "@/lib/chain";
import type { Database } from "@/lib/db/client";
import type { SqlExecutor } from "@/lib/db/migrator";
import { AppError } from "@/lib/errors";
import { fsyncFolder } from "@/lib/fs/atomic-file";
import {
  BACKUP_FORMAT,
  type BackupCounts,
  type BackupFile,
  type BackupManifest,
  type BackupSummary,
} from "@/lib/schemas/backup";
import { CHAIN_STATE_FILE } from "@/lib/chain";
import { DATABASE_FILE, MANIFEST_FILE, copiedFolders, copyFolder, writeBackupFile } from "./backup-files";
import { partialFolderFor, removeAbandonedPartials } from "./partial-folder";

export type BackupSource = { database: Database; chain: Chain; dataDir: string };

/** Writes a backup of `source` into `folder` (absolute; must not exist, or be empty). */
export async function createBackup(source: BackupSource, folder: string): Promise<BackupSummary> {
  const started = performance.now();
  const { database } = source;
  if (!database.copyEmbedded)
    throw new AppError(
      "INVALID_REQUEST",
      "This site's database is PostgreSQL: back it up with pg_dump, " +
        "and DATA_DIR's keys and media beside it (README, Backups).",
    );
  await assertFreeTarget(folder, source.dataDir);
  await removeAbandonedPartials(folder);
  const partial = partialFolderFor(folder);
  await mkdir(partial, { recursive: true, mode: 0o700 });
  try {
    const copy = await database.copyEmbedded((sql) => readAtThisInstant(sql, source.chain));
    const files = [await writeBackupFile(partial, DATABASE_FILE, [copy.tarball])];
    if (copy.held.chain) files.push(await writeBackupFile(partial, CHAIN_STATE_FILE, copy.held.chain.chunks));
    // After the database copy: every media file a drop in it refers to was stored before its row.
    for (const { from, name } of copiedFolders(source.dataDir)) files.push(...(await copyFolder(from, partial, name)));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: copy.held.at,
      app: await appVersion(),
      database: { kind: "pglite", file: DATABASE_FILE, ...copy.held.database },
      chain: copy.held.chain
        ? { file: CHAIN_STATE_FILE, seq: copy.held.chain.seq, signatures: copy.held.chain.signatures }
        : null,
      files,
      heldMs: Math.round(copy.heldMs),
    };
    await writeBackupFile(partial, MANIFEST_FILE, [Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)]);
    await moveInto(partial, folder);
    return summaryOf(manifest, folder, performance.now() - started);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The database's facts and the chain's state, read while the database is held (the same instant). */
async function readAtThisInstant(sql: SqlExecutor, chain: Chain) {
  const [{ version }] = (await sql.query("SELECT current_setting('server_version') AS version")) as [
    { version: string },
  ];
  const migrations = (
    (await sql.query(
      `SELECT migration_name FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
    )) as Array<{ migration_name: string }>
  ).map((row) => row.migration_name);
  const database = { postgresVersion: version, migrations, counts: await countRows(sql) };
  const at = new Date().toISOString();
  const backupState = (chain as Partial<EmbeddedChain>).backupState;
  if (chain.kind !== "embedded" || typeof backupState !== "function") return { at, database, chain: null };
  return { at, database, chain: await backupState.call(chain) };
}

/** The rows a restore is checked against. */
export async function countRows(sql: SqlExecutor): Promise<BackupCounts> {
  const [row] = (await sql.query(`SELECT
    (SELECT count(*) FROM "Collection")::int AS collections,
    (SELECT count(*) FROM "Nft" WHERE status = 'minted')::int AS "nftsMinted",
    (SELECT count(*) FROM "Mint")::int AS mints,
    (SELECT count(*) FROM "MintSession")::int AS "mintSessions"`)) as [BackupCounts];
  return row;
}

/** Refuses a target that holds anything, or one inside DATA_DIR (a backup would copy itself next time). */
async function assertFreeTarget(folder: string, dataDir: string): Promise<void> {
  const inside = path.relative(path.resolve(dataDir), path.resolve(folder));
  if (!inside.startsWith("..") && !path.isAbsolute(inside))
    throw new AppError("INVALID_REQUEST", `${folder} is inside DATA_DIR (${dataDir}): write it elsewhere.`);
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    if (error.code === "ENOTDIR") throw new AppError("INVALID_REQUEST", `${folder} is a file: name a new folder.`);
    throw error;
  });
  if (entries.length > 0)
    throw new AppError(
      "INVALID_REQUEST",
      `${folder} is not empty: name a new folder (or an empty one) for the backup.`,
    );
}

/** The finished backup appears at once, complete: a failure never leaves half of one under its name. */
async function moveInto(partial: string, folder: string): Promise<void> {
  await fsyncFolder(partial);
  await rmdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  await rename(partial, folder);
  await fsyncFolder(path.dirname(folder));
}

async function appVersion(): Promise<{ name: string; version: string }> {
  try {
    // Read at run time from the working tree, like the migrations: the bundle must not trace the project.
    const file = path.join(/*turbopackIgnore: true*/ process.cwd(), "package.json");
    const { name, version } = JSON.parse(await readFile(/*turbopackIgnore: true*/ file, "utf8")) as Record<
      string,
      string
    >;
    return { name: name ?? "unknown", version: version ?? "unknown" };
  } catch {
    return { name: "unknown", version: "unknown" };
  }
}

export function summaryOf(manifest: BackupManifest, folder: string, tookMs: number): BackupSummary {
  return {
    folder,
    createdAt: manifest.createdAt,
    bytes: manifest.files.reduce((total, file: BackupFile) => total + file.bytes, 0),
    files: manifest.files.length,
    heldMs: manifest.heldMs,
    tookMs: Math.round(tookMs),
    migration: manifest.database.migrations.at(-1) ?? null,
    counts: manifest.database.counts,
    chainSeq: manifest.chain?.seq ?? null,
  };
}

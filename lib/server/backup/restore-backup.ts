// `npm run backup -- restore`: makes a DATA_DIR from a backup folder, offline (no site may
// run on it yet), into an empty folder only, so nothing of another site ever mixes with it.
// Every file is checked against the manifest first; the database and the chain are opened
// once and checked against the counts and the chain's change number the backup recorded.
// The folder is built beside the target and renamed into place at the end: a restore that
// fails leaves no half-made DATA_DIR behind.
import { randomBytes } from "node:crypto";
import { readFile, readdir, rename, rm, mkdir, rmdir } from "node:fs/promises";
import path from "node:path";
import { CHAIN_STATE_FILE, openEmbeddedChain } from "@/lib/chain";
import { readMigrations } from "@/lib/db/migrator";
import { restorePglite } from "@/lib/db/pglite-backup";
import { backupManifestSchema, type BackupManifest, type BackupSummary } from "@/lib/schemas/backup";
import {
  MANIFEST_FILE,
  NOT_COPIED,
  backupPath,
  copyBackupFile,
  readBackupFile,
  verifyFiles,
  writeBackupFile,
} from "./backup-files";
import { countRows, summaryOf } from "./create-backup";

/** A refusal with a sentence for the operator (nothing was written). */
export class RestoreRefusedError extends Error {
  override name = "RestoreRefusedError";
}

export async function restoreBackup(backup: string, dataDir: string): Promise<BackupSummary> {
  const started = performance.now();
  const manifest = await readManifest(backup);
  await assertEmpty(dataDir);
  await assertKnownMigrations(manifest);
  await verifyFiles(backup, manifest.files);
  const building = `${path.resolve(dataDir)}.restoring-${randomBytes(4).toString("hex")}`;
  await mkdir(building, { recursive: true, mode: 0o700 });
  try {
    await restoreDatabase(backup, manifest, building);
    if (manifest.chain) await restoreChain(backup, manifest.chain, building);
    for (const file of manifest.files) {
      const top = file.path.split("/")[0]!;
      const restoredAbove = file.path === manifest.database.file || file.path === manifest.chain?.file;
      if (restoredAbove || top in NOT_COPIED) continue;
      await copyBackupFile(backupPath(backup, file.path), building, file.path);
    }
    await rmdir(dataDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
    });
    await rename(building, dataDir);
  } catch (error) {
    await rm(building, { recursive: true, force: true });
    throw error;
  }
  return summaryOf(manifest, dataDir, performance.now() - started);
}

async function readManifest(backup: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(backup, MANIFEST_FILE), "utf8");
  } catch {
    throw new RestoreRefusedError(`${backup} is not a Dropmint backup: it has no ${MANIFEST_FILE}.`);
  }
  const parsed = backupManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new RestoreRefusedError(
      `${path.join(backup, MANIFEST_FILE)} is not a manifest this version reads ` +
        `(${parsed.error.issues[0]?.message}).`,
    );
  return parsed.data;
}

/** A backup of a newer schema than this code knows would open, but the code would misread it. */
async function assertKnownMigrations(manifest: BackupManifest): Promise<void> {
  const known = new Set((await readMigrations()).map((migration) => migration.name));
  const unknown = manifest.database.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0)
    throw new RestoreRefusedError(
      `The backup was made by a newer Dropmint (its database has migration ${unknown[0]}, ` +
        `which this code does not know): restore it with that version or a later one.`,
    );
}

async function assertEmpty(dataDir: string): Promise<void> {
  const entries = await readdir(dataDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  if (entries.length > 0)
    throw new RestoreRefusedError(
      `${dataDir} is not empty (it holds ${entries.slice(0, 5).join(", ")}${entries.length > 5 ? ", …" : ""}). ` +
        `A backup is restored into an empty folder only, so nothing of another site mixes with it: ` +
        `move that folder aside, or name a new one with --data-dir.`,
    );
}

async function restoreDatabase(backup: string, manifest: BackupManifest, dataDir: string): Promise<void> {
  const tarball = await readBackupFile(backup, manifest.database.file);
  const counts = await restorePglite(path.join(dataDir, "pglite"), tarball, countRows);
  const expected = manifest.database.counts;
  if (Object.entries(expected).some(([name, value]) => counts[name as keyof typeof counts] !== value))
    throw new Error(
      `The restored database does not hold what the backup recorded ` +
        `(${JSON.stringify(counts)} instead of ${JSON.stringify(expected)}).`,
    );
}

async function restoreChain(backup: string, chain: NonNullable<BackupManifest["chain"]>, dataDir: string) {
  const folder = path.join(dataDir, "chain");
  await writeBackupFile(folder, CHAIN_STATE_FILE, [await readBackupFile(backup, chain.file)]);
  // Opened once: the snapshot must load (litesvm) and be the one the backup recorded.
  const opened = await openEmbeddedChain({ dir: folder, cluster: "localnet" });
  try {
    const { seq } = opened.stats();
    if (seq !== chain.seq) throw new Error(`The restored chain is at change ${seq}, the backup recorded ${chain.seq}.`);
  } finally {
    await opened.close();
  }
}

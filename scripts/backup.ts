// `npm run backup -- <command>`: back up and restore the embedded defaults (README, Backups).
//
//   create <folder>                          a consistent backup, while the site runs or not
//   restore <backup> [--data-dir <folder>]   into an empty DATA_DIR, with no site running on it
//
// Where create runs: while the site runs it holds the embedded database (PGlite is
// single-process), so the command asks the site to write the backup (POST
// /api/internal/backup, address and token from `<DATA_DIR>/instance.json`); otherwise it
// opens DATA_DIR itself, without migrating anything. Both write the same folder
// (lib/server/backup/create-backup.ts). PostgreSQL is backed up with its own tools.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { getConfig, type Config } from "../lib/config";
import { isProcessAlive } from "../lib/fs/dir-lock";
import { adminBackupResponseSchema, type BackupSummary } from "../lib/schemas/backup";
import { instanceFilePath, readInstanceFile } from "../lib/server/instance-file";
import { isEntryPoint, runCommand, UsageError } from "./cli-run";

export const USAGE = `Usage:
  npm run backup -- create <folder>
  npm run backup -- restore <backup folder> [--data-dir <empty folder>]   (default: DATA_DIR)`;

/** A failure with a sentence for the user; printed as is, exit 1. */
class CliError extends Error {}

/** A backup of the demo data takes about a second; a large media store takes longer to copy. */
const SITE_TIMEOUT_MS = 10 * 60_000;

type Command = { action: "create"; folder: string } | { action: "restore"; backup: string; dataDir?: string };

function parseCommand(argv: string[]): Command {
  const [command, ...args] = argv;
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { "data-dir": { type: "string" } },
  });
  if (positionals.length !== 1) throw new UsageError(`${command ?? "A command"} takes exactly one folder.`);
  const folder = path.resolve(positionals[0]!);
  if (command === "create") {
    if (values["data-dir"]) throw new UsageError("create backs up DATA_DIR: set DATA_DIR instead of --data-dir.");
    return { action: "create", folder };
  }
  if (command === "restore") return { action: "restore", backup: folder, dataDir: values["data-dir"] };
  throw new UsageError(command ? `Unknown command "${command}".` : "Name a command.");
}

async function create(config: Config, folder: string): Promise<BackupSummary> {
  if (config.databaseUrl)
    throw new CliError(
      "This site's database is PostgreSQL (DATABASE_URL): back it up with pg_dump, " +
        "and DATA_DIR's keys and media beside it (README, Backups).",
    );
  if (!existsSync(path.join(config.dataDir, "pglite", "PG_VERSION")))
    throw new CliError(`Nothing to back up: ${config.dataDir} holds no embedded database (is DATA_DIR right?).`);
  const [{ openDatabase, EmbeddedDatabaseBusyError }, { openChain }, { createBackup }] = await Promise.all([
    import("../lib/db/client"),
    import("../lib/server/create-runtime"),
    import("../lib/server/backup/create-backup"),
  ]);
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir, migrate: false, smallBufferPool: true });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError) return createThroughSite(config, folder, error.holderPid);
    throw error;
  }
  try {
    const chain = await openChain(config);
    try {
      return await createBackup({ database, chain, dataDir: config.dataDir }, folder);
    } finally {
      await chain.close();
    }
  } finally {
    await database.close();
  }
}

/** The running site writes the backup: it alone can copy the database it holds. */
async function createThroughSite(config: Config, folder: string, holderPid: number): Promise<BackupSummary> {
  const instance = readInstanceFile(config.dataDir);
  const file = instanceFilePath(config.dataDir);
  if (!instance || instance.pid !== holderPid || !isProcessAlive(instance.pid))
    throw new CliError(
      `The embedded database in ${config.dataDir} is in use by process ${holderPid}, but ` +
        `${instance ? `${file} describes another process (${instance.pid})` : `there is no ${file}`}: ` +
        `that process is not a running Dropmint site, or it is still starting. ` +
        `Wait for the site to be ready and retry.`,
    );
  let response: Response;
  try {
    response = await fetch(new URL("/api/internal/backup", instance.adminUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Admin-Token": instance.adminToken },
      body: JSON.stringify({ action: "create", folder }),
      signal: AbortSignal.timeout(SITE_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    throw new CliError(
      `The site (pid ${instance.pid}) could not be reached at ${instance.adminUrl} (${cause}). ` +
        `Retry once it serves pages.`,
    );
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (body?.success === true) return adminBackupResponseSchema.parse(body).backup;
  if (response.status === 404 && (!body || body.error === "No such endpoint."))
    throw new CliError(
      `The site at ${instance.adminUrl} did not accept the admin token from its instance.json, ` +
        `or has no backup endpoint (an older build). Restart the site and retry.`,
    );
  throw new CliError(typeof body?.error === "string" ? body.error : `The site answered HTTP ${response.status}.`);
}

async function restore(backup: string, dataDir: string): Promise<BackupSummary> {
  const { restoreBackup, RestoreRefusedError } = await import("../lib/server/backup/restore-backup");
  try {
    return await restoreBackup(backup, dataDir);
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw new CliError(error.message);
    throw error;
  }
}

function describe(summary: BackupSummary, restored = false): string {
  const { counts } = summary;
  return [
    `  ${counts.collections} drops, ${counts.nftsMinted} NFTs minted, ${counts.mintSessions} mint sessions`,
    `  chain: ${summary.chainSeq === null ? "not in the backup (an RPC chain)" : `change ${summary.chainSeq}`}`,
    `  schema: ${summary.migration ?? "no migrations"}`,
    `  ${summary.files} files, ${(summary.bytes / 1e6).toFixed(1)} MB; ` +
      (restored
        ? `restored in ${summary.tookMs} ms`
        : `the database was held ${summary.heldMs} ms, ${summary.tookMs} ms in all`),
  ].join("\n");
}

/** The command on `config`'s data folder; exported for the CLI tests' in-process runs. */
export async function backup(argv: string[], config: Config = getConfig()): Promise<void> {
  const command = parseCommand(argv);
  if (command.action === "create") {
    const summary = await create(config, command.folder);
    console.log(`Backed up ${config.dataDir} into ${summary.folder} (${summary.createdAt}):\n${describe(summary)}`);
    return;
  }
  const dataDir = path.resolve(command.dataDir ?? config.dataDir);
  const summary = await restore(command.backup, dataDir);
  console.log(`Restored ${command.backup} into ${dataDir}:\n${describe(summary, true)}`);
  console.log(`Start the site with DATA_DIR=${dataDir}; it settles the mints that were in flight at the backup.`);
}

if (isEntryPoint(import.meta.url)) runCommand("backup", USAGE, () => backup(process.argv.slice(2)));

// `npm run drop -- <command> <folder>`: launch a drop from a Metaplex Sugar project folder.
//
//   validate <folder>   check everything, write nothing; every problem with its file and JSON path
//   create <folder>     store the media, create the drop, its phases, NFTs and on-chain collection
//   update <folder>     apply the folder's changes (refused when they would break NFTs already sold)
//   (create and update take --fill-hash: write the assets hash into hiddenSettings.hash, as Sugar does)
//   show <folder|shortId>
//
// The folder is Sugar's: config.json, assets/ (0.json + 0.png … and collection.json +
// collection.png), an optional dropmint.json, and the wallet files allowList guards name.
//
// Where it runs (like `npm run keys`): against the configured database and chain directly,
// or, while the site holds the embedded database or chain, through the site's admin
// endpoint (POST /api/internal/drops; address and token from `<DATA_DIR>/instance.json`).
// Media are stored by this process either way (under DATA_DIR or in the bucket), and the
// drop plan staged as `<DATA_DIR>/launches/<shortId>.json` for the service to read.
//
// Interrupted (Ctrl-C, kill -9)? Run the same command again: stored media are found by their
// content hash and not stored twice, the on-chain collection is found at its derived address
// and not created twice, and the drop is written in one transaction, so it is all there or
// not at all.
import { readFile, stat } from "node:fs/promises";
import v8 from "node:v8";
import path from "node:path";
import sharp from "sharp";
import { getConfig, type Config } from "../lib/config";
import type { Chain } from "../lib/chain";
import type { Database } from "../lib/db/client";
import { formatProblem } from "../lib/domain/folder-problems";
import { isProcessAlive } from "../lib/fs/dir-lock";
import { fillHiddenHash, onlyTheHashDiffers } from "../lib/launch/fill-hidden-hash";
import { readDropFolder, shortIdFrom, type DropDraft } from "../lib/launch/read-folder";
import { launchDraft, type LaunchTarget } from "../lib/launch/launch-draft";
import { openMediaStore } from "../lib/media/media-store";
import { adminDropsResponseSchema } from "../lib/schemas/drop-plan";
import { instanceFilePath, readInstanceFile } from "../lib/server/instance-file";
import type { ServiceContext } from "../lib/services/context";
import { runCommand, UsageError } from "./cli-run";

const USAGE = `Usage:
  npm run drop -- validate <folder>
  npm run drop -- create <folder> [--fill-hash]
  npm run drop -- update <folder> [--fill-hash]
  npm run drop -- show <folder|shortId>`;

/** A failure with a sentence for the creator; printed as is, exit 1. */
class CliError extends Error {}

/** Creating thousands of NFTs takes a while: the site gets this long to answer. */
const SITE_TIMEOUT_MS = 10 * 60_000;

type Command = { action: "validate" | "create" | "update" | "show"; target: string; fillHash: boolean };

function parseCommand(argv: string[]): Command {
  const fillHash = argv.includes("--fill-hash");
  const [action, target, ...rest] = argv.filter((arg) => arg !== "--fill-hash");
  if (fillHash && action !== "create" && action !== "update")
    throw new UsageError("--fill-hash goes with create or update (validate never writes).");
  if (!action) throw new UsageError("Name a command.");
  if (!["validate", "create", "update", "show"].includes(action)) throw new UsageError(`Unknown command "${action}".`);
  if (!target || rest.length > 0)
    throw new UsageError(`${action} takes exactly one folder${action === "show" ? " or short ID" : ""}.`);
  return { action: action as Command["action"], target, fillHash };
}

// ---------------------------------------------------------------------------------------
// Progress

/** A progress line with counts, the rate and the time left: redrawn in place on a terminal, a line every 5% elsewhere. */
function progress(label: string) {
  const started = Date.now();
  const tty = process.stdout.isTTY === true;
  let lastPrinted = -1;
  return (done: number, total: number) => {
    const elapsed = (Date.now() - started) / 1000;
    const left = done > 0 ? (elapsed / done) * (total - done) : 0;
    const width = 24;
    const filled = Math.round((done / Math.max(total, 1)) * width);
    const rate = elapsed > 0 ? done / elapsed : 0;
    const line = `${label.padEnd(16)} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total}  ${rate.toFixed(rate < 10 ? 1 : 0)}/s  ${done < total ? `~${left < 1 ? "<1" : Math.round(left)} s left` : `${elapsed.toFixed(1)} s`}`;
    if (tty) {
      process.stdout.write(`\r${line}${done === total ? "\n" : ""}`);
      return;
    }
    const step = Math.max(1, Math.floor(total / 20));
    if (done === total || done - lastPrinted >= step) {
      lastPrinted = done;
      console.log(line);
    }
  };
}

// ---------------------------------------------------------------------------------------
// Where the services run: here, or in the site that holds the database or chain

type Target = LaunchTarget & { where: string };

/** The database, the chain and the services, loaded only by the commands that write (validate starts in about a second). */
async function loadServices() {
  const [chain, db, runtime, hooks, context, launch, caches] = await Promise.all([
    import("../lib/chain"),
    import("../lib/db/client"),
    import("../lib/server/create-runtime"),
    import("../lib/server/runtime"),
    import("../lib/services/context"),
    import("../lib/services/drop-launch"),
    import("../lib/services/read-caches"),
  ]);
  return {
    ...chain,
    ...db,
    openChain: runtime.openChain,
    runtimeHooks: hooks.runtimeHooks,
    systemClock: context.systemClock,
    runDropCommand: launch.runDropCommand,
    createReadCaches: caches.createReadCaches,
  };
}

async function openTarget(config: Config): Promise<Target> {
  const {
    ChainLockedError,
    EmbeddedDatabaseBusyError,
    createReadCaches,
    loadServerKeys,
    openChain,
    openDatabase,
    runDropCommand,
    runtimeHooks,
    systemClock,
  } = await loadServices();
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
      smallBufferPool: true,
    });
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError && !config.databaseUrl) return siteTarget(config, error.holderPid);
    throw error;
  }
  let chain: Chain;
  try {
    chain = await openChain(config);
    chain = runtimeHooks().decorateChain?.(chain) ?? chain;
  } catch (error) {
    await database.close();
    if (error instanceof ChainLockedError) return siteTarget(config, null);
    throw error;
  }
  const ctx: ServiceContext = {
    db: database.prisma,
    chain,
    config,
    clock: systemClock,
    publicBaseUrl: config.publicUrl,
    keys: loadServerKeys(config),
    caches: createReadCaches(),
  };
  return {
    where: database.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL",
    run: (command) => runDropCommand(ctx, command),
    async close() {
      await chain.close();
      await database.close();
    },
  };
}

function siteTarget(config: Config, holderPid: number | null): Target {
  const instance = readInstanceFile(config.dataDir);
  if (!instance || (holderPid !== null && instance.pid !== holderPid) || !isProcessAlive(instance.pid)) {
    throw new CliError(
      `The embedded ${holderPid !== null ? `database in ${config.dataDir} is in use by process ${holderPid}` : `chain in ${config.dataDir} is in use by another process`}, ` +
        `but ${instance ? `${instanceFilePath(config.dataDir)} describes another process (${instance.pid})` : `there is no ${instanceFilePath(config.dataDir)}`}: ` +
        `that process is not a running Dropmint site, or it is still starting. Wait for the site to be ready and retry.`,
    );
  }
  return {
    where: `the running site (pid ${instance.pid})`,
    async run(command) {
      let response: Response;
      try {
        response = await fetch(new URL("/api/internal/drops", instance.adminUrl), {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Admin-Token": instance.adminToken },
          body: JSON.stringify(command),
          signal: AbortSignal.timeout(SITE_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
        throw new CliError(
          `The site (pid ${instance.pid}) could not be reached at ${instance.adminUrl} (${cause}). Retry once it serves pages, or stop it and rerun this command.`,
        );
      }
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      if (body?.success === true) return adminDropsResponseSchema.parse(body);
      if (response.status === 404 && (!body || body.error === "No such endpoint.")) {
        throw new CliError(
          `The site at ${instance.adminUrl} did not accept the admin token from its instance.json, or has no drop endpoint (an older build). Restart the site and retry.`,
        );
      }
      throw new CliError(typeof body?.error === "string" ? body.error : `The site answered HTTP ${response.status}.`);
    },
    close: async () => undefined,
  };
}

// ---------------------------------------------------------------------------------------
// Commands

async function checkFolder(folder: string, fillHash = false): Promise<DropDraft> {
  const isDir = await stat(folder).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) throw new CliError(`${folder} is not a folder.`);
  let result = await readDropFolder(folder, progress("Checking images"));
  if (fillHash && onlyTheHashDiffers(result)) {
    await fillHiddenHash(folder, result.hiddenHash.expected);
    console.log(`Wrote hiddenSettings.hash "${result.hiddenHash.expected}" into config.json (--fill-hash).`);
    result = await readDropFolder(folder, progress("Checking again"));
  }
  for (const note of result.notes) console.log(`Note: ${formatProblem(note)}`);
  if (!result.ok) {
    console.log(`\n${result.problems.length} problem${result.problems.length === 1 ? "" : "s"} in ${folder}:`);
    for (const p of result.problems) console.log(`  ${formatProblem(p)}`);
    throw new CliError(`${folder} was refused; nothing was written. Fix the problems above and run the command again.`);
  }
  return result.draft;
}

function describeDraft(draft: DropDraft): string[] {
  return [
    `${draft.collection.metadata.name} (${draft.config.symbol}): ${draft.assets.length} NFTs, ${draft.phases.length} phase${draft.phases.length === 1 ? "" : "s"} (${draft.phases.map((p) => p.name).join(", ")})`,
    `  Short ID:     ${draft.shortId}`,
    `  Treasury:     ${draft.treasury}`,
    `  Assets hash:  ${draft.assetsHash}${draft.config.hiddenSettings ? " (matches hiddenSettings.hash)" : " (for hiddenSettings.hash)"}`,
  ];
}

async function stageAndRun(
  config: Config,
  readDraft: () => Promise<DropDraft>,
  action: "create" | "update",
): Promise<void> {
  const store = await openMediaStore(config);
  try {
    const { result, cleared, seconds } = await launchDraft({
      dataDir: config.dataDir,
      store,
      readDraft,
      openTarget: () => openTarget(config),
      action,
      onStore: progress("Storing media"),
      onRun: (target) =>
        console.log(`${action === "create" ? "Creating the drop" : "Updating the drop"} in ${target.where}…`),
    });
    const verb = {
      created: "Created",
      "already-created": "Already created (nothing to do)",
      updated: "Updated",
      unchanged: "Nothing changed",
      shown: "",
    }[result.outcome];
    console.log(
      `${verb} in ${seconds.toFixed(1)} s${cleared > 0 ? `; cleared ${cleared} stored file${cleared === 1 ? "" : "s"} the drop no longer uses` : ""}.`,
    );
    for (const line of result.lines) console.log(line);
  } finally {
    store.close();
  }
}

/** The short ID a folder launches under, read cheaply (no image is decoded). */
async function shortIdOfFolder(folder: string): Promise<string> {
  const extras = await readFile(path.join(folder, "dropmint.json"), "utf8").then(
    (text) => JSON.parse(text) as { shortId?: string },
    () => ({}) as { shortId?: string },
  );
  if (extras.shortId) return extras.shortId;
  const collection = await readFile(path.join(folder, "assets", "collection.json"), "utf8").then(
    (text) => JSON.parse(text) as { name?: string },
  );
  const shortId = collection.name ? shortIdFrom(collection.name) : null;
  if (!shortId) throw new CliError(`${folder} names no short ID (dropmint.json's shortId, or collection.json's name).`);
  return shortId;
}

// Each image is decoded once here: libvips' cache of recent operations would only hold memory.
sharp.cache(false);
// `npm run drop` also starts node with --max-semi-space-size=2 (package.json; it cannot be set
// once the heap exists): the command's garbage is short-lived, and a 2 MB young generation
// instead of 16 MB holds about 30 MB less through validate and 45 MB less through create, at
// no measurable cost in time.
// A command this short gains nothing from V8's optimizing tier for WebAssembly (PGlite, Prisma's
// query compiler): compiled once by the baseline compiler, it starts sooner and holds about
// 80 MB less. Set before the database modules load (they are imported only when needed).
v8.setFlagsFromString("--liftoff-only");

async function main(argv: string[]): Promise<void> {
  const command = parseCommand(argv);
  const config = getConfig();
  switch (command.action) {
    case "validate": {
      const draft = await checkFolder(command.target);
      console.log(`\n${command.target} is ready to launch:`);
      for (const line of describeDraft(draft)) console.log(line);
      return;
    }
    case "create":
    case "update": {
      await stageAndRun(config, () => checkFolder(command.target, command.fillHash), command.action);
      return;
    }
    case "show": {
      const isDir = await stat(command.target).then(
        (s) => s.isDirectory(),
        () => false,
      );
      const shortId = isDir ? await shortIdOfFolder(command.target) : command.target;
      const target = await openTarget(config);
      try {
        for (const line of (await target.run({ action: "show", shortId })).lines) console.log(line);
      } finally {
        await target.close();
      }
    }
  }
}

process.once("SIGINT", () => {
  console.error("\ndrop: interrupted. Nothing is half-written: run the same command again to resume.");
  process.exit(130);
});

runCommand("drop", USAGE, () => main(process.argv.slice(2)));

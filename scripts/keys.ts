// `npm run keys -- <command>`: issue, list and revoke partner API keys.
//
//   create --class pub|live|test --collections <shortId,...|all> [--origins <url,...>] [--label <text>]
//   list
//   revoke <id|prefix>
//   ban <drop> --reason <text>   ban a drop (an asset): prepare and execute refuse it (ASSET_BANNED)
//   unban <drop>
//   bans                         list the banned drops
//   profile clear-name|clear-avatar|block|unblock <wallet> [--reason <text>]
//                                moderate a collector's profile (block: no name, avatar or
//                                reactions until unblocked; shown everywhere within a second)
//
// Keys are stored only as SHA-256 hashes: `create` prints the key once and never again.
// Bans live here because they are the operator's other lever on who mints what.
//
// Where the command runs: on PostgreSQL (DATABASE_URL), or on the embedded database when
// no other process has it open, directly against the database. While the site runs on the
// embedded database it holds it (PGlite is single-process), so the command is sent to the
// site's admin endpoint instead (POST /api/internal/keys, address and token from
// `<DATA_DIR>/instance.json`). Both paths print the same thing.
import { parseArgs } from "node:util";
import { getConfig, type Config } from "../lib/config";
import { EmbeddedDatabaseBusyError, openDatabase, type Database } from "../lib/db/client";
import { API_KEY_CLASSES, type ApiKeyClass } from "../lib/auth/api-keys";
import { isProcessAlive } from "../lib/fs/dir-lock";
import { readInstanceFile, instanceFilePath, type InstanceInfo } from "../lib/server/instance-file";
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  type ApiKeySummary,
  type CreateApiKeyInput,
} from "../lib/services/api-keys";
import { systemClock } from "../lib/services/context";
import { banAsset, listAssetBans, unbanAsset, type AssetBanSummary } from "../lib/services/asset-bans";
import { PROFILE_MODERATIONS, type ProfileModeration } from "../lib/domain/profile-moderation";
import { moderateProfile, type ModerationResult } from "../lib/services/profile-edit";
import { isEntryPoint, runCommand, UsageError } from "./cli-run";

export const USAGE = `Usage:
  npm run keys -- create --class pub|live|test --collections <shortId,...|all> [--origins <url,...>] [--label <text>]
    (test keys reach only the sample collections, SANDBOX_COLLECTIONS; --collections is optional for them)
  npm run keys -- list
  npm run keys -- revoke <id|prefix>
  npm run keys -- ban <shortId|uuid|address> --reason <text>
  npm run keys -- unban <shortId|uuid|address>
  npm run keys -- bans
  npm run keys -- profile clear-name|clear-avatar|block|unblock <wallet> [--reason <text>]`;

/** A failure with a sentence for the user; printed as is, exit 1. */
class CliError extends Error {}

const REMOTE_TIMEOUT_MS = 30_000;

/** The three operations, done directly on a database or by the running site. */
type KeyStore = {
  create(input: CreateApiKeyInput): Promise<{ key: string; summary: ApiKeySummary }>;
  list(): Promise<ApiKeySummary[]>;
  revoke(idOrPrefix: string): Promise<ApiKeySummary>;
  ban(identifier: string, reason: string): Promise<AssetBanSummary>;
  unban(identifier: string): Promise<AssetBanSummary | null>;
  bans(): Promise<AssetBanSummary[]>;
  moderate(input: ProfileCommand): Promise<ModerationResult>;
  close(): Promise<void>;
};

type Command =
  | { action: "create"; input: CreateApiKeyInput }
  | { action: "list" }
  | { action: "revoke"; idOrPrefix: string }
  | { action: "ban"; identifier: string; reason: string }
  | { action: "unban"; identifier: string }
  | { action: "bans" }
  | ({ action: "profile" } & ProfileCommand);

type ProfileCommand = { moderation: ProfileModeration; wallet: string; reason?: string };

const splitList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** Parses the arguments before anything is opened: a usage mistake never touches the database. */
function parseCommand(argv: string[]): Command {
  const [command, ...args] = argv;
  switch (command) {
    case "create": {
      const { values } = parseArgs({
        args,
        options: {
          class: { type: "string" },
          collections: { type: "string" },
          origins: { type: "string" },
          label: { type: "string" },
        },
      });
      const keyClass = values.class as ApiKeyClass;
      if (!API_KEY_CLASSES.includes(keyClass))
        throw new UsageError(`--class must be one of ${API_KEY_CLASSES.join(", ")}.`);
      // A sandbox key reaches the sample collections whatever it is issued for: without --collections it is issued for them all.
      if (!values.collections && keyClass !== "test")
        throw new UsageError('--collections is required: short IDs separated by commas, or "all".');
      const collections =
        !values.collections || values.collections.trim() === "all" ? "all" : splitList(values.collections);
      return {
        action: "create",
        input: { keyClass, collections, origins: splitList(values.origins), label: values.label },
      };
    }
    case "list":
      return { action: "list" };
    case "revoke": {
      const { positionals } = parseArgs({ args, allowPositionals: true });
      if (positionals.length !== 1) throw new UsageError("revoke takes exactly one key id or display prefix.");
      return { action: "revoke", idOrPrefix: positionals[0]! };
    }
    case "ban": {
      const { positionals, values } = parseArgs({
        args,
        allowPositionals: true,
        options: { reason: { type: "string" } },
      });
      if (positionals.length !== 1) throw new UsageError("ban takes exactly one drop: short ID, UUID or address.");
      if (!values.reason?.trim()) throw new UsageError("--reason is required: collectors who try to mint see it.");
      return { action: "ban", identifier: positionals[0]!, reason: values.reason };
    }
    case "unban": {
      const { positionals } = parseArgs({ args, allowPositionals: true });
      if (positionals.length !== 1) throw new UsageError("unban takes exactly one drop: short ID, UUID or address.");
      return { action: "unban", identifier: positionals[0]! };
    }
    case "bans":
      return { action: "bans" };
    case "profile": {
      const { positionals, values } = parseArgs({
        args,
        allowPositionals: true,
        options: { reason: { type: "string" } },
      });
      const [moderation, wallet] = positionals as [ProfileModeration, string];
      if (positionals.length !== 2 || !PROFILE_MODERATIONS.includes(moderation))
        throw new UsageError(`profile takes one of ${PROFILE_MODERATIONS.join(", ")} and a wallet address.`);
      if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(wallet)) throw new UsageError(`"${wallet}" is not a wallet address.`);
      return { action: "profile", moderation, wallet, reason: values.reason?.trim() || undefined };
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".` : "Name a command.");
  }
}

async function run(store: KeyStore, command: Command): Promise<void> {
  switch (command.action) {
    case "create": {
      const { key, summary } = await store.create(command.input);
      console.log(describe(summary));
      console.log(`\n  ${key}\n`);
      console.log("Store this key now: it is kept only as a hash and cannot be shown again.");
      if (command.input.keyClass === "live")
        console.log("This is a secret key: use it from servers only, never in browser code.");
      return;
    }
    case "list": {
      const keys = await store.list();
      if (keys.length === 0) return console.log("No API keys yet.");
      for (const key of keys) console.log(describe(key));
      return;
    }
    case "revoke": {
      const summary = await store.revoke(command.idOrPrefix);
      console.log(describe(summary));
      console.log("Revoked. Running instances stop accepting it within 10 seconds.");
      return;
    }
    case "ban":
      console.log(describeBan(await store.ban(command.identifier, command.reason)));
      return console.log("Banned. Every prepare and execute of this drop is refused from now on (ASSET_BANNED).");
    case "unban": {
      const lifted = await store.unban(command.identifier);
      return console.log(lifted ? `${describeBan(lifted)}\nUnbanned.` : "That drop was not banned.");
    }
    case "bans": {
      const bans = await store.bans();
      if (bans.length === 0) return console.log("No banned drops.");
      for (const ban of bans) console.log(describeBan(ban));
      return;
    }
    case "profile": {
      const { action: _action, ...input } = command;
      const done = await store.moderate(input);
      console.log(
        `${done.wallet}  ${MODERATED[done.moderation]}  (blocked from profiles: ${done.blocked ? "yes" : "no"})`,
      );
      return console.log("Every instance shows the change within about a second.");
    }
  }
}

const MODERATED: Record<ProfileModeration, string> = {
  "clear-name": "name cleared",
  "clear-avatar": "avatar cleared",
  block: "blocked; name and avatar cleared",
  unblock: "unblocked",
};

const describeBan = (ban: AssetBanSummary) =>
  `${ban.shortId ?? ban.collectionId}  banned ${ban.createdAt.toISOString()}  "${ban.reason}"`;

function describe(key: ApiKeySummary): string {
  return [
    `${key.displayPrefix}…  ${key.keyClass}  id ${key.id}${key.label ? `  "${key.label}"` : ""}`,
    `  collections: ${key.allCollections ? "all" : key.collections.join(", ")}`,
    `  origins:     ${key.origins.length ? key.origins.join(", ") : "(any; not origin-bound)"}`,
    `  created:     ${key.createdAt.toISOString()}`,
    `  revoked:     ${key.revokedAt ? key.revokedAt.toISOString() : "no"}`,
  ].join("\n");
}

function directStore(database: Database, config: Config): KeyStore {
  const context = { db: database.prisma, clock: systemClock };
  return {
    create: (input) => createApiKey(context, input, { sandboxCollections: config.sandbox.collections }),
    list: () => listApiKeys(context),
    revoke: (idOrPrefix) => revokeApiKey(context, idOrPrefix),
    ban: (identifier, reason) => banAsset(context, identifier, reason),
    unban: (identifier) => unbanAsset(context, identifier),
    bans: () => listAssetBans(context),
    moderate: (input) => moderateProfile(context, input),
    close: () => database.close(),
  };
}

/** The running site, when it holds the embedded database: checks instance.json describes it. */
function siteStore(config: Config, busy: EmbeddedDatabaseBusyError): KeyStore {
  const file = instanceFilePath(config.dataDir);
  const instance = readInstanceFile(config.dataDir);
  if (!instance || instance.pid !== busy.holderPid || !isProcessAlive(instance.pid)) {
    throw new CliError(
      `The embedded database in ${config.dataDir} is in use by process ${busy.holderPid}, ` +
        `but ${instance ? `${file} describes another process (${instance.pid})` : `there is no ${file}`}: ` +
        `that process is not a running Dropmint site, or it is still starting. ` +
        `Wait for it to finish (or for the site to be ready) and retry, or stop process ${busy.holderPid}.`,
    );
  }
  return {
    create: async (input) => {
      const body = await callSite(instance, { action: "create", ...input });
      return { key: String(body.key), summary: summaryFromJson(body.apiKey) };
    },
    list: async () => {
      const body = await callSite(instance, { action: "list" });
      if (!Array.isArray(body.apiKeys)) throw new CliError("The running site answered without a key list.");
      return body.apiKeys.map(summaryFromJson);
    },
    revoke: async (idOrPrefix) => summaryFromJson((await callSite(instance, { action: "revoke", idOrPrefix })).apiKey),
    ban: async (identifier, reason) =>
      banFromJson((await callSite(instance, { action: "ban", identifier, reason })).ban),
    unban: async (identifier) => {
      const { ban } = await callSite(instance, { action: "unban", identifier });
      return ban === null ? null : banFromJson(ban);
    },
    bans: async () => {
      const body = await callSite(instance, { action: "bans" });
      if (!Array.isArray(body.bans)) throw new CliError("The running site answered without a ban list.");
      return body.bans.map(banFromJson);
    },
    moderate: async (input) => moderationFromJson((await callSite(instance, { action: "profile", ...input })).profile),
    close: async () => undefined,
  };
}

function moderationFromJson(value: unknown): ModerationResult {
  const row = (value ?? {}) as Record<string, unknown>;
  if (typeof row.wallet !== "string" || !PROFILE_MODERATIONS.includes(row.moderation as ProfileModeration))
    throw new CliError("The running site answered with an unexpected profile moderation.");
  return { wallet: row.wallet, moderation: row.moderation as ProfileModeration, blocked: row.blocked === true };
}

async function callSite(instance: InstanceInfo, command: Record<string, unknown>): Promise<Record<string, unknown>> {
  const url = new URL("/api/internal/keys", instance.adminUrl);
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Admin-Token": instance.adminToken },
      body: JSON.stringify(command),
      signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS),
    });
  } catch (error) {
    const cause =
      error instanceof Error && error.cause instanceof Error
        ? error.cause.message
        : error instanceof Error
          ? error.message
          : String(error);
    throw new CliError(
      `The site (pid ${instance.pid}) holds the embedded database, but it could not be reached at ${instance.adminUrl} (${cause}). ` +
        `Is it still starting, or listening on another address? Retry once it serves pages, or stop it and rerun this command.`,
    );
  }
  const text = await response.text();
  let body: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
  } catch {
    // handled below
  }
  if (body?.success === true) return body;
  // The endpoint answers a wrong token exactly as an unknown path; a server without the
  // endpoint (an older build, or something else on the port) answers 404 too.
  if (response.status === 404 && (!body || body.error === "No such endpoint.")) {
    throw new CliError(
      `The site at ${instance.adminUrl} (pid ${instance.pid}) did not accept the admin token from its instance.json, or has no admin endpoint ` +
        `(an older build, or another server on that port). Restart the site and retry.`,
    );
  }
  if (body && typeof body.error === "string") throw new CliError(body.error);
  throw new CliError(`The site at ${instance.adminUrl} answered HTTP ${response.status} with an unexpected body.`);
}

function summaryFromJson(value: unknown): ApiKeySummary {
  const row = (value ?? {}) as Record<string, unknown>;
  if (typeof row.id !== "string" || typeof row.displayPrefix !== "string" || typeof row.createdAt !== "string") {
    throw new CliError("The running site answered with an unexpected key summary.");
  }
  return {
    id: row.id,
    displayPrefix: row.displayPrefix,
    keyClass: row.keyClass as ApiKeyClass,
    label: typeof row.label === "string" ? row.label : null,
    origins: Array.isArray(row.origins) ? row.origins.map(String) : [],
    allCollections: row.allCollections === true,
    collections: Array.isArray(row.collections) ? row.collections.map(String) : [],
    createdAt: new Date(row.createdAt),
    revokedAt: typeof row.revokedAt === "string" ? new Date(row.revokedAt) : null,
  };
}

function banFromJson(value: unknown): AssetBanSummary {
  const row = (value ?? {}) as Record<string, unknown>;
  if (typeof row.collectionId !== "string" || typeof row.createdAt !== "string")
    throw new CliError("The running site answered with an unexpected ban.");
  return {
    collectionId: row.collectionId,
    shortId: typeof row.shortId === "string" ? row.shortId : null,
    reason: String(row.reason),
    createdAt: new Date(row.createdAt),
  };
}

async function openStore(config: Config): Promise<KeyStore> {
  try {
    return directStore(
      await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 }),
      config,
    );
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError && !config.databaseUrl) return siteStore(config, error);
    throw error;
  }
}

/** The command on `config`'s database; exported for the CLI tests' in-process runs. */
export async function keys(argv: string[], config: Config = getConfig()): Promise<void> {
  const command = parseCommand(argv);
  const store = await openStore(config);
  try {
    await run(store, command);
  } finally {
    await store.close();
  }
}

if (isEntryPoint(import.meta.url)) runCommand("keys", USAGE, () => keys(process.argv.slice(2)));

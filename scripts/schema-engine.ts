// Prisma's schema engine (the part of the Prisma CLI behind `migrate dev` / `migrate diff`),
// run as WebAssembly, for writing and checking migrations where the Prisma CLI cannot
// download its native schema-engine binary.
//
// Prisma publishes the same engine compiled to WebAssembly as `@prisma/schema-engine-wasm`
// (a devDependency, pinned to the exact engines version of the installed `prisma`). That
// package's entry point imports the .wasm file as an ES module, which Node cannot load, so
// this file instantiates the module itself with the package's own wasm-bindgen glue
// (`schema_engine_bg.js`). Before using it, it checks that the package's .wasm is
// byte-identical to the one the installed Prisma CLI ships (node_modules/prisma/build/
// schema_engine_bg.wasm): the SQL we write is then exactly what that CLI's engine would write,
// and upgrading `prisma` without upgrading the devDependency fails loudly here.
//
// The WASM engine talks to databases only through Prisma driver adapters: a main connection
// (queried once for the server version when the engine starts) and a shadow database, on
// which it replays the migrations folder for a `{ tag: "migrations" }` diff source. Two
// kinds of shadow are supported:
// - "postgres": a throwaway `dropmint_shadow_<random>` database on a PostgreSQL server
//   (created and dropped through the admin URL; the main connection is that admin URL);
// - "pglite": in-memory PGlite instances (no server needed, but ~5 s each to initialise).
// (@prisma/adapter-pg's own connectToShadowDb cannot be used: it drops the shadow database
// while its own pool is still connected, which fails, and a factory built from a connection
// string would even point the "shadow" pool at the main database. Its adapters also refuse
// the `"char"` columns of the engine's introspection queries: see acceptCharColumns().)
//
// A development tool, not part of the product: used by `npm run db:new-migration`
// (scripts/db-new-migration.ts) and by tests/db (new-migration, schema-matches-migrations),
// never by the app. It may import small helpers from lib/db; nothing under lib/ imports it.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import * as glue from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { DiffTarget, MigrationList, SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PGLITE_EXTENSIONS } from "../lib/db/pglite-extensions";
import { probePostgres, redactUrl, withAdmin } from "../lib/db/postgres-admin";

export type { DiffTarget, MigrationList, SchemaEngine };

const require = createRequire(import.meta.url);

// ── Loading the engine ─────────────────────────────────────────────────────────────────

export type SchemaEngineWasmInfo = {
  /** Version of @prisma/schema-engine-wasm, e.g. `7.10.0-4.<engines hash>`. */
  version: string;
  /** Path of the .wasm file loaded. */
  wasmPath: string;
  /** sha256 (hex) of that file, identical to the installed Prisma CLI's. */
  sha256: string;
};

function packageDir(entry: string): string {
  let dir = path.dirname(require.resolve(entry));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let loading: Promise<SchemaEngineWasmInfo> | undefined;

/** Instantiates the WASM schema engine once per process (the glue keeps it in module state). */
export function loadSchemaEngineWasm(): Promise<SchemaEngineWasmInfo> {
  loading ??= (async () => {
    const dir = packageDir("@prisma/schema-engine-wasm/schema_engine_bg");
    const { version } = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string };
    const wasmPath = path.join(dir, "schema_engine_bg.wasm");
    const bytes = readFileSync(wasmPath);
    const digest = sha256(bytes);

    const cliWasm = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "schema_engine_bg.wasm");
    if (!existsSync(cliWasm))
      throw new Error(`The Prisma CLI's schema engine is missing (${cliWasm}); run \`npm install\`.`);
    const cliDigest = sha256(readFileSync(cliWasm));
    if (cliDigest !== digest) {
      const enginesVersion = (
        JSON.parse(readFileSync(require.resolve("@prisma/engines-version/package.json"), "utf8")) as { version: string }
      ).version;
      throw new Error(
        `@prisma/schema-engine-wasm ${version} is not the schema engine of the installed Prisma CLI ` +
          `(${cliWasm} differs). Install the matching one: ` +
          `npm install -D --save-exact @prisma/schema-engine-wasm@${enginesVersion}`,
      );
    }

    const compiled = await WebAssembly.compile(bytes);
    // wasm-bindgen output: every import lives in the glue module, under its file name.
    const importModules = new Set(WebAssembly.Module.imports(compiled).map((entry) => entry.module));
    const imports: WebAssembly.Imports = {};
    for (const name of importModules) imports[name] = glue as unknown as WebAssembly.ModuleImports;
    const instance = await WebAssembly.instantiate(compiled, imports);
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return { version, wasmPath, sha256: digest };
  })();
  loading.catch(() => (loading = undefined));
  return loading;
}

// ── Databases for the engine ───────────────────────────────────────────────────────────

export type ShadowTarget =
  /**
   * Throwaway databases on the PostgreSQL server of `adminUrl`, created and dropped through it,
   * named `<namePrefix><random hex>` (default prefix `dropmint_shadow_`).
   */
  | { kind: "postgres"; adminUrl: string; namePrefix?: string }
  /** In-memory PGlite instances. */
  | { kind: "pglite" };

/** Admin URL for shadow databases: TEST_DATABASE_URL, else the local trust-auth server. */
export function defaultShadowAdminUrl(): string {
  return process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
}

/** OIDs of PostgreSQL's internal one-byte `"char"` type, and of `text`. */
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * @prisma/adapter-pg 7.10 refuses result columns of PostgreSQL's internal `"char"` type
 * ("Column type 'char' could not be deserialized"), and the engine's introspection queries
 * return some (pg_class.relkind, pg_constraint.contype, ...). Report them as text: node-pg
 * already hands their values over as one-character strings (pglite-prisma-adapter types them
 * `Character`, which the engine reads the same way). Patches the adapter's internal
 * `performIO`, through which every query passes; the version is pinned, and a change fails here.
 */
function acceptCharColumns(adapter: SqlDriverAdapter): SqlDriverAdapter {
  type Io = (query: unknown) => Promise<{ fields?: { dataTypeID: number }[] } | undefined>;
  const queryable = adapter as unknown as { performIO?: Io };
  const performIO = queryable.performIO;
  if (typeof performIO !== "function") {
    throw new Error(
      "@prisma/adapter-pg no longer has performIO(): revisit acceptCharColumns() in scripts/schema-engine.ts",
    );
  }
  queryable.performIO = async (query) => {
    const result = await performIO.call(adapter, query);
    for (const field of result?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
  return adapter;
}

/**
 * @prisma/adapter-pg 7.10 runs a script by splitting it on every ";", which breaks any
 * migration with a semicolon inside a function body ($$ … $$) or a comment. PostgreSQL's
 * simple query protocol runs a whole script in one call, as `prisma migrate` does, so the
 * script goes to the server in one piece.
 */
function runScriptsWhole(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const inner = adapter as unknown as {
    client?: { query(sql: string): Promise<unknown> };
    onError?(error: unknown): never;
  };
  if (typeof inner.client?.query !== "function") {
    throw new Error(
      "@prisma/adapter-pg no longer has its client: revisit runScriptsWhole() in scripts/schema-engine.ts",
    );
  }
  adapter.executeScript = async (script: string) => {
    try {
      await inner.client!.query(script);
    } catch (error) {
      if (inner.onError) inner.onError(error);
      throw error;
    }
  };
  return adapter;
}

type Resource = { adapter: SqlDriverAdapter; release(): Promise<void> };

/** Makes `adapter.dispose()` also run `after` (once), and returns a handle to do so ourselves. */
function withRelease(adapter: SqlDriverAdapter, after: () => Promise<void>): Resource {
  const dispose = adapter.dispose.bind(adapter);
  let releasing: Promise<void> | undefined;
  const release = () =>
    (releasing ??= (async () => {
      try {
        await dispose();
      } finally {
        await after();
      }
    })());
  adapter.dispose = release;
  return { adapter, release };
}

/**
 * A driver-adapter factory for the engine, plus `close()` that releases everything it opened
 * (the engine normally disposes the shadow itself; close() covers errors and the main pool).
 */
function adapterFactoryFor(shadow: ShadowTarget): {
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
} {
  const opened: Resource[] = [];

  if (shadow.kind === "postgres") {
    const { adminUrl, namePrefix = "dropmint_shadow_" } = shadow;
    if (!/^[a-z_][a-z0-9_]*$/.test(namePrefix))
      throw new Error(`Invalid shadow database name prefix ${JSON.stringify(namePrefix)}`);
    const main = new PrismaPg({ connectionString: adminUrl, max: 1 });
    const factory: SqlMigrationAwareDriverAdapterFactory = {
      provider: "postgres",
      adapterName: main.adapterName,
      async connect() {
        const adapter = runScriptsWhole(acceptCharColumns(await main.connect()));
        opened.push(withRelease(adapter, async () => undefined));
        return adapter;
      },
      async connectToShadowDb() {
        const name = `${namePrefix}${randomBytes(6).toString("hex")}`;
        await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
        const url = new URL(adminUrl);
        url.pathname = `/${name}`;
        const drop = () =>
          withAdmin(adminUrl, async (client) => {
            try {
              await client.query(`DROP DATABASE IF EXISTS "${name}"`);
            } catch {
              await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            }
          });
        let adapter: SqlDriverAdapter;
        try {
          adapter = runScriptsWhole(
            acceptCharColumns(await new PrismaPg({ connectionString: url.toString(), max: 2 }).connect()),
          );
        } catch (error) {
          await drop().catch(() => undefined);
          throw error;
        }
        const resource = withRelease(adapter, drop);
        opened.push(resource);
        return resource.adapter;
      },
    };
    return { factory, close: () => releaseAll(opened) };
  }

  const pglite = async (): Promise<SqlDriverAdapter> => {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const adapter = await new PrismaPGlite(client).connect();
    const resource = withRelease(adapter, () => client.close());
    opened.push(resource);
    return resource.adapter;
  };
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: "postgres",
    adapterName: "@prisma/adapter-pglite",
    connect: pglite,
    connectToShadowDb: pglite,
  };
  return { factory, close: () => releaseAll(opened) };
}

async function releaseAll(resources: Resource[]): Promise<void> {
  const results = await Promise.allSettled(resources.map((resource) => resource.release()));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

// ── Running the engine ─────────────────────────────────────────────────────────────────

export type SchemaFile = { path: string; content: string };

export type SchemaEngineOptions = {
  /** The Prisma schema (one file or several). */
  schema: SchemaFile[];
  shadow: ShadowTarget;
  /** Receives the engine's JSON log lines (default: printed to stderr when DEBUG is set). */
  log?: (line: string) => void;
};

/** Starts an engine, runs fn, then frees the engine and releases every connection it opened. */
export async function withSchemaEngine<T>(
  options: SchemaEngineOptions,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadSchemaEngineWasm();
  const log = options.log ?? ((line: string) => (process.env.DEBUG ? console.error(line) : undefined));
  const { factory, close } = adapterFactoryFor(options.shadow);
  let engine: SchemaEngine | undefined;
  try {
    engine = await glue.SchemaEngine.new(
      { datamodels: options.schema.map((file) => [file.path, file.content]) },
      log,
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return await fn(engine);
  } finally {
    engine?.free();
    await close();
  }
}

/**
 * The migrations folder as the Prisma CLI hands it to the engine: every sub-folder's
 * `migration.sql`, sorted by folder name with localeCompare, and the lock file.
 */
export async function readMigrationsList(migrationsDir: string, shadowDbInitScript = ""): Promise<MigrationList> {
  const lockPath = "migration_lock.toml";
  const lockContent = await readFile(path.join(migrationsDir, lockPath), "utf8").catch(() => null);
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const migrationDirectories: MigrationList["migrationDirectories"] = [];
  for (const entry of entries.filter((e) => e.isDirectory())) {
    const file = "migration.sql";
    const content = await readFile(path.join(migrationsDir, entry.name, file), "utf8").then(
      (value) => ({ tag: "ok" as const, value }),
      (error: unknown) => ({ tag: "error" as const, value: error instanceof Error ? error.message : String(error) }),
    );
    migrationDirectories.push({ path: entry.name, migrationFile: { path: file, content } });
  }
  migrationDirectories.sort((a, b) => a.path.localeCompare(b.path));
  return {
    baseDir: migrationsDir,
    lockfile: { path: lockPath, content: lockContent },
    shadowDbInitScript,
    migrationDirectories,
  };
}

export type SchemaDiff = {
  /** True when the two sides describe the same database. */
  empty: boolean;
  /** The SQL script, in Prisma's migration.sql format (Prisma's placeholder comment when empty). */
  script: string;
};

export type DiffToSchemaOptions = {
  /** Path of schema.prisma. */
  schemaPath: string;
  shadow: ShadowTarget;
  /** Folder of the migrations; omit to diff from an empty database. */
  migrationsDir?: string;
  log?: (line: string) => void;
};

/**
 * SQL taking the database that `migrationsDir`'s migrations build (replayed by the engine on
 * a shadow database) — or an empty database when `migrationsDir` is omitted — to the schema.
 * Equivalent to `prisma migrate diff --from-migrations <dir> --to-schema <schema> --script`.
 */
export async function diffToSchema(options: DiffToSchemaOptions): Promise<SchemaDiff> {
  const schema: SchemaFile = { path: options.schemaPath, content: await readFile(options.schemaPath, "utf8") };
  const from: DiffTarget = options.migrationsDir
    ? { tag: "migrations", ...(await readMigrationsList(options.migrationsDir)) }
    : { tag: "empty" };
  const result = await withSchemaEngine(
    { schema: [schema], shadow: options.shadow, ...(options.log ? { log: options.log } : {}) },
    (engine) =>
      engine.diff({
        from,
        to: { tag: "schemaDatamodel", files: [schema] },
        script: true,
        exitCode: true, // 2 when the diff is not empty
        filters: { externalTables: [], externalEnums: [] },
      }),
  );
  return { empty: result.exitCode !== 2, script: result.stdout ?? "" };
}

// ── Writing a migration ────────────────────────────────────────────────────────────────

/** Prisma's migration folder timestamp: UTC `YYYYMMDDHHMMSS`. */
export function migrationTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

/** The name part of a migration folder, as `prisma migrate dev --name` slugifies it. */
export function slugifyMigrationName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

export type NewMigrationOptions = {
  /** The user's name for it (slugified into the folder name). */
  name: string;
  migrationsDir: string;
  schemaPath: string;
  shadow: ShadowTarget;
  /** Clock for the folder timestamp (tests). */
  now?: Date;
  log?: (line: string) => void;
};

export type NewMigrationResult =
  { created: false; diff: SchemaDiff } | { created: true; diff: SchemaDiff; name: string; file: string };

/**
 * What `prisma migrate dev --create-only --name <name>` does: diffs the migrations folder
 * against the schema and, unless there is nothing to do, writes
 * `<migrationsDir>/<UTC timestamp>_<name>/migration.sql`.
 */
export async function createMigration(options: NewMigrationOptions): Promise<NewMigrationResult> {
  const slug = slugifyMigrationName(options.name);
  if (!slug) throw new Error(`"${options.name}" is not usable as a migration name (letters, digits and _ only).`);
  const name = `${migrationTimestamp(options.now)}_${slug}`;
  const existing = (await readMigrationsList(options.migrationsDir)).migrationDirectories.map((dir) => dir.path);
  const last = existing.at(-1);
  // Migrations apply in name order: a new one must come after every existing one.
  if (last !== undefined && name.localeCompare(last) <= 0) {
    throw new Error(`${name} would sort before the existing migration ${last} (check the clock); not writing it.`);
  }

  const diff = await diffToSchema({
    schemaPath: options.schemaPath,
    migrationsDir: options.migrationsDir,
    shadow: options.shadow,
    ...(options.log ? { log: options.log } : {}),
  });
  if (diff.empty) return { created: false, diff };

  const dir = path.join(options.migrationsDir, name);
  await mkdir(dir); // fails if it exists: never overwrite a migration
  const file = path.join(dir, "migration.sql");
  await writeFile(file, diff.script, { flag: "wx" });
  return { created: true, diff, name, file };
}

export { probePostgres, redactUrl };

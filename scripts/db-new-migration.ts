// `npm run db:new-migration -- <name>`: writes the next migration, like
// `prisma migrate dev --create-only --name <name>` would.
//
// It asks Prisma's own schema engine for the SQL that takes the database built by the
// migrations already in prisma/migrations to the one prisma/schema.prisma describes, and
// writes it to prisma/migrations/<UTC YYYYMMDDHHMMSS>_<name>/migration.sql (Prisma's layout,
// so the Prisma CLI and lib/db/migrator.ts both apply it). When the two already match it
// prints "No schema changes" and writes nothing. Review the file before committing it:
// like `migrate dev`, the engine may emit steps that lose data (dropped columns, ...).
//
// Why not `prisma migrate dev`: it runs a native schema-engine binary that the Prisma CLI
// downloads on first use, so it fails wherever that download is impossible. Prisma publishes
// the same engine compiled to WebAssembly (@prisma/schema-engine-wasm, pinned to the
// installed prisma's engine version and checked byte-for-byte against
// node_modules/prisma/build/schema_engine_bg.wasm); scripts/schema-engine.ts loads it and
// calls its `diff` with the migrations folder as the source, exactly as
// `prisma migrate diff --from-migrations` does.
// The engine replays the migrations on a shadow database and compares that with the schema:
//   --shadow=postgres  a throwaway database on the PostgreSQL server at TEST_DATABASE_URL
//                      (default postgresql://postgres@127.0.0.1:5432/postgres), dropped after;
//   --shadow=pglite    in-memory PGlite (no server needed; ~10 s slower);
//   default            postgres when that server answers, else pglite.
// Nothing is run against the app's own database (DATABASE_URL / DATA_DIR).
//
// Other options:
//   --print        print the SQL instead of writing a migration folder (name optional);
//   --from-empty   diff from an empty database instead of the migrations (with --print: the
//                  whole schema as one script, which is how 20261121000000_init was made).
import path from "node:path";
import {
  createMigration,
  defaultShadowAdminUrl,
  diffToSchema,
  probePostgres,
  redactUrl,
  type ShadowTarget,
} from "./schema-engine";

const root = path.resolve(import.meta.dirname, "..");
const migrationsDir = path.join(root, "prisma", "migrations");
const schemaPath = path.join(root, "prisma", "schema.prisma");

const USAGE = "Usage: npm run db:new-migration -- <name> [--shadow=postgres|pglite] [--print] [--from-empty]";

type Args = { name?: string; shadow: "auto" | "postgres" | "pglite"; print: boolean; fromEmpty: boolean };

function parseArgs(argv: string[]): Args {
  const args: Args = { shadow: "auto", print: false, fromEmpty: false };
  const names: string[] = [];
  for (const arg of argv) {
    if (arg === "--print") args.print = true;
    else if (arg === "--from-empty") args.fromEmpty = true;
    else if (arg === "--shadow=postgres" || arg === "--shadow=pglite")
      args.shadow = arg.slice("--shadow=".length) as Args["shadow"];
    else if (arg === "-h" || arg === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else if (arg.startsWith("-")) throw new Error(`Unknown option ${arg}\n${USAGE}`);
    else names.push(arg);
  }
  if (names.length > 1) throw new Error(`One name only (got ${names.join(", ")}); use _ between words.\n${USAGE}`);
  if (names[0] !== undefined) args.name = names[0];
  if (!args.print && !args.name) throw new Error(`Give the new migration a name.\n${USAGE}`);
  if (args.fromEmpty && !args.print)
    throw new Error("--from-empty only makes sense with --print (a migration from empty would recreate every table).");
  return args;
}

async function chooseShadow(choice: Args["shadow"]): Promise<ShadowTarget> {
  if (choice === "pglite") return { kind: "pglite" };
  const adminUrl = defaultShadowAdminUrl();
  const problem = await probePostgres(adminUrl);
  if (!problem) return { kind: "postgres", adminUrl };
  if (choice === "postgres") throw new Error(problem);
  console.error(`${problem}\nUsing an in-memory PGlite shadow database instead.`);
  return { kind: "pglite" };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const shadow = await chooseShadow(args.shadow);
  const where =
    shadow.kind === "postgres"
      ? `a shadow database on ${redactUrl(shadow.adminUrl)}`
      : "an in-memory PGlite shadow database";

  if (args.print) {
    const diff = await diffToSchema({ schemaPath, shadow, ...(args.fromEmpty ? {} : { migrationsDir }) });
    if (diff.empty) console.error("No schema changes");
    else process.stdout.write(diff.script);
    return;
  }

  console.log(`Diffing prisma/migrations (replayed on ${where}) against prisma/schema.prisma...`);
  const result = await createMigration({ name: args.name!, migrationsDir, schemaPath, shadow });
  if (!result.created) {
    console.log(
      "No schema changes: the migrations already build what prisma/schema.prisma describes. Nothing written.",
    );
    return;
  }
  console.log(
    `Wrote ${path.relative(root, result.file)}. Review it, then apply it with \`npm run db:migrate\` (the app also applies it on start).`,
  );
}

main().then(
  () => process.exit(0), // pg and PGlite may keep handles open a little longer; we are done
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

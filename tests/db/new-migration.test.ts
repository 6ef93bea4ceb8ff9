// `npm run db:new-migration` (scripts/db-new-migration.ts, scripts/schema-engine.ts): Prisma's
// own schema engine, run as WebAssembly, replays prisma/migrations on a throwaway database on
// the PostgreSQL server and diffs it against prisma/schema.prisma. Run end to end here, the
// script must find nothing to do (schema-matches-migrations.test.ts makes the same diff on
// every database target). Also checks that a schema change becomes a migration folder in
// Prisma's layout, and that no shadow database is left behind.
// The PostgreSQL suites skip when the server is unreachable (REQUIRE_POSTGRES=1: fail).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { readMigrations } from "@/lib/db/migrator";
import {
  createMigration,
  loadSchemaEngineWasm,
  migrationTimestamp,
  slugifyMigrationName,
  type ShadowTarget,
} from "@/scripts/schema-engine";
import { databaseTarget, POSTGRES_ADMIN_URL } from "@/tests/helpers/databases";

const root = process.cwd();
const migrationsDir = path.join(root, "prisma", "migrations");
const schemaPath = path.join(root, "prisma", "schema.prisma");
const postgres = databaseTarget("postgres");
const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

it("loads @prisma/schema-engine-wasm, the very engine of the installed Prisma CLI", async () => {
  const info = await loadSchemaEngineWasm();
  const enginesVersion = JSON.parse(
    readFileSync(path.join(root, "node_modules/@prisma/engines-version/package.json"), "utf8"),
  ).version;
  expect(info.version).toBe(enginesVersion);
  expect(info.sha256).toBe(sha256(path.join(root, "node_modules/prisma/build/schema_engine_bg.wasm")));
  const pinned = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).devDependencies[
    "@prisma/schema-engine-wasm"
  ];
  expect(pinned).toBe(enginesVersion);
});

it("names migration folders as Prisma does", () => {
  expect(migrationTimestamp(new Date("2026-11-21T09:08:07.654Z"))).toBe("20261121090807");
  expect(slugifyMigrationName("Add NFT editions!")).toBe("add_nft_editions");
  expect(slugifyMigrationName("  -- ")).toBe("");
});

describe.skipIf(!postgres.available)("db:new-migration on PostgreSQL", () => {
  // Shadow databases of this file get a prefix of their own, so the leak check below is not
  // confused by other test processes using the same server.
  const namePrefix = `dropmint_shadow_t${process.pid}_`;
  const shadow: ShadowTarget = { kind: "postgres", adminUrl: POSTGRES_ADMIN_URL, namePrefix };
  const tempDirs: string[] = [];

  afterAll(() => {
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("reports no schema changes for the current schema.prisma (the script, end to end)", async () => {
    const before = readdirSync(migrationsDir);
    const tsx = path.join(root, "node_modules", ".bin", "tsx");
    const { stdout, stderr } = await promisify(execFile)(
      tsx,
      ["scripts/db-new-migration.ts", "--shadow=postgres", "--print"],
      {
        cwd: root,
        env: { ...process.env, TEST_DATABASE_URL: POSTGRES_ADMIN_URL },
      },
    );
    expect(
      stdout,
      `prisma/migrations does not build prisma/schema.prisma; run \`npm run db:new-migration -- <name>\`. Pending:\n${stdout}`,
    ).toBe("");
    expect(stderr).toContain("No schema changes");
    expect(readdirSync(migrationsDir)).toEqual(before);
  });

  it("turns a schema change into <timestamp>_<name>/migration.sql, which then leaves nothing to do", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "dropmint-new-migration-"));
    tempDirs.push(dir);
    const tmpMigrations = path.join(dir, "migrations");
    cpSync(migrationsDir, tmpMigrations, { recursive: true });
    const tmpSchema = path.join(dir, "schema.prisma");
    writeFileSync(
      tmpSchema,
      `${readFileSync(schemaPath, "utf8")}\nmodel NewMigrationProbe {\n  id   Int     @id\n  note String?\n}\n`,
    );

    const first = await createMigration({
      name: "Add probe",
      migrationsDir: tmpMigrations,
      schemaPath: tmpSchema,
      shadow,
      now: new Date("2099-01-02T03:04:05Z"),
    });
    expect(first).toMatchObject({ created: true, name: "20990102030405_add_probe" });
    const file = path.join(tmpMigrations, "20990102030405_add_probe", "migration.sql");
    expect(first.created && first.file).toBe(file);
    expect(readFileSync(file, "utf8")).toBe(
      `-- CreateTable\nCREATE TABLE "NewMigrationProbe" (\n    "id" INTEGER NOT NULL,\n    "note" TEXT,\n\n    CONSTRAINT "NewMigrationProbe_pkey" PRIMARY KEY ("id")\n);\n`,
    );
    // Our migrator picks it up after the existing ones.
    expect((await readMigrations(tmpMigrations)).map((m) => m.name).at(-1)).toBe("20990102030405_add_probe");

    const second = await createMigration({
      name: "again",
      migrationsDir: tmpMigrations,
      schemaPath: tmpSchema,
      shadow,
      now: new Date("2099-01-02T03:04:06Z"),
    });
    expect(second.created).toBe(false);
    expect(existsSync(path.join(tmpMigrations, "20990102030406_again"))).toBe(false);

    // A clock behind the last migration would put the new one before it: refused.
    await expect(
      createMigration({
        name: "late",
        migrationsDir: tmpMigrations,
        schemaPath: tmpSchema,
        shadow,
        now: new Date("2099-01-01T00:00:00Z"),
      }),
    ).rejects.toThrow(/would sort before the existing migration 20990102030405_add_probe/);
  });

  it("drops its shadow databases", async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [
        namePrefix,
      ]);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });
});

// lib/db/migrator.ts applies prisma/migrations at start-up the way `prisma migrate deploy`
// would (the Prisma CLI's own migrate commands need a native schema engine that it cannot
// always download). These are its own rules: Prisma's `_prisma_migrations` bookkeeping with
// the sha256 of each file, nothing applied twice, refusals to start on an edited or failed
// history, a failing migration rolled back completely, and several app processes starting
// at once on one empty database. Whether the migrations build what prisma/schema.prisma
// describes is schema-matches-migrations.test.ts's job. Runs on PGlite always and on
// PostgreSQL when the server is reachable.
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/lib/db/client";
import { applyMigrations, MigrationError, readMigrations } from "@/lib/db/migrator";
import {
  createEmptyPostgresDatabase,
  databaseTargets,
  openTestDatabase,
  type TestDatabase,
} from "@/tests/helpers/databases";

const root = process.cwd();
const migrationsDir = path.join(root, "prisma", "migrations");

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`migrator on ${target.name}`, () => {
    let db: TestDatabase;

    beforeAll(async () => {
      db = await openTestDatabase(target);
    });
    afterAll(async () => {
      await db?.dispose();
    });

    it("records the migration in _prisma_migrations with Prisma's columns and the sha256 of the file", async () => {
      const catalog = (await db.runner.query(
        `SELECT a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS type,
                a.attnotnull AS not_null, pg_get_expr(d.adbin, d.adrelid) AS "default"
           FROM pg_attribute a
           LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
          WHERE a.attrelid = '"_prisma_migrations"'::regclass AND a.attnum > 0 AND NOT a.attisdropped`,
      )) as Array<{ column: string; type: string; not_null: boolean; default: string | null }>;
      const columns = catalog
        .map((c) => `${c.column} ${c.type}${c.not_null ? " NOT NULL" : ""}${c.default ? ` DEFAULT ${c.default}` : ""}`)
        .sort();
      expect(columns).toEqual(
        [
          "applied_steps_count integer NOT NULL DEFAULT 0",
          "checksum character varying(64) NOT NULL",
          "finished_at timestamp with time zone",
          "id character varying(36) NOT NULL",
          "logs text",
          "migration_name character varying(255) NOT NULL",
          "rolled_back_at timestamp with time zone",
          "started_at timestamp with time zone NOT NULL DEFAULT now()",
        ].sort(),
      );
      const files = await readMigrations(migrationsDir);
      expect(files.map((f) => f.name)).toContain("20261121000000_init");
      const rows = await db.runner.query(
        `SELECT id, checksum, migration_name, finished_at, rolled_back_at, logs, applied_steps_count, started_at
           FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
      for (const row of rows) {
        const bytes = readFileSync(path.join(migrationsDir, String(row.migration_name), "migration.sql"));
        expect(row.checksum).toBe(createHash("sha256").update(bytes).digest("hex"));
        expect(String(row.id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.rolled_back_at).toBeNull();
        expect(row.logs).toBeNull();
        expect(Number(row.applied_steps_count)).toBe(1);
      }
    });

    it("applies nothing the second time, and stays consistent when called concurrently", async () => {
      expect(await applyMigrations(db.runner)).toEqual({ applied: [] });
      const results = await Promise.all([
        applyMigrations(db.runner),
        applyMigrations(db.runner),
        applyMigrations(db.runner),
      ]);
      expect(results).toEqual([{ applied: [] }, { applied: [] }, { applied: [] }]);
      const [{ count }] = (await db.runner.query(`SELECT count(*)::int AS count FROM "_prisma_migrations"`)) as [
        { count: number },
      ];
      expect(count).toBe((await readMigrations(migrationsDir)).length);
    });

    it("refuses to start when a recorded checksum no longer matches its file", async () => {
      const [row] = await db.runner.query(
        `SELECT id, checksum FROM "_prisma_migrations" WHERE migration_name = '20261121000000_init'`,
      );
      await db.runner.query(`UPDATE "_prisma_migrations" SET checksum = $1 WHERE id = $2`, ["0".repeat(64), row!.id]);
      try {
        const error = await applyMigrations(db.runner).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MigrationError);
        expect((error as MigrationError).migration).toBe("20261121000000_init");
        expect((error as Error).message).toMatch(/20261121000000_init was modified after it was applied/);
      } finally {
        await db.runner.query(`UPDATE "_prisma_migrations" SET checksum = $1 WHERE id = $2`, [row!.checksum, row!.id]);
      }
      expect(await applyMigrations(db.runner)).toEqual({ applied: [] });
    });

    it("refuses to start when an applied migration file was edited, but tolerates converted line endings", async () => {
      const dir = copyMigrations();
      try {
        const file = path.join(dir, "20261121000000_init", "migration.sql");
        const original = readFileSync(file, "utf8");
        writeFileSync(file, original.replace(/\n/g, "\r\n"));
        expect(await applyMigrations(db.runner, { migrationsDir: dir })).toEqual({ applied: [] });
        writeFileSync(file, `${original}\n-- an afterthought\n`);
        await expect(applyMigrations(db.runner, { migrationsDir: dir })).rejects.toThrow(
          /20261121000000_init was modified after it was applied/,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("refuses to start when the history holds a failed migration, and ignores rolled-back ones", async () => {
      const id = "00000000-0000-4000-8000-000000000001";
      await db.runner.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs) VALUES ($1, $2, '20261121000001_broken', 'boom')`,
        [id, "a".repeat(64)],
      );
      try {
        await expect(applyMigrations(db.runner)).rejects.toThrow(
          /20261121000001_broken is recorded .* failed migration[\s\S]*boom/,
        );
        await db.runner.query(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = $1`, [id]);
        expect(await applyMigrations(db.runner)).toEqual({ applied: [] });
      } finally {
        await db.runner.query(`DELETE FROM "_prisma_migrations" WHERE id = $1`, [id]);
      }
    });

    it("rolls a failing migration back completely, names it, and applies later migrations in name order", async () => {
      const dir = copyMigrations();
      try {
        addMigration(dir, "20990101000000_broken", `CREATE TABLE "ShouldNotExist" ("id" INTEGER);\nSELECT 1 / 0;\n`);
        const error = await applyMigrations(db.runner, { migrationsDir: dir }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MigrationError);
        expect((error as MigrationError).migration).toBe("20990101000000_broken");
        expect((error as Error).message).toMatch(
          /Migration 20990101000000_broken failed and was rolled back: division by zero/,
        );
        expect(await db.runner.query(`SELECT to_regclass('"ShouldNotExist"')::text AS t`)).toEqual([{ t: null }]);
        expect(
          await db.runner.query(`SELECT migration_name FROM "_prisma_migrations" WHERE migration_name LIKE '2099%'`),
        ).toEqual([]);

        rmSync(path.join(dir, "20990101000000_broken"), { recursive: true });
        addMigration(dir, "20990102000000_second", `ALTER TABLE "TmpFirst" ADD COLUMN "b" TEXT;\n`);
        addMigration(dir, "20990101000000_first", `CREATE TABLE "TmpFirst" ("a" INTEGER);\n`);
        expect(await applyMigrations(db.runner, { migrationsDir: dir })).toEqual({
          applied: ["20990101000000_first", "20990102000000_second"],
        });
        expect(await applyMigrations(db.runner, { migrationsDir: dir })).toEqual({ applied: [] });
        // The app's own folder does not know these two: they are left alone.
        expect(await applyMigrations(db.runner)).toEqual({ applied: [] });
      } finally {
        rmSync(dir, { recursive: true, force: true });
        await db.runner.exec(
          `DROP TABLE IF EXISTS "TmpFirst"; DELETE FROM "_prisma_migrations" WHERE migration_name LIKE '2099%';`,
        );
      }
    });

    if (target.name === "postgres") {
      it("lets several processes start at once on one empty database: all succeed, each migration applied once", async () => {
        const empty = await createEmptyPostgresDatabase(target);
        const opened: Database[] = [];
        try {
          // Separate pools, as separate app instances would have.
          const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-concurrent-"));
          const results = await Promise.allSettled(
            [1, 2, 3].map(() => openDatabase({ databaseUrl: empty.url, dataDir, poolSize: 2 })),
          );
          for (const result of results) if (result.status === "fulfilled") opened.push(result.value);
          expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
          const rows = await opened[0]!.runner.query(
            `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`,
          );
          expect(rows.map((r) => r.migration_name)).toEqual((await readMigrations(migrationsDir)).map((m) => m.name));
          const again = await Promise.all(opened.map((database) => applyMigrations(database.runner)));
          expect(again).toEqual(opened.map(() => ({ applied: [] })));
          rmSync(dataDir, { recursive: true, force: true });
        } finally {
          await Promise.all(opened.map((database) => database.close()));
          await empty.drop();
        }
      });
    }
  });
}

function copyMigrations(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "dropmint-migrations-"));
  cpSync(migrationsDir, dir, { recursive: true });
  return dir;
}

function addMigration(dir: string, name: string, sql: string): void {
  mkdirSync(path.join(dir, name));
  writeFileSync(path.join(dir, name, "migration.sql"), sql);
}

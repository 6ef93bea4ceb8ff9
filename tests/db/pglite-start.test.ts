// lib/db/pglite-start.ts: a one-shot command (npm run drop, npm run db:migrate) on a DATA_DIR
// with no database yet writes the cluster kept per install into the folder (or makes one in
// memory when none is kept). The folder it leaves is an ordinary embedded database: migrated,
// written, found again by the next command, and opened by the site with its 64 MB
// buffer pool although the command made the cluster with 16 MB.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/lib/db/client";
import { readMigrations } from "@/lib/db/migrator";

describe("PGlite opened by a one-shot command on a fresh DATA_DIR", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-pglite-start-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const sharedBuffers = async (database: Awaited<ReturnType<typeof openDatabase>>) =>
    (await database.runner.query("SHOW shared_buffers"))[0]!.shared_buffers;

  it("makes a migrated cluster in the folder, with the command's 16 MB buffer pool", async () => {
    const database = await openDatabase({ dataDir, smallBufferPool: true });
    try {
      expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
      expect(await sharedBuffers(database)).toBe("16MB");
      const applied = await database.runner.query(`SELECT count(*)::int AS n FROM "_prisma_migrations"`);
      expect(applied[0]!.n).toBe((await readMigrations()).length);
      await database.runner.query(`CREATE TABLE "probe" (id int)`);
      await database.runner.query(`INSERT INTO "probe" VALUES (7)`);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("the next command finds that database as it was left", async () => {
    const database = await openDatabase({ dataDir, smallBufferPool: true });
    try {
      expect(await database.runner.query(`SELECT id FROM "probe"`)).toEqual([{ id: 7 }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("the site opens it with its 64 MB buffer pool", async () => {
    const database = await openDatabase({ dataDir });
    try {
      expect(await sharedBuffers(database)).toBe("64MB");
      expect(await database.runner.query(`SELECT id FROM "probe"`)).toEqual([{ id: 7 }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

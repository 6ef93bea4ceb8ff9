// The embedded database is single-process: a second process opening the same folder must be
// refused (EmbeddedDatabaseBusyError naming the holder) instead of corrupting it, and must
// succeed once the holder has closed it. A lock left by a dead process is taken over.
// Real processes, real PGlite.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddedDatabaseBusyError, openDatabase, pgliteLockPath } from "@/lib/db/client";
import { databaseTarget, openTestDatabase, type TestDatabase } from "../../helpers/databases";
import { childEnv, firstJsonLine, runCli, startCli } from "./helpers";

const OPEN_DB = "tests/server/cli/fixtures/open-db.ts";

describe("the embedded database lock", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(databaseTarget("pglite"));
  });
  afterAll(() => db.dispose());

  it("refuses another process while this one holds the folder, and lets it in once released", async () => {
    const lockPath = pgliteLockPath(db.dataDir);
    expect(JSON.parse(readFileSync(lockPath, "utf8"))).toMatchObject({ pid: process.pid });

    // Another process, while we hold it: refused before PGlite touches the files.
    const refused = await runCli(OPEN_DB, [db.dataDir, "try"], childEnv(db.dataDir));
    const answer = JSON.parse(refused.stdout.trim()) as { error: string; holderPid: number; message: string };
    expect(answer.error).toBe("EmbeddedDatabaseBusyError");
    expect(answer.holderPid).toBe(process.pid);
    expect(answer.message).toContain(`in use by process ${process.pid}`);

    // The same in this process: a second open is refused too.
    await expect(openDatabase({ dataDir: db.dataDir })).rejects.toBeInstanceOf(EmbeddedDatabaseBusyError);

    await db.close();
    expect(existsSync(lockPath)).toBe(false);

    // Released: now the other process opens it and holds it; we are refused in turn.
    const holder = startCli(OPEN_DB, [db.dataDir, "hold"], childEnv(db.dataDir));
    try {
      expect(await firstJsonLine(holder)).toMatchObject({ held: true, pid: holder.pid });
      const busy = await openDatabase({ dataDir: db.dataDir }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(busy).toBeInstanceOf(EmbeddedDatabaseBusyError);
      expect((busy as EmbeddedDatabaseBusyError).holderPid).toBe(holder.pid);
      expect((busy as Error).message).toMatch(
        new RegExp(`in use by process ${holder.pid}.*stop process ${holder.pid}`),
      );
    } finally {
      holder.stdin.end(); // the child closes the database and exits
      await new Promise((resolve) => (holder.exitCode !== null ? resolve(null) : holder.once("close", resolve)));
    }
    expect(existsSync(lockPath)).toBe(false);

    const reopened = await openDatabase({ dataDir: db.dataDir });
    expect(await reopened.prisma.apiKey.count()).toBe(0);
    await reopened.close();
  });

  it("takes over a lock left by a process that is gone", async () => {
    const lockPath = pgliteLockPath(db.dataDir);
    const gone = spawnSync("true").pid; // a pid whose process has exited
    writeFileSync(lockPath, JSON.stringify({ pid: gone, token: "crashed" }));
    const database = await openDatabase({ dataDir: db.dataDir });
    try {
      expect(JSON.parse(readFileSync(lockPath, "utf8"))).toMatchObject({ pid: process.pid });
    } finally {
      await database.close();
    }
    expect(existsSync(lockPath)).toBe(false);

    // A live process that is not us (our parent) is respected, whatever the token.
    writeFileSync(lockPath, JSON.stringify({ pid: process.ppid, token: "other" }));
    await expect(openDatabase({ dataDir: db.dataDir })).rejects.toThrow(
      new RegExp(`in use by process ${process.ppid}`),
    );
    writeFileSync(lockPath, JSON.stringify({ pid: gone, token: "crashed" }));
  });

  it("db:migrate and db:seed stop with a clear message while the site holds the database", async () => {
    const site = await openDatabase({ dataDir: db.dataDir });
    try {
      const [migrate, seed] = await Promise.all([
        runCli("scripts/db-migrate.ts", [], childEnv(db.dataDir)),
        runCli("scripts/db-seed.ts", [], childEnv(db.dataDir)),
      ]);
      expect(migrate.code).toBe(1);
      expect(migrate.stderr).toContain(
        `The site is running (pid ${process.pid}) and holds the embedded database; it applied the pending migrations when it started.`,
      );
      expect(seed.code).toBe(1);
      expect(seed.stderr).toContain(
        `The site is running (pid ${process.pid}) and holds the embedded database and chain; its first start already seeded the demo drops. Stop it to reseed.`,
      );
    } finally {
      await site.close();
    }
    expect(existsSync(path.join(db.dataDir, "pglite.lock"))).toBe(false);
  });
});

// Lost change announcements on PostgreSQL (lib/db/change-feed.ts): a listening connection
// that is killed, a server restarted under two instances, a connection that goes silent
// without closing, and an announcement that arrives before its write is visible. Each is
// detected, logged, and answered by forgetting every cached read; nothing stale is served
// for more than a second. On a server of the suite's own (tests/helpers/private-postgres.ts),
// since the shared server must not be restarted under other suites.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { CHANGE_FEED_APPLICATION_NAME } from "@/lib/db/change-feed";
import { openDatabase, type Database } from "@/lib/db/client";
import { setLogDestination } from "@/lib/log";
import { assembleRuntime } from "@/lib/server/create-runtime";
import { serviceContextOf, type Runtime } from "@/lib/server/runtime";
import { getCollectionView } from "@/lib/services/collections";
import { announcementsHeard } from "../helpers/announcements";
import { databaseTarget } from "../helpers/databases";
import { postgresBinaries, startPrivatePostgres, type PrivatePostgres } from "../helpers/private-postgres";
import { startTcpProxy, type TcpProxy } from "../helpers/tcp-proxy";

// The gap's log line is part of the behaviour under test.
process.env.LOG_LEVEL = "warn";

const TREASURY = "TreasuryAddress1111111111111111111111111111";
const FEED = { heartbeatMs: 200, heartbeatTimeoutMs: 1_000 };

/** Polls `read` until `done` holds; a read that fails (the server restarting) counts as not yet. */
async function seenWithin<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 1_000) {
  const started = performance.now();
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && done(value)) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const canRun = databaseTarget("postgres").available && postgresBinaries() !== null;

describe.skipIf(!canRun)("lost change announcements on PostgreSQL", () => {
  let server: PrivatePostgres;
  let proxy: TcpProxy;
  let databases: Database[] = [];
  let a: Runtime;
  let b: Runtime;
  const dirs: string[] = [];
  let dropId: string;
  let warnings: string[] = [];

  const runtimeOn = (database: Database) => {
    const dir = mkdtempSync(path.join(tmpdir(), "dropmint-feed-"));
    dirs.push(dir);
    const config = parseConfig({ DATA_DIR: dir, PUBLIC_URL: "http://localhost:3000" });
    return assembleRuntime(config, database, { close: async () => undefined } as never);
  };
  const nameOnA = async () => (await getCollectionView(serviceContextOf(a), dropId)).collection.name;
  const rename = (name: string) => b.database.prisma.collection.update({ where: { id: dropId }, data: { name } });
  const feedOfA = () => a.database.changes.status();
  const backToListening = () => seenWithin(async () => feedOfA().listening, Boolean, 15_000);

  /** Instance a serves its cached drop: repeated reads load nothing. */
  async function expectServedFromMemory() {
    await announcementsHeard(a, b);
    await nameOnA();
    const loads = a.caches.drops.stats().loads;
    for (let i = 0; i < 5; i++) await nameOnA();
    expect(a.caches.drops.stats().loads).toBe(loads);
  }

  beforeAll(async () => {
    server = await startPrivatePostgres();
    // Instance a reaches the server through a proxy that can silence its listening connection.
    proxy = await startTcpProxy({ host: "127.0.0.1", port: server.port });
    const direct = server.url;
    const proxied = direct.replace(`:${server.port}/`, `:${proxy.port}/`);
    const main = await openDatabase({ databaseUrl: proxied, dataDir: "unused", changeFeed: FEED });
    const second = await openDatabase({ databaseUrl: direct, dataDir: "unused", changeFeed: FEED });
    databases = [main, second];
    a = runtimeOn(main);
    b = runtimeOn(second);
    expect([await a.cachesListening, await b.cachesListening]).toEqual([true, true]);
    const drop = await main.prisma.collection.create({
      data: { shortId: "feed-drop", name: "Before", chain: "solana-localnet", treasuryAddress: TREASURY },
    });
    dropId = drop.id;
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    for (const database of databases) await database.close().catch(() => undefined);
    await proxy?.close();
    server?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    warnings = [];
    setLogDestination(
      {
        write(line: string) {
          const { source, msg } = JSON.parse(line) as { source: string; msg: string };
          warnings.push(`[${source}] ${msg}`);
        },
      },
      "warn",
    );
  });
  afterEach(() => setLogDestination());

  it("forgets everything when the listening connection is killed, and sees a change made meanwhile", async () => {
    await expectServedFromMemory();
    const gaps = feedOfA().gaps;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const killed = await admin.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1",
        [CHANGE_FEED_APPLICATION_NAME],
      );
      expect(killed.rowCount).toBeGreaterThanOrEqual(2); // both instances' listening connections
    } finally {
      await admin.end();
    }
    await rename("While a was deaf");
    await seenWithin(nameOnA, (name) => name === "While a was deaf");
    expect(feedOfA().gaps).toBe(gaps + 1);
    expect(feedOfA().lastGap).toMatch(/the listening connection (ended|failed)/);
    expect(warnings.join("\n")).toMatch(/\[db\] change announcements lost: the listening connection/);

    await backToListening();
    await expectServedFromMemory();
    await rename("After a came back");
    await seenWithin(nameOnA, (name) => name === "After a came back");
  });

  it("survives a restart of PostgreSQL under both instances", async () => {
    await expectServedFromMemory();
    const gaps = feedOfA().gaps;
    server.restart();
    // The first write may meet a pooled connection the restart cut.
    await seenWithin(() => rename("After the restart"), Boolean, 5_000);
    await seenWithin(nameOnA, (name) => name === "After the restart", 5_000);
    expect(feedOfA().gaps).toBeGreaterThan(gaps);
    expect(warnings.join("\n")).toMatch(/\[db\] change announcements lost/);

    await backToListening();
    await expectServedFromMemory();
    await rename("Heard after the restart");
    await seenWithin(nameOnA, (name) => name === "Heard after the restart");
  });

  it("catches a listening connection that goes silent without closing, by its heartbeat", async () => {
    await backToListening();
    await expectServedFromMemory();
    const gaps = feedOfA().gaps;
    expect(proxy.freeze(CHANGE_FEED_APPLICATION_NAME)).toBe(1);
    await rename("Said to a silent connection");
    // Nothing closes: only the missing heartbeat can tell (within its timeout plus one beat).
    await seenWithin(nameOnA, (name) => name === "Said to a silent connection", FEED.heartbeatTimeoutMs + 1_000);
    expect(feedOfA().gaps).toBe(gaps + 1);
    expect(feedOfA().lastGap).toBe(`no heartbeat came back within ${FEED.heartbeatTimeoutMs} ms`);
    expect(warnings.join("\n")).toMatch(/\[db\] change announcements lost: no heartbeat came back/);

    await backToListening();
    await expectServedFromMemory();
    await rename("Heard on a new connection");
    await seenWithin(nameOnA, (name) => name === "Heard on a new connection");
  });

  it("heals an announcement that arrives before its write is visible: the commit announces again", async () => {
    await backToListening();
    await expectServedFromMemory();
    const writer = new pg.Client({ connectionString: server.url });
    const early = new pg.Client({ connectionString: server.url });
    await Promise.all([writer.connect(), early.connect()]);
    try {
      await writer.query("BEGIN");
      await writer.query(`UPDATE "Collection" SET name = 'Committed late' WHERE id = $1`, [dropId]);
      // Announced now, visible only at COMMIT: instance a reloads and caches the old name.
      const invalidations = a.caches.drops.stats().invalidations;
      await early.query("SELECT pg_notify('dropmint_drop_changed', $1)", [dropId]);
      await seenWithin(
        async () => a.caches.drops.stats().invalidations,
        (count) => count > invalidations,
      );
      expect(await nameOnA()).not.toBe("Committed late");
      await writer.query("COMMIT");
      await seenWithin(nameOnA, (name) => name === "Committed late");
    } finally {
      await Promise.all([writer.end(), early.end()]);
    }
  });
});

// Budgets before the database, and whose budget a mint call spends, through v1Route on a
// real database of each target (PGlite, and PostgreSQL when reachable).
//
// "Before any database query" is proved two ways, with no mock: on a database whose driver
// is closed (every query fails, so a 429 there was answered before any query), and on a live
// database with a Prisma client extension that counts every query the request makes.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateApiKey } from "@/lib/auth/api-keys";
import type { PrismaClient } from "@/lib/db/generated/client";
import { closedDatabase, databaseTargets, type TestDatabase } from "../../helpers/databases";
import {
  type Call,
  getCollection,
  install,
  invoke,
  issueKey,
  makeRuntime,
  mintRoute,
  openSeededDatabase,
  PARTNER_ORIGIN,
  request,
  SITE_ORIGIN,
  testConfig,
} from "./harness";

let ipCounter = 0;
/** A client IP of its own for each scenario, so budgets never leak between them. */
const freshIp = () => `198.51.100.${++ipCounter}`;

const mint = (collectionId: string, call: Call) =>
  invoke(
    mintRoute,
    request("/prepare-mint", call, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ collectionId, quantity: 1 }),
    }),
  );

function expectRateLimited(result: { status: number; body: Record<string, unknown> }) {
  expect(result.status).toBe(429);
  expect(result.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
}

/** A Prisma client on `prisma` that counts every query (model operations and raw SQL). */
function countingClient(prisma: PrismaClient) {
  const counter = { queries: 0 };
  const client = prisma.$extends({
    query: {
      async $allOperations({ args, query }) {
        counter.queries++;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { client, counter };
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`per-IP budget before the database on ${target.name}`, () => {
    // Requests that never get past the budget would otherwise have had to ask the database.
    const cases: Array<[string, (ip: string) => ReturnType<typeof getCollection>, string]> = [
      [
        "an unknown (well-formed) key",
        (ip) => getCollection("local-drop", { key: generateApiKey("live").key, ip }),
        "AUTH_UNAVAILABLE",
      ],
      ["a malformed key", (ip) => getCollection("local-drop", { key: "dm_live_not-a-key", ip }), "API_KEY_INVALID"],
      [
        "an unknown drop, first-party",
        (ip) => getCollection("ghost-drop", { origin: SITE_ORIGIN, ip }),
        "INTERNAL_ERROR",
      ],
      [
        "a mint call with an unknown key",
        (ip) => mint("local-drop", { key: generateApiKey("live").key, ip }),
        "AUTH_UNAVAILABLE",
      ],
    ];

    it.each(cases)(
      "%s spends the budget; past it, 429 without touching the (closed) database",
      async (_name, send, refusal) => {
        install(makeRuntime(await closedDatabase(target), testConfig({ RATE_LIMIT_READS_PER_MINUTE: "2" })));
        const ip = freshIp();
        for (let i = 0; i < 2; i++) expect((await send(ip)).body).toMatchObject({ success: false, code: refusal });
        // Every query fails on this database: a 429 here was decided before any query was made.
        expectRateLimited(await send(ip));
        expectRateLimited(await getCollection("local-drop", { origin: SITE_ORIGIN, ip }));
        // Budgets are per client IP: another address still gets as far as the database.
        expect((await send(freshIp())).body).toMatchObject({ code: refusal });
      },
    );

    describe("on a live database, counting queries", () => {
      let database: TestDatabase;
      let liveKey: string;
      beforeAll(async () => {
        ({ database } = await openSeededDatabase(target));
        liveKey = await issueKey(database, { keyClass: "live", collections: ["local-drop"] });
      });
      afterAll(() => database?.dispose());

      it("every kind of request spends one unit first; past the budget none makes a query", async () => {
        const { client, counter } = countingClient(database.prisma);
        install(
          makeRuntime(
            { ...database, prisma: client },
            testConfig({ RATE_LIMIT_READS_PER_MINUTE: "6", RATE_LIMIT_MINTS_PER_MINUTE: "100" }),
          ),
        );
        const ip = freshIp();
        const requests = [
          () => getCollection("local-drop", { key: generateApiKey("live").key, ip }), // unknown key: 401
          () => getCollection("local-drop", { key: `dm_pub_${randomUUID()}`, ip }), // malformed key: 401
          () => getCollection("ghost-drop", { origin: SITE_ORIGIN, ip }), // unknown drop: 404
          () => getCollection("local-drop", { key: liveKey, ip }), // a good read: 200
          () => mint("local-drop", { key: liveKey, ip }), // a good mint call: 200
          () => mint("ghost-drop", { key: liveKey, ip }), // another drop: 403
        ];
        const statuses = [];
        for (const send of requests) statuses.push((await send()).status);
        expect(statuses).toEqual([401, 401, 404, 200, 200, 403]);
        expect(counter.queries).toBeGreaterThan(0); // they did reach the database, within budget

        counter.queries = 0;
        for (const send of requests) expectRateLimited(await send());
        expect(counter.queries).toBe(0);
      });

      it("unknown drops from one address cost at most the budget in queries", async () => {
        const { client, counter } = countingClient(database.prisma);
        install(makeRuntime({ ...database, prisma: client }, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "3" })));
        const ip = freshIp();
        const results = [];
        for (let i = 0; i < 20; i++) results.push(await getCollection(`ghost-${i}`, { origin: SITE_ORIGIN, ip }));
        expect(results.map((result) => result.status)).toEqual([404, 404, 404, ...Array(17).fill(429)]);
        expect(counter.queries).toBe(3); // one lookup per drop within budget, none after
      });
    });
  });

  describe.skipIf(!target.available)(`mint budgets by key class on ${target.name}`, () => {
    let database: TestDatabase;
    const keys = {} as Record<"pub" | "live" | "test", string>;
    beforeAll(async () => {
      ({ database } = await openSeededDatabase(target));
      keys.pub = await issueKey(database, { keyClass: "pub", collections: ["local-drop"], origins: [PARTNER_ORIGIN] });
      keys.live = await issueKey(database, { keyClass: "live", collections: ["local-drop"] });
      keys.test = await issueKey(database, { keyClass: "test", collections: ["local-drop"] });
    });
    afterAll(() => database?.dispose());

    const budget = () =>
      install(
        makeRuntime(database, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "1000", RATE_LIMIT_MINTS_PER_MINUTE: "2" })),
      );

    it("a publishable key: per key and client IP, so one abuser cannot lock out the partner's other users", async () => {
      budget();
      const [abuser, user] = [freshIp(), freshIp()];
      const call = (ip: string) => mint("local-drop", { key: keys.pub, origin: PARTNER_ORIGIN, ip });
      expect((await call(abuser)).status).toBe(200);
      expect((await call(abuser)).status).toBe(200);
      expectRateLimited(await call(abuser));
      expectRateLimited(await call(abuser));
      // The same key from the partner's other visitors still mints.
      expect((await call(user)).status).toBe(200);
      expect((await call(user)).status).toBe(200);
      expectRateLimited(await call(user));
    });

    it.each(["live", "test"] as const)("a %s key: one budget per key, whatever the client IP", async (keyClass) => {
      budget();
      const call = (ip: string) => mint("local-drop", { key: keys[keyClass], ip });
      expect((await call(freshIp())).status).toBe(200);
      expect((await call(freshIp())).status).toBe(200);
      expectRateLimited(await call(freshIp()));
    });

    it("mint calls spend the per-IP budget too, before the key's", async () => {
      install(
        makeRuntime(database, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "2", RATE_LIMIT_MINTS_PER_MINUTE: "100" })),
      );
      const ip = freshIp();
      expect((await getCollection("local-drop", { key: keys.live, ip })).status).toBe(200);
      expect((await mint("local-drop", { key: keys.live, ip })).status).toBe(200);
      expectRateLimited(await mint("local-drop", { key: keys.live, ip }));
    });
  });
}

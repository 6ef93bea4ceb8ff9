// Issue 26, item 6: a creator never reads or changes another creator's drop, keys, codes or
// figures; signed-out callers, partner keys and other sites get nothing. Every studio endpoint
// (tests/api/studio-matrix.ts) is called as every actor, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRouteMethods } from "../../scripts/route-methods";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { launchCreatorDrop } from "./studio-fixtures";
import {
  matrixActors,
  matrixEnv,
  matrixWallets,
  REFUSALS,
  STUDIO_ENDPOINTS,
  type Answer,
  type MatrixFixtures,
  type StudioActors,
  type StudioEndpointRow,
} from "./studio-matrix";

const call = (row: StudioEndpointRow, f: MatrixFixtures, headers: Record<string, string>): Promise<Answer> =>
  callJson(row.method, row.path(f), { headers, ...(row.body ? { body: row.body(f) } : {}) });

function expectRefusal(answer: Answer, status: number, code: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(errorBodySchema.parse(answer.body).code).toBe(code);
}

describe("every studio route file has a row in the isolation matrix", () => {
  it("lists every method of every app/api/studio route", async () => {
    const routes = (await collectRouteMethods()).filter((route) => route.pattern.startsWith("/api/studio"));
    const fixtures: MatrixFixtures = {
      dropA: { id: "00000000-0000-4000-8000-00000000000a", shortId: "drop-a" },
      dropB: { id: "00000000-0000-4000-8000-00000000000b", shortId: "drop-b" },
      made: new Proxy({}, { get: () => "x" }),
    };
    const missing = routes.flatMap(({ pattern, methods }) => {
      const regex = new RegExp(`^${pattern.replace(/\[[^\]]+\]/g, "[^/]+")}$`);
      return methods
        .filter((method) => !["HEAD", "OPTIONS"].includes(method))
        .filter((method) => !STUDIO_ENDPOINTS.some((row) => row.method === method && regex.test(row.path(fixtures))))
        .map((method) => `${method} ${pattern}`);
    });
    expect(routes.length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the studio's isolation matrix on ${target.name}`, () => {
    let app: TestApp;
    let as: StudioActors;
    const f: MatrixFixtures = { dropA: { id: "", shortId: "" }, dropB: { id: "", shortId: "" }, made: {} };

    beforeAll(async () => {
      const wallets = matrixWallets();
      app = await startTestApp(target, { env: matrixEnv(wallets) });
      const a = await launchCreatorDrop(app, wallets.a);
      // B's drop has not launched: a key of A's must not reach it either (studio-keys.test.ts).
      const b = await app.context().db.collection.update({
        where: { shortId: "aurora" },
        data: { creatorWallet: wallets.b.publicKey.toBase58(), launchStatus: "coming_soon" },
      });
      f.dropA = { id: a.id, shortId: a.shortId };
      f.dropB = { id: b.id, shortId: b.shortId! };
      as = await matrixActors(wallets, await app.createKey({ keyClass: "live", collections: [a.shortId] }));
      for (const row of STUDIO_ENDPOINTS) if (row.prepare) f.made[row.name] = await row.prepare(app, f, as);
    }, 180_000);
    afterAll(() => app?.close());

    /** What a refused call must leave as it was: the drop, its log, its codes and every key. */
    const snapshot = async () => {
      const db = app.context().db;
      return {
        drop: (await db.collection.findUniqueOrThrow({ where: { id: f.dropA.id } })).updatedAt.toISOString(),
        audit: await db.studioAuditEntry.count(),
        codes: await db.claimCode.count({ where: { collectionId: f.dropA.id, disabled: false } }),
        keys: await db.apiKey.count({ where: { revokedAt: null } }),
      };
    };

    describe.each(STUDIO_ENDPOINTS)("$method $name", (row) => {
      it("refuses the stranger, the signed-out, partner keys and other sites, changing nothing", async () => {
        const before = await snapshot();
        for (const [actor, status, code] of REFUSALS) {
          const answer = await call(row, f, as[actor]);
          expect({ actor, status: answer.status, code: answer.body?.code }, answer.text).toEqual({
            actor,
            status,
            code,
          });
          errorBodySchema.parse(answer.body);
        }
        expect(await snapshot()).toEqual(before);
      });

      it("answers creator B as if A's drop did not exist, changing nothing", async () => {
        const before = await snapshot();
        const answer = await call(row, f, as.other);
        expect(await snapshot()).toEqual(before);
        if (row.other) return row.other(answer, f);
        expectRefusal(answer, 404, "COLLECTION_NOT_FOUND");
        const nowhere = { ...f, dropA: { id: "00000000-0000-4000-8000-000000000000", shortId: "no-such-drop" } };
        const missing = await call(row, nowhere, as.other);
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(answer.body);
      });

      it("serves the owner, then an admin", async () => {
        for (const actor of ["owner", "admin"] as const) {
          if (row.fresh) f.made[row.name] = await row.prepare!(app, f, as);
          const answer = await call(row, f, as[actor]);
          expect(answer.status, `${actor}: ${answer.text}`).toBe(row.ok);
        }
      });
    });
  });
}

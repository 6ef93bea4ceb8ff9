// GET /api/health/ready (issue 27): 200 while the database and the chain answer and the
// migrations are current; 503 with the reason while the database is unreachable (a closed
// port, a closed database), the migrations are behind, or the chain is unreachable. On each
// database; /api/health stays the liveness probe that asks nothing.
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RpcChain } from "@/lib/chain";
import { openDatabase } from "@/lib/db/client";
import { readMigrations } from "@/lib/db/migrator";
import { readinessResponseSchema } from "@/lib/schemas/health";
import { installRuntime } from "@/lib/server/runtime";
import { databaseTargets, openTestDatabase } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTcpProxy } from "../helpers/tcp-proxy";
import { startTestApp, type TestApp } from "../helpers/test-app";

const ready = async () => {
  const answer = await callJson("GET", "/api/health/ready");
  return {
    status: answer.status,
    cacheControl: answer.headers.get("cache-control"),
    ...readinessResponseSchema.strict().parse(answer.body),
  };
};

/** A local port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`readiness on ${target.name}`, () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
    });
    afterEach(() => installRuntime(app.runtime));
    afterAll(() => app?.close());

    it("is ready (200) when the database, its migrations and the chain are all right", async () => {
      expect(await ready()).toEqual({
        status: 200,
        cacheControl: "no-store",
        ready: true,
        checks: { database: "ok", migrations: "ok", chain: "ok" },
        reasons: [],
      });
      expect((await callJson("GET", "/api/health")).body).toEqual({ ok: true });
    });

    it("answers 503 naming the migrations behind while the database lacks one", async () => {
      const latest = (await readMigrations()).at(-1)!.name;
      const { runner } = app.runtime.database;
      await runner.query(`UPDATE "_prisma_migrations" SET "rolled_back_at" = now() WHERE "migration_name" = $1`, [
        latest,
      ]);
      try {
        expect(await ready()).toMatchObject({
          status: 503,
          ready: false,
          checks: { database: "ok", migrations: "failed", chain: "ok" },
          reasons: [`migrations behind: 1 not applied (${latest})`],
        });
      } finally {
        await runner.query(`UPDATE "_prisma_migrations" SET "rolled_back_at" = NULL WHERE "migration_name" = $1`, [
          latest,
        ]);
      }
      expect((await ready()).status).toBe(200);
    });

    it("answers 503 'database unreachable' once its database is closed, and names no internal detail", async () => {
      const own = await openTestDatabase(target);
      await own.close();
      installRuntime({ ...app.runtime, database: own });
      try {
        const answer = await ready();
        expect(answer).toMatchObject({
          status: 503,
          ready: false,
          checks: { database: "failed", chain: "ok" },
          reasons: ["database unreachable"],
        });
      } finally {
        await own.dispose();
      }
    });

    it("answers 503 'chain unreachable' while the chain's RPC port is closed", async () => {
      const chain = new RpcChain({ cluster: "localnet", rpcUrl: `http://127.0.0.1:${await closedPort()}` });
      installRuntime({ ...app.runtime, chain });
      try {
        expect(await ready()).toMatchObject({
          status: 503,
          ready: false,
          checks: { database: "ok", migrations: "ok", chain: "failed" },
          reasons: ["chain unreachable"],
        });
      } finally {
        await chain.close();
      }
    });
  });
}

describe.skipIf(!databaseTargets.find((target) => target.name === "postgres")?.available)(
  "readiness when PostgreSQL stops answering",
  () => {
    it("is ready through a connection, then answers 503 once the server's port is closed, and 200 again when it is back", async () => {
      const target = databaseTargets.find((candidate) => candidate.name === "postgres")!;
      const app = await startTestApp(target, { seed: false });
      const server = await openTestDatabase(target);
      const url = new URL(server.url!);
      const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.port = String(proxy.port);
      const proxied = await openDatabase({ databaseUrl: url.toString(), dataDir: server.dataDir });
      installRuntime({ ...app.runtime, database: proxied });
      try {
        expect((await ready()).status).toBe(200);
        await proxy.close(); // the port the instance uses is closed now
        expect(await ready()).toMatchObject({
          status: 503,
          checks: { database: "failed" },
          reasons: ["database unreachable"],
        });
        installRuntime(app.runtime);
        expect((await ready()).status).toBe(200);
      } finally {
        installRuntime(app.runtime);
        await proxied.close().catch(() => undefined);
        await server.dispose();
        await app.close();
      }
    });
  },
);

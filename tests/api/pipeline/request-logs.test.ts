// Logs an operator can follow (issue 27): one structured JSON line per request, with a
// request id that the answer returns in X-Request-Id and that every line the request causes
// carries; and no secret in any line: a request carrying a partner key and a wallet's
// session cookie, whose key lookup fails, leaves neither in the log. On each database.
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger, setLogDestination } from "@/lib/log";
import { createReadCaches } from "@/lib/services/read-caches";
import { installRuntime } from "@/lib/server/runtime";
import { closedDatabase, databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";

type Line = Record<string, unknown> & { level: string; msg: string; requestId?: string };

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`request logs on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let raw: string[];
    const lines = () => raw.map((line) => JSON.parse(line) as Line);
    // A wallet session cookie's value is a random secret (lib/services/wallet-session.ts).
    const cookieSecret = randomBytes(24).toString("base64url");
    const secrets = () => ({
      "x-api-key": key,
      cookie: `dm_wallet_${"9".repeat(32)}=${cookieSecret}`,
      origin: "https://partner.example",
    });

    beforeAll(async () => {
      // Fresh module copies: a flood summary (lib/log.ts createSummary) left by the other database's suite logs again.
      vi.resetModules();
      app = await startTestApp(target);
      key = await app.createKey({ keyClass: "live", collections: ["aurora"] });
    });
    afterAll(() => app?.close());
    beforeEach(() => {
      raw = [];
      setLogDestination({ write: (line: string) => void raw.push(line) }, "debug");
    });
    afterEach(() => {
      setLogDestination();
      installRuntime(app.runtime);
    });

    it("writes one JSON line per request, named by route template and status, with the id it answers in X-Request-Id", async () => {
      const answer = await callJson("GET", "/api/v1/collections/aurora", { headers: secrets() });
      expect(answer.status).toBe(200);
      const requestId = answer.headers.get("x-request-id");
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const own = lines().filter((line) => line.requestId === requestId);
      expect(own).toEqual([
        expect.objectContaining({
          level: "info",
          msg: "request",
          source: "api",
          method: "GET",
          route: "/api/v1/collections/[identifier]",
          path: "/api/v1/collections/aurora",
          status: 200,
          ms: expect.any(Number),
          time: expect.any(String),
        }),
      ]);
      const other = await callJson("GET", "/api/v1/collections/aurora", { headers: secrets() });
      expect(other.headers.get("x-request-id")).not.toBe(requestId);
    });

    it("keeps a plain request id given by the proxy in front, and replaces one that is not plain", async () => {
      const given = await callJson("GET", "/api/v1/collections/aurora", {
        headers: { ...secrets(), "x-request-id": "edge-0123456789" },
      });
      expect(given.headers.get("x-request-id")).toBe("edge-0123456789");
      const forged = await callJson("GET", "/api/v1/collections/aurora", {
        headers: { ...secrets(), "x-request-id": 'x" injected' },
      });
      expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("carries the request id on every line the request causes, and no key or cookie in any line", async () => {
      // The key store is away: the lookup fails (logged with its cause) and the answer is 503.
      installRuntime({
        ...app.runtime,
        caches: createReadCaches(),
        database: { ...app.runtime.database, prisma: (await closedDatabase(target)).prisma },
      });
      const answer = await callJson("GET", "/api/v1/collections/aurora", { headers: secrets() });
      expect(answer.body?.code).toBe("AUTH_UNAVAILABLE");
      const requestId = answer.headers.get("x-request-id");
      const own = lines().filter((line) => line.requestId === requestId);
      expect(own.map((line) => [line.level, line.msg])).toEqual([
        ["error", "API key lookup failed"],
        ["info", "request"],
      ]);
      expect(lines().filter((line) => line.requestId !== requestId)).toEqual([]);
      for (const secret of [key, cookieSecret]) expect(raw.join("\n")).not.toContain(secret);
    });

    it("cuts a key or a bearer token out of any message or error text a line carries", () => {
      const log = createLogger("test");
      log.error(`rejected ${key}`, new Error(`the header said ${key}`, { cause: new Error(`Bearer ${cookieSecret}`) }));
      log.warn("while reading", new Error(`key ${key}`));
      log.info("fields", { headers: { "x-api-key": key, cookie: cookieSecret }, apiKey: key, token: cookieSecret });
      expect(raw).toHaveLength(3);
      for (const secret of [key, cookieSecret]) expect(raw.join("\n")).not.toContain(secret);
      expect(lines()[0]).toMatchObject({ msg: "rejected [redacted]", err: { message: "the header said [redacted]" } });
    });
  });
}

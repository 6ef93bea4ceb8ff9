// Bad input on the real v1 routes: odd identifiers, wrong methods and junk keys all get a
// 4xx envelope with a stable code, never a 500 and never a stack trace.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { errorBodySchema } from "../helpers/error-body";

const site = { origin: TEST_SITE_ORIGIN };

describe("bad input on the v1 routes", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
  });
  afterAll(() => app?.close());

  const oddIdentifiers = [
    "x".repeat(10_000),
    "a",
    "🦄🦄🦄",
    "ab\u0000cd",
    '\'; DROP TABLE "Collection"; --',
    "%",
    "...",
    "sprites\n",
    "\u202eetirps",
    "0".repeat(44),
    "00000000-0000-0000-0000-00000000000g",
  ];

  it.each(oddIdentifiers.map((identifier) => [identifier.slice(0, 40), identifier]))(
    "GET collection %j answers 4xx with a code",
    async (_label, identifier) => {
      const { status, body, text } = await callJson("GET", `/api/v1/collections/${encodeURIComponent(identifier)}`, {
        headers: site,
      });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
      expect(["INVALID_REQUEST", "COLLECTION_NOT_FOUND"]).toContain(errorBodySchema.parse(body).code);
      expect(text).not.toMatch(/at .*\.ts:\d+|Prisma|stack/i);
    },
  );

  it("answers junk keys and headers with 401 API_KEY_INVALID", async () => {
    for (const key of ["dm_live_", "dm_root_abc", "x".repeat(5000), "dm_live_0OIl", "Bearer dm_live_abc"]) {
      const { status, body } = await callJson("GET", "/api/v1/collections/sprites", { headers: { "x-api-key": key } });
      expect([status, body!.code]).toEqual([401, "API_KEY_INVALID"]);
    }
  });

  it("answers a wrong method with the 405 envelope", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const { status, body } = await callJson(method, "/api/v1/collections/sprites", { headers: site, body: {} });
      expect([status, errorBodySchema.parse(body).code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
    }
  });

  it("every v1 route file answers every method and preflights", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (entry === "route.ts") files.push(full);
      }
    };
    walk(path.resolve(import.meta.dirname, "../../app/api/v1"));
    expect(files.length).toBeGreaterThan(2);
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
        expect(source, `${path.relative(process.cwd(), file)} exports ${method}`).toMatch(
          new RegExp(`(export const ${method}\\b|as ${method}\\b)`),
        );
      }
    }
  });
});

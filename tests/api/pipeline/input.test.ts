// Bad input never earns a 500: malformed JSON, wrong types, huge strings, odd unicode and
// unknown identifiers all get a 4xx envelope with a stable code, on a real database of each
// target (PGlite, and PostgreSQL when reachable). Paths that never read the database run
// once, on a closed one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { errorCodeSchema } from "@/lib/errors";
import { v1MethodNotAllowed, v1NotFound, v1Preflight, v1Route } from "@/lib/api/v1-route";
import { databaseTargets, type TestDatabase } from "../../helpers/databases";
import {
  getCollection,
  install,
  invoke,
  issueKey,
  makeRuntime,
  mintRoute,
  openSeededDatabase,
  request,
  SITE_ORIGIN,
  unusableDatabase,
} from "./harness";

const site = { origin: SITE_ORIGIN };

type Result = Awaited<ReturnType<typeof invoke>>;

function expectClientError(result: Result, code?: string) {
  expect(result.status, result.text).toBeGreaterThanOrEqual(400);
  expect(result.status, result.text).toBeLessThan(500);
  expect(result.body.success).toBe(false);
  expect(typeof result.body.error).toBe("string");
  expect(errorCodeSchema.safeParse(result.body.code).success).toBe(true);
  if (code) expect(result.body.code).toBe(code);
  expect(result.text).not.toMatch(/\n\s+at |node_modules|prisma|PGlite/i);
}

const post = (
  body: BodyInit | null,
  headers: Record<string, string> = { "Content-Type": "application/json" },
  call = site,
) => invoke(mintRoute, request("/prepare-mint", call, { method: "POST", headers, body }));

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`bad input on ${target.name}`, () => {
    let database: TestDatabase;
    let liveKey: string;

    beforeAll(async () => {
      ({ database } = await openSeededDatabase(target));
      liveKey = await issueKey(database, { keyClass: "live", collections: ["local-drop"] });
      install(makeRuntime(database));
    });

    afterAll(async () => {
      await database?.dispose();
    });

    describe("JSON bodies", () => {
      it.each([
        ["truncated JSON", '{"collectionId": "local-drop", ', "INVALID_JSON"],
        ["trailing garbage", '{"collectionId": "local-drop", "quantity": 1} x', "INVALID_JSON"],
        ["single quotes", "{'collectionId': 'local-drop'}", "INVALID_JSON"],
        ["an empty body", "", "INVALID_JSON"],
        ["a bare string", '"hello"', "INVALID_REQUEST"],
        ["null", "null", "INVALID_REQUEST"],
        ["an array", "[1, 2]", "INVALID_REQUEST"],
        ["quantity as a string", '{"collectionId": "local-drop", "quantity": "2"}', "INVALID_REQUEST"],
        ["quantity as a float", '{"collectionId": "local-drop", "quantity": 1.5}', "INVALID_REQUEST"],
        ["quantity too large", '{"collectionId": "local-drop", "quantity": 1e308}', "INVALID_REQUEST"],
        ["quantity negative", '{"collectionId": "local-drop", "quantity": -1}', "INVALID_REQUEST"],
        ["collectionId as a number", '{"collectionId": 5, "quantity": 1}', "INVALID_REQUEST"],
        ["collectionId missing", '{"quantity": 1}', "INVALID_REQUEST"],
        ["a 10 KB collectionId", JSON.stringify({ collectionId: "x".repeat(10_240), quantity: 1 }), "INVALID_REQUEST"],
        [
          "a 10 KB note",
          JSON.stringify({ collectionId: "local-drop", quantity: 1, note: "n".repeat(10_240) }),
          "INVALID_REQUEST",
        ],
        ["a lone surrogate in the collectionId", '{"collectionId": "drop\\ud800", "quantity": 1}', "INVALID_REQUEST"],
        ["an unknown collection", '{"collectionId": "ghost-drop", "quantity": 1}', "COLLECTION_NOT_FOUND"],
        [
          "an unknown UUID",
          '{"collectionId": "00000000-0000-4000-8000-000000000000", "quantity": 1}',
          "COLLECTION_NOT_FOUND",
        ],
      ])("%s → %s", async (_name, body, code) => {
        expectClientError(await post(body), code);
      });

      it("names the first bad field in the sentence", async () => {
        const result = await post('{"collectionId": "local-drop", "quantity": "2"}');
        expect(result.body.error).toBe('The body field "quantity" is invalid: expected number, received string.');
      });

      it("accepts odd but valid JSON: unicode escapes, __proto__, extra members", async () => {
        const body =
          '{"__proto__": {"polluted": true}, "collectionId": "local-\\u0064rop", "quantity": 1, "note": "\\u202e😀\\u0000", "extra": 1}';
        const result = await post(body);
        expect(result.body).toMatchObject({ success: true, quantity: 1 });
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      });

      it("refuses bytes that are not UTF-8", async () => {
        expectClientError(await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])), "INVALID_JSON");
      });

      it.each([
        ["no Content-Type", {}],
        ["text/plain", { "Content-Type": "text/plain" }],
        ["form data", { "Content-Type": "application/x-www-form-urlencoded" }],
        ["a JSON look-alike", { "Content-Type": "application/jsonp" }],
      ])("refuses %s with 415", async (_name, headers) => {
        expectClientError(
          await post('{"collectionId": "local-drop", "quantity": 1}', headers),
          "UNSUPPORTED_MEDIA_TYPE",
        );
      });

      it("accepts application/json with a charset", async () => {
        expect(
          (
            await post('{"collectionId": "local-drop", "quantity": 1}', {
              "Content-Type": "application/json; charset=utf-8",
            })
          ).status,
        ).toBe(200);
      });

      it("refuses a body over 64 KB, streamed or declared", async () => {
        const big = JSON.stringify({ collectionId: "local-drop", quantity: 1, note: "n".repeat(70_000) });
        expectClientError(await post(big), "PAYLOAD_TOO_LARGE");
        const stream = new ReadableStream({
          start(controller) {
            for (let i = 0; i < 100; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
            controller.close();
          },
        });
        const streamed = await invoke(
          mintRoute,
          request("/prepare-mint", site, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: stream,
            duplex: "half",
          } as RequestInit),
        );
        expectClientError(streamed, "PAYLOAD_TOO_LARGE");
        expectClientError(
          await post("{}", { "Content-Type": "application/json", "Content-Length": "999999" }),
          "PAYLOAD_TOO_LARGE",
        );
      });
    });

    describe("path identifiers", () => {
      it.each([
        ["10 KB", "x".repeat(10_240)],
        ["NUL", "drop\u0000"],
        ["fullwidth", "ｌｏｃａｌ-ｄｒｏｐ"],
        ["emoji", "😀😀😀"],
        ["right-to-left override", "local\u202e-drop"],
        ["lone surrogate", "drop\ud800"],
        ["path traversal", "../admin"],
        ["SQL", "' OR '1'='1"],
        ["empty", ""],
      ])("%s → 400 INVALID_REQUEST, for first-party and key callers alike", async (_name, identifier) => {
        expectClientError(await getCollection(identifier, site), "INVALID_REQUEST");
        expectClientError(await getCollection(identifier, { key: liveKey }), "INVALID_REQUEST");
      });

      it.each(["ghost-drop", "00000000-0000-4000-8000-000000000000", "Ghost".padEnd(44, "1")])(
        "unknown %s → 404 COLLECTION_NOT_FOUND",
        async (identifier) => {
          expectClientError(await getCollection(identifier, site), "COLLECTION_NOT_FOUND");
        },
      );
    });

    describe("query strings", () => {
      const listRoute = v1Route(
        {
          scope: "collection",
          kind: "read",
          query: z.object({
            limit: z.coerce.number().int().min(1).max(100).default(20),
            sort: z.enum(["newest", "oldest"]).optional(),
          }),
          response: z.object({ limit: z.number() }),
        },
        ({ query }) => ({ limit: query.limit }),
      );
      const list = (qs: string) =>
        invoke(listRoute, request(`/collections/local-drop/all-minted?${qs}`, site), { identifier: "local-drop" });

      it("validates query parameters", async () => {
        expect((await list("")).body).toEqual({ success: true, limit: 20 });
        expect((await list("limit=5&limit=7")).body).toEqual({ success: true, limit: 7 });
        for (const qs of [
          "limit=abc",
          "limit=0",
          "limit=1000",
          "sort=sideways",
          `sort=${"s".repeat(10_240)}`,
          "limit=%F0%9F%98%80",
        ]) {
          expectClientError(await list(qs), "INVALID_REQUEST");
        }
      });

      it("a malformed UUID reaching Prisma is a 400, not a 500", async () => {
        const byId = v1Route(
          { scope: "none", kind: "read", response: z.object({ found: z.boolean() }) },
          async ({ ctx, params }) => ({
            found: !!(await ctx.db.collection.findUnique({ where: { id: String(params.id) } })),
          }),
        );
        const result = await invoke(byId, request("/raw/not-a-uuid", site), { id: "not-a-uuid" });
        expectClientError(result, "INVALID_REQUEST");
      });
    });
  });
}

describe("paths that never read the database", () => {
  beforeAll(async () => {
    install(makeRuntime(await unusableDatabase()));
  });

  describe("our own mistakes", () => {
    it("a response that fails its schema is our bug: 500 with a generic sentence", async () => {
      const broken = v1Route(
        { scope: "none", kind: "read", response: z.object({ count: z.number() }) },
        () => ({ count: "three" }) as never,
      );
      const result = await invoke(broken, request("/", site));
      expect(result).toMatchObject({
        status: 500,
        body: {
          success: false,
          code: "INTERNAL_ERROR",
          error: "Something went wrong on our side. Please retry later.",
        },
      });
    });

    it("an unexpected throw is a 500 that reveals nothing", async () => {
      const throwing = v1Route({ scope: "none", kind: "read", response: z.object({}) }, () => {
        throw new Error("connection to 10.0.0.5 failed, password=hunter2");
      });
      const result = await invoke(throwing, request("/", site));
      expect(result.status).toBe(500);
      expect(result.text).not.toContain("hunter2");
    });
  });

  describe("edges of /api/v1", () => {
    it("unknown paths answer a 404 NOT_FOUND envelope", async () => {
      const result = await invoke(v1NotFound, request("/nope", site), {});
      expect(result).toMatchObject({ status: 404, body: { success: false, code: "NOT_FOUND" } });
      expect((await invoke(v1MethodNotAllowed, request("/", site))).body).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
    });

    it("answers CORS preflights, and every response is readable cross-origin with Retry-After exposed", async () => {
      const preflight = await v1Preflight();
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-headers")).toContain("X-API-Key");
      const refused = await getCollection("local-drop", {});
      expect(refused.headers.get("access-control-allow-origin")).toBe("*");
      expect(refused.headers.get("access-control-expose-headers")).toContain("Retry-After");
    });
  });
});

// Every 405 carries the envelope and an `Allow` header that lists what the path really
// answers, taken from the route files (lib/api/route-methods.json, checked here to be
// current); what Next.js would answer with a bare 500 or an empty 405 is answered before it
// (lib/api/early-refusals.ts, used by scripts/serve.ts; served for real in tests/smoke).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { earlyRefusal } from "@/lib/api/early-refusals";
import { allowedMethods } from "@/lib/api/route-methods";
import { ROUTE_METHODS_FILE, collectRouteMethods, serialize } from "../../scripts/route-methods";
import { databaseTarget } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const STANDARD = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const EXOTIC = ["TRACE", "PROPFIND", "QUERY", "SEARCH", "CONNECT", "MKCOL", "FOO"];

describe("the route-methods manifest", () => {
  it("is current: npm run routes:methods writes nothing new", async () => {
    expect(readFileSync(ROUTE_METHODS_FILE, "utf8"), "run `npm run routes:methods`").toBe(
      serialize(await collectRouteMethods()),
    );
  });

  it("matches paths like Next.js: static beats [param] beats [...catchAll]", () => {
    expect(allowedMethods("/api/v1/prepare-mint")).toEqual(["POST", "OPTIONS"]);
    expect(allowedMethods("/api/v1/collections/sprites")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(allowedMethods("/api/v1/collections/sprites/claim-codes/validate")).toEqual(["POST", "OPTIONS"]);
    expect(allowedMethods("/api/v1/no/such/path")).toContain("GET"); // the catch-all answers the 404 envelope
    expect(allowedMethods("/d/sprites")).toBeNull();
  });
});

describe("early refusals (before Next.js)", () => {
  const malformed = [
    "/api/v1/collections/%E0%A4%A",
    "/api/v1/collections/%/bounty",
    "/api/public/%zz",
    "/api/v1/%C0%AE",
    "/api/v1/collections/sprites/%",
  ];
  it.each(malformed)("answers a malformed path under /api (%s) with the 400 envelope", async (url) => {
    const answer = earlyRefusal("GET", url)!;
    expect(answer.status).toBe(400);
    expect(errorBodySchema.parse(await answer.json()).code).toBe("INVALID_REQUEST");
  });

  it.each(["/d/%E0%A4%A", "/%", "/search?q=1&x=%"])(
    "answers a malformed page path (%s) with the site's error page",
    async (url) => {
      const answer = earlyRefusal("GET", url);
      if (url.includes("?")) return expect(answer).toBeNull(); // the query string is the page's business
      expect(answer!.status).toBe(400);
      expect(answer!.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await answer!.text()).toContain("Back to Dropmint");
    },
  );

  it.each(EXOTIC)("answers %s on an API path with 405, the envelope and Allow", async (method) => {
    const answer = earlyRefusal(method, "/api/v1/collections/sprites")!;
    expect(answer.status).toBe(405);
    expect(answer.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(errorBodySchema.parse(await answer.json()).code).toBe("METHOD_NOT_ALLOWED");
  });

  it("answers unanswered standard methods with the route's Allow, and lets the rest through", async () => {
    const putHealth = earlyRefusal("PUT", "/api/health")!;
    expect([putHealth.status, putHealth.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
    const getFaucet = earlyRefusal("GET", "/api/localnet/faucet")!;
    expect([getFaucet.status, getFaucet.headers.get("allow")]).toEqual([405, "POST"]);
    expect(earlyRefusal("POST", "/api/v1/prepare-mint")).toBeNull();
    expect(earlyRefusal("HEAD", "/api/v1/collections/sprites")).toBeNull();
    expect(earlyRefusal("OPTIONS", "/api/v1/prepare-mint")).toBeNull();
    expect(earlyRefusal("GET", "/d/sprites")).toBeNull();
    const tracePage = earlyRefusal("TRACE", "/d/sprites")!;
    expect([tracePage.status, tracePage.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});

describe("405 from the route files themselves", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
  });
  afterAll(() => app?.close());

  it("every route file answers each method it does not serve with the envelope and its Allow", async () => {
    const routes = JSON.parse(readFileSync(ROUTE_METHODS_FILE, "utf8")) as Array<{
      pattern: string;
      methods: string[];
    }>;
    let checked = 0;
    for (const route of routes.filter((r) => !r.pattern.includes("[..."))) {
      const url = route.pattern.replace(/\[[^\]]+\]/g, "x");
      for (const method of STANDARD.filter((m) => !route.methods.includes(m))) {
        const response = await callJson(method, url, { headers: { origin: TEST_SITE_ORIGIN } });
        if (response.status === 405 && response.text === "") continue; // not exported: Next's own 405, answered by serve.ts (see the smoke test)
        expect(response.status, `${method} ${url}`).toBe(405);
        expect(errorBodySchema.parse(response.body).code).toBe("METHOD_NOT_ALLOWED");
        expect(response.headers.get("allow"), `${method} ${url}`).toBe(route.methods.join(", "));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

// Issue 24 item 10: the OpenAPI documents say exactly what the server takes. The fuzz run's
// generator (tests/fuzz/run-fuzz.ts) draws requests from the documents the app serves,
// valid and hostile, and sends them to the real route handlers in process (PGlite, the
// embedded chain, the demo drops). Any disagreement fails: a 5xx, an answer off its
// schema, a request the document allows refused as input, or one it forbids accepted.
// `npm run fuzz` runs the same generator, longer, against a built site.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzContract, type FuzzReport } from "../../fuzz/run-fuzz";
import { WIDE_BUDGETS } from "../../fuzz/fuzz-site";
import { databaseTarget } from "../../helpers/databases";
import { callRoute } from "../../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";

/** Requests per operation (half valid, half hostile): about 500 in all, to keep the suite fast. */
const CASES = 12;

/** A fetch that hands each request to the route handlers in process (callRoute). */
const inProcessFetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
  const url = new URL(String(input));
  return callRoute(init.method ?? "GET", url.pathname + url.search, {
    headers: init.headers as Record<string, string>,
    rawBody: init.body as string | undefined,
  });
}) as typeof fetch;

describe("the OpenAPI documents against the server (property-based)", () => {
  let app: TestApp;
  let report: FuzzReport;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"), { env: { ...WIDE_BUDGETS, DEMO_ACTIVITY_MINUTES: "0" } });
    const apiKey = await app.createKey({ keyClass: "live", collections: "all" });
    report = await fuzzContract(
      { url: TEST_SITE_ORIGIN, apiKey, fetch: inProcessFetch },
      { casesPerOperation: CASES, concurrency: 4 },
    );
  }, 120_000);
  afterAll(() => app?.close());

  it("covers every operation of both routers", () => {
    expect(report.operations).toBeGreaterThan(30);
    expect(report.requests).toBe(report.operations * CASES);
  });

  it("finds no disagreement between the documents and the server", () => {
    const findings = report.findings.map((f) => `${f.operationId} → ${f.status}: ${f.problem}\n    ${f.request}`);
    expect(findings).toEqual([]);
  });

  it("gets both answers: successes and input refusals", () => {
    const statuses = Object.keys(report.statuses).map(Number);
    expect(statuses.some((status) => status >= 200 && status < 300)).toBe(true);
    expect(statuses).toContain(400);
  });
});

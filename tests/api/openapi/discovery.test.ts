// Issue 24 item 11: a newcomer's first call, GET /api/v1 without a key, is refused as the
// spec requires (401 API_KEY_REQUIRED) and its body names the public OpenAPI document and
// /docs; both links answer without a key.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson, callRoute } from "../../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";

describe("GET /api/v1 without a key", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"), { seed: false });
  });
  afterAll(() => app?.close());

  it("answers 401 API_KEY_REQUIRED naming the OpenAPI document and /docs", async () => {
    const { status, body } = await callJson("GET", "/api/v1");
    expect(status).toBe(401);
    expect(errorBodySchema.parse(body).code).toBe("API_KEY_REQUIRED");
    expect(body).toMatchObject({
      docs: `${TEST_SITE_ORIGIN}/api/v1/openapi.json`,
      reference: `${TEST_SITE_ORIGIN}/docs`,
    });
  });

  it("names documents a caller without a key can open", async () => {
    const { body } = await callJson("GET", "/api/v1");
    const document = await callJson("GET", new URL(body!.docs as string).pathname);
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({ openapi: "3.1.0" });
    expect(new URL(body!.reference as string).pathname).toBe("/docs");
  });

  it("gives a key the same links in the version banner", async () => {
    const key = await app.createKey({ keyClass: "live", collections: "all" });
    const response = await callRoute("GET", "/api/v1", { headers: { "x-api-key": key } });
    expect(await response.json()).toMatchObject({
      success: true,
      docs: `${TEST_SITE_ORIGIN}/api/v1/openapi.json`,
      reference: `${TEST_SITE_ORIGIN}/docs`,
    });
  });
});

import { describe, expect, it } from "vitest";
import { bare, fail, ok } from "@/lib/api/envelope";

async function read(response: Response) {
  return { status: response.status, headers: Object.fromEntries(response.headers), text: await response.text() };
}

describe("envelope", () => {
  it("ok puts success: true first beside the body's own members", async () => {
    const { status, headers, text } = await read(ok({ version: "1", stability: "stable" }));
    expect(status).toBe(200);
    expect(text).toBe('{"success":true,"version":"1","stability":"stable"}');
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["cache-control"]).toBe("no-store");
  });

  it("ok cannot be talked into success: false", async () => {
    expect(JSON.parse(await ok({ success: false, a: 1 }).text())).toEqual({ success: true, a: 1 });
  });

  it("ok honours status and headers, including a caller's Cache-Control", async () => {
    const response = ok({ a: 1 }, { status: 201, headers: { "Cache-Control": "public, max-age=5", "X-Extra": "1" } });
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("public, max-age=5");
    expect(response.headers.get("x-extra")).toBe("1");
  });

  it("bare sends the body as given", async () => {
    expect(await bare({ valid: false }).text()).toBe('{"valid":false}');
    expect(await bare({ collections: [] }).text()).toBe('{"collections":[]}');
  });

  it("fail builds { success: false, error, code, ...extra } with the code's status", async () => {
    const { status, text } = await read(fail("COLLECTION_RATE_LIMITED", "Slow down.", { retryAfter: 7 }));
    expect(status).toBe(429);
    expect(text).toBe('{"success":false,"error":"Slow down.","code":"COLLECTION_RATE_LIMITED","retryAfter":7}');
  });

  it("fail extras cannot override success, error or code", async () => {
    const body = JSON.parse(
      await fail("NOT_FOUND", "Nope.", { success: true, code: "X", error: "y", extra: 1 }).text(),
    );
    expect(body).toEqual({ success: false, error: "Nope.", code: "NOT_FOUND", extra: 1 });
  });

  it("fail ignores a status passed in init: the code decides", () => {
    expect(fail("API_KEY_INVALID", "No.", undefined, { status: 200 }).status).toBe(401);
  });

  it("serializes bigints: safe ones as numbers, larger ones as strings", async () => {
    const text = await ok({ small: 5_000_000n, big: 2n ** 64n, nested: [1n] }).text();
    expect(text).toBe('{"success":true,"small":5000000,"big":"18446744073709551616","nested":[1]}');
  });
});

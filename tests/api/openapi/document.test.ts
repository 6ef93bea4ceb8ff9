// The OpenAPI documents are valid OpenAPI 3.1 (checked by an OpenAPI validator), every
// response schema in them compiles as JSON Schema 2020-12, and they say what the issue asks:
// every error code with its status, one security scheme per key class and the Origin rule,
// Retry-After on every answer that can ask to wait, the first-party document marked
// internal, and examples from the demo drops. The check of real answers against them runs
// in every API test (tests/helpers/route-caller.ts); here it is shown to catch a bad body.
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { API_KEY_CLASSES } from "@/lib/auth/api-keys";
import { ERROR_CODES } from "@/lib/errors";
import { DEMO_DROPS } from "@/lib/demo/demo-drops";
import { contractOf, contractViolation } from "../../helpers/contract";

const routers = ["v1", "public"] as const;

describe.each(routers)("the %s OpenAPI document", (router) => {
  const { document } = contractOf(router);

  it("validates as OpenAPI 3.1", async () => {
    const result = await new Validator().validate(structuredClone(document) as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
  });

  it("documents every answer of every operation with a schema, and Retry-After wherever a code asks to wait", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item)) {
        expect(operation.responses["200"], `${path} ${operation.operationId}`).toBeDefined();
        for (const [status, response] of Object.entries(operation.responses)) {
          const codes = ((response as any).content?.["application/json"]?.schema?.allOf?.[1]?.properties?.code?.enum ??
            []) as string[];
          for (const code of codes)
            expect(ERROR_CODES[code as keyof typeof ERROR_CODES], `${operation.operationId} ${code}`).toBe(
              Number(status),
            );
          if (codes.some((code) => ["RATE_LIMITED", "SERVER_BUSY"].includes(code)))
            expect((response as any).headers?.["Retry-After"]).toBeDefined();
        }
      }
    }
  });
});

describe("what the v1 document states", () => {
  const { document } = contractOf("v1");

  it("the transactions' encoding in their schemas, and that unknown query parameters are ignored (issue 24, item 10)", () => {
    const encoded: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== "object") return;
      const schema = node as Record<string, unknown>;
      if (
        schema.contentEncoding === "base64" &&
        /legacy \(not versioned\) Solana transaction/.test(String(schema.description))
      )
        encoded.push(String(schema.description));
      Object.values(schema).forEach(walk);
    };
    walk(document);
    // The prepared transaction (to sign) and the signed one (execute-mint's body).
    expect(encoded.some((d) => d.includes("for the wallet to sign"))).toBe(true);
    expect(encoded.some((d) => d.includes("signed by the wallet"))).toBe(true);
    expect(String((document.info as { description?: string }).description)).toContain(
      "Query parameters an operation does not list are ignored, never refused.",
    );
  });

  it("lists every error code with its status", () => {
    expect(document["x-error-codes"]).toEqual(
      Object.entries(ERROR_CODES).map(([code, status]) => ({ code, status, description: expect.any(String) })),
    );
    expect((document.components.schemas.ErrorCode as { enum: string[] }).enum).toEqual(Object.keys(ERROR_CODES));
  });

  it("has a security scheme per key class, all three accepted, and the Origin rule", () => {
    const schemes = (document.components as any).securitySchemes as Record<
      string,
      { type: string; name: string; "x-key-class": string; description: string }
    >;
    expect(Object.values(schemes).map((scheme) => scheme["x-key-class"])).toEqual([...API_KEY_CLASSES]);
    for (const scheme of Object.values(schemes)) expect([scheme.type, scheme.name]).toEqual(["apiKey", "X-API-Key"]);
    expect(schemes.publishableKey!.description).toContain("ORIGIN_NOT_ALLOWED");
    expect(document.security).toEqual([{ publishableKey: [] }, { secretKey: [] }, { sandboxKey: [] }]);
    expect((document.components as any).parameters.Origin).toMatchObject({ in: "header", name: "Origin" });
    expect(document.paths["/openapi.json"]!.get!.security).toEqual([]);
  });

  it("takes its examples from the demo drops", () => {
    const parameters = document.paths["/collections/{identifier}"]!.get!.parameters as Array<{
      name: string;
      example?: unknown;
    }>;
    expect(parameters.find((p) => p.name === "identifier")!.example).toBe(DEMO_DROPS.sprites.shortId);
    const validate = document.paths["/collections/{collectionId}/claim-codes/validate"]!.post!.requestBody as any;
    expect(validate.content["application/json"].example).toEqual({ code: "SPRITE-LAUNCH" });
  });
});

describe("the first-party document", () => {
  it("is marked internal, and so is each of its operations", () => {
    const { document } = contractOf("public");
    expect(document["x-internal"]).toBe(true);
    for (const item of Object.values(document.paths))
      for (const operation of Object.values(item)) expect(operation["x-internal"]).toBe(true);
  });
});

describe("the contract check every API test runs", () => {
  it("passes a documented answer, and names what is wrong with one that breaks the document", () => {
    const ok = JSON.stringify({
      success: true,
      version: "1.0.0",
      stability: "stable",
      docs: "http://x.test/api/v1/openapi.json",
      reference: "http://x.test/docs",
    });
    expect(contractViolation("GET", "/api/v1", 200, ok)).toBeNull();
    expect(contractViolation("GET", "/api/v1", 200, JSON.stringify({ success: true, version: 1 }))).toMatch(/getRoot/);
    expect(contractViolation("GET", "/api/v1/collections/sprites", 418, "{}")).toMatch(/not documented/);
    const wrongCode = JSON.stringify({ success: false, error: "x", code: "SOLD_OUT" });
    expect(contractViolation("GET", "/api/v1/collections/sprites", 409, wrongCode)).toMatch(/not documented/);
    expect(
      contractViolation(
        "GET",
        "/api/v1/collections/sprites",
        404,
        JSON.stringify({ success: false, error: "x", code: "PHASE_NOT_FOUND" }),
      ),
    ).toMatch(/getCollection/);
    expect(contractViolation("GET", "/api/localnet/balance/x", 500, "nope")).toBeNull();
  });
});

// The OpenAPI 3.1 documents of the two routers, generated from the contract tables
// (lib/api/contract) and their zod schemas. Built once per process, on first request, from
// the running configuration (base URL, budgets): the routes validate with the very schema
// objects the document is made from, so it cannot drift from them, and no build step has
// to be remembered. GET /api/v1/openapi.json serves the partner document;
// GET /api/public/openapi.json the first-party one, marked internal.
import type { z } from "zod";
import type { Config } from "@/lib/config";
import { ERROR_CODES, ERROR_CODE_DESCRIPTIONS, type ErrorCode } from "@/lib/errors";
import { demoApiExamples } from "@/lib/demo/api-examples";
import { errorEnvelopeSchema } from "@/lib/schemas/error";
import { PREPARES_PER_WALLET_PER_MINUTE } from "../budgets";
import { errorCodesOf, type Operation, type Router } from "../contract/operation";
import { publicOperations } from "../contract/public-operations";
import { v1Operations } from "../contract/v1-operations";
import { API_STABILITY, API_VERSION } from "../version";
import { componentRef, requestSchema, responseComponents, type JsonSchema } from "./json-schemas";
import { NAMED_RESPONSE_PARTS, pathParameterSchema } from "./named-schemas";
import { securityOf } from "./security";

/**
 * How every request is read, stated once in the document's description (issue 24): what a
 * schema cannot say on its own.
 */
export const REQUEST_RULES =
  "Query parameters an operation does not list are ignored, never refused. " +
  "A `limit` above an operation's `maximum` is refused with 400 INVALID_REQUEST (never served as less than asked). " +
  "Lengths count characters as code points, as JSON Schema does; text fields forgive white space around the value (it is trimmed).";

export type OpenApiDocument = JsonSchema & {
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, JsonSchema> };
};
export type OperationObject = JsonSchema & { operationId: string; responses: Record<string, JsonSchema> };

type DocumentConfig = Pick<Config, "publicUrl" | "rateLimit" | "claimCodeChecks" | "sandbox">;

export const ROUTER_BASE: Record<Router, string> = { v1: "/api/v1", public: "/api/public" };

export const OPERATIONS: Record<Router, Record<string, Operation>> = { v1: v1Operations, public: publicOperations };

const built = new Map<string, OpenApiDocument>();

/** The router's document for this configuration, built on first use and kept for the process. */
export function openApiDocument(router: Router, config: DocumentConfig): OpenApiDocument {
  const key = `${router} ${config.publicUrl}`;
  let document = built.get(key);
  if (!document) built.set(key, (document = Object.freeze(buildOpenApiDocument(router, config)) as OpenApiDocument));
  return document;
}

export function buildOpenApiDocument(router: Router, config: DocumentConfig): OpenApiDocument {
  const operations = Object.values(OPERATIONS[router]);
  const named: Array<readonly [string, z.ZodType]> = [["ErrorEnvelope", errorEnvelopeSchema], ...NAMED_RESPONSE_PARTS];
  for (const operation of operations) named.push([`${pascal(operation.operationId)}Response`, operation.response]);
  const components = responseComponents(named);
  const examples = demoApiExamples();

  const paths: OpenApiDocument["paths"] = {};
  const requests: Record<string, JsonSchema> = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    const body = operation.documentedBody ?? operation.body;
    const requestName = body ? `${pascal(operation.operationId)}Request` : null;
    if (body && requestName) requests[requestName] = requestSchema(body);
    item[operation.method.toLowerCase()] = operationObject(
      router,
      operation,
      { response: components.nameOf(operation.response)!, request: requestName },
      examples,
    );
  }

  const security = securityOf(router, config);
  return {
    openapi: "3.1.0",
    info: {
      title: router === "v1" ? "Dropmint API v1" : "Dropmint first-party read router (internal)",
      version: API_VERSION,
      description:
        router === "v1"
          ? `The partner interface for reading drops and minting on Solana (stability: ${API_STABILITY}; within v1 changes are additive only). ` +
            "Success bodies carry `success: true` beside the resource's fields, except the few marked otherwise; errors are `{ success: false, error, code }`: branch on `code`, never on the sentence. " +
            REQUEST_RULES
          : "Internal: these endpoints serve the site's own pages and refuse every partner key (403 PARTNER_KEY_NOT_ALLOWED). They are not part of the partner contract and may change at any time.",
    },
    ...(router === "public" ? { "x-internal": true } : {}),
    servers: [{ url: `${config.publicUrl}${ROUTER_BASE[router]}` }],
    externalDocs: {
      description: "Guides: the decisions the spec leaves open, the mint flow and the threat model",
      url: `${config.publicUrl}/docs`,
    },
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name })),
    security: security.requirements,
    paths,
    components: {
      schemas: { ErrorCode: { type: "string", enum: Object.keys(ERROR_CODES) }, ...components.schemas, ...requests },
      securitySchemes: security.schemes,
      headers: {
        "Retry-After": {
          description: "Seconds to wait before asking again (also `retryAfter` in the body).",
          schema: { type: "integer", minimum: 0 },
        },
        ETag: {
          description: "A weak tag of the body: send it back as If-None-Match to get 304 while it is unchanged.",
          schema: { type: "string" },
        },
      },
      parameters: security.parameters,
    },
    "x-error-codes": Object.entries(ERROR_CODES).map(([code, status]) => ({
      code,
      status,
      description: ERROR_CODE_DESCRIPTIONS[code as ErrorCode],
    })),
    "x-rate-limits": rateLimits(router, config),
  } as OpenApiDocument;
}

function operationObject(
  router: Router,
  operation: Operation,
  names: { response: string; request: string | null },
  examples: ReturnType<typeof demoApiExamples>,
): OperationObject {
  const parameters: JsonSchema[] = [];
  const declared = operation.params
    ? ((requestSchema(operation.params) as { properties?: Record<string, JsonSchema> }).properties ?? {})
    : {};
  const exampleOf = (name: string) => examples.byOperation[operation.operationId]?.[name] ?? examples.parameters[name];
  for (const name of pathParameterNames(operation.path)) {
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: declared[name] ?? pathParameterSchema(name),
      example: exampleOf(name),
    });
  }
  if (operation.query) {
    const query = requestSchema(operation.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const example = exampleOf(name);
      parameters.push({
        name,
        in: "query",
        required: query.required?.includes(name) ?? false,
        schema,
        ...(example === undefined ? {} : { example }),
      });
    }
  }
  if (router === "v1") parameters.push({ $ref: "#/components/parameters/Origin" });

  const example = examples.bodies[operation.operationId];
  return {
    operationId: operation.operationId,
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    tags: [operation.tag],
    ...(router === "public" ? { "x-internal": true } : {}),
    ...(operation.operationId.endsWith("OpenApiDocument") ? { security: [] } : {}),
    "x-budgets": budgetsOf(operation),
    parameters,
    ...(names.request
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: componentRef(names.request),
                ...(example === undefined ? {} : { example }),
              },
            },
          },
        }
      : {}),
    responses: { ...successResponse(operation, names.response), ...errorResponses(router, operation) },
  };
}

function successResponse(operation: Operation, responseName: string): Record<string, JsonSchema> {
  const cached = operation.method === "GET" && !operation.operationId.endsWith("OpenApiDocument");
  return {
    "200": {
      description:
        operation.envelope === "bare"
          ? "The resource, without a `success` member."
          : "The resource, with `success: true` beside its fields.",
      ...(cached ? { headers: { ETag: { $ref: "#/components/headers/ETag" } } } : {}),
      content: { "application/json": { schema: componentRef(responseName) } },
    },
    ...(cached ? { "304": { description: "Not modified: the If-None-Match tag still matches the body." } } : {}),
  };
}

/** One response per status, listing its codes (schema: the envelope with `code` limited to them). */
function errorResponses(router: Router, operation: Operation): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(router, operation)) {
    const status = ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const waits = codes.some(
      (code) => code === "RATE_LIMITED" || code === "COLLECTION_RATE_LIMITED" || code === "SERVER_BUSY",
    );
    responses[String(status)] = {
      description: codes.map((code) => `${code}: ${ERROR_CODE_DESCRIPTIONS[code]}`).join("\n\n"),
      ...(waits ? { headers: { "Retry-After": { $ref: "#/components/headers/Retry-After" } } } : {}),
      content: {
        "application/json": {
          schema: { allOf: [componentRef("ErrorEnvelope"), { type: "object", properties: { code: { enum: codes } } }] },
        },
      },
    };
  }
  return responses;
}

function budgetsOf(operation: Operation): string[] {
  const budgets = ["request"];
  if (operation.kind === "chain-read") budgets.push("chain-read");
  if (operation.kind === "read" && operation.scope !== "none")
    budgets.push("chain-read when the answer reads the chain");
  if (operation.kind === "mint") budgets.push("mint");
  return budgets;
}

function rateLimits(router: Router, config: DocumentConfig) {
  const { readsPerMinute, chainReadsPerMinute, mintsPerMinute } = config.rateLimit;
  return {
    description:
      "Budgets per minute. Past one, 429 with Retry-After (seconds) and the same figure as `retryAfter` in the body.",
    request: { perMinute: readsPerMinute, per: "client IP", spentBy: "every request, before any other work" },
    "chain-read": { perMinute: chainReadsPerMinute, per: "client IP", spentBy: "reads that reach the chain" },
    ...(router === "v1"
      ? {
          mint: {
            perMinute: mintsPerMinute,
            per: "key (a publishable key: key and client IP; no key: client IP)",
            spentBy: "prepare, execute and batch",
          },
          prepares: {
            perMinute: PREPARES_PER_WALLET_PER_MINUTE,
            per: "caller, drop and wallet",
            code: "COLLECTION_RATE_LIMITED",
          },
        }
      : {}),
    claimCodeChecks: {
      perIpPerMinute: config.claimCodeChecks.perIpPerMinute,
      perDropPerMinute: config.claimCodeChecks.perDropPerMinute,
    },
  };
}

export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
}

function pascal(id: string): string {
  return id[0]!.toUpperCase() + id.slice(1);
}

// Checks an answer against the published contract: the OpenAPI document's response for that
// operation and status (JSON Schema 2020-12, validated with Ajv). Used by route-caller (so
// every API test checks every answer it gets, on both databases) and by the fuzz run.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import {
  buildOpenApiDocument,
  ROUTER_BASE,
  type OpenApiDocument,
  type OperationObject,
} from "@/lib/api/openapi/document";
import type { Router } from "@/lib/api/contract/operation";
import { parseConfig } from "@/lib/config";
import { isSolanaAddress, SOLANA_ADDRESS_FORMAT } from "@/lib/schemas/common";

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

const CONFIG = parseConfig({ PUBLIC_URL: "http://localhost:3000", DATA_DIR: process.env.DATA_DIR ?? "." });

export type MatchedOperation = { router: Router; path: string; method: string; operation: OperationObject };

export type Contract = {
  router: Router;
  document: OpenApiDocument;
  routes: Array<{ pattern: RegExp; path: string }>;
  ajv: Ajv2020;
  validators: Map<string, ValidateFunction>;
};
export type Contracts = Record<Router, Contract>;

/** A router's document with a validator per response, compiled on first use. */
export function createContract(router: Router, document: OpenApiDocument): Contract {
  // strict: false, because the documents carry OpenAPI's own keywords (example, x-…) beside JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  // The documents' one custom format: what the pattern cannot say (32 bytes, canonical base58).
  ajv.addFormat(SOLANA_ADDRESS_FORMAT, isSolanaAddress);
  ajv.addSchema({ $id: contractId(router), components: document.components });
  const routes = Object.keys(document.paths)
    .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/\{\w+\}/g, "[^/]+")}$`) }))
    // Static paths first: /collections/search is not /collection/{identifier}'s sibling by accident.
    .sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  return { router, document, routes, ajv, validators: new Map() };
}

const contractId = (router: Router) => `https://contract.dropmint.test/${router}`;

const built = new Map<Router, Contract>();

/** The router's document as the server builds it. */
export function contractOf(router: Router): Contract {
  let contract = built.get(router);
  if (!contract) built.set(router, (contract = createContract(router, buildOpenApiDocument(router, CONFIG))));
  return contract;
}

const BUILT: Contracts = {
  get v1() {
    return contractOf("v1");
  },
  get public() {
    return contractOf("public");
  },
};

/** The documented operation serving `method pathname`, or null for a path or method the documents do not publish. */
export function operationFor(method: string, pathname: string, contracts: Contracts = BUILT): MatchedOperation | null {
  for (const router of ["v1", "public"] as const) {
    const base = ROUTER_BASE[router];
    if (pathname !== base && !pathname.startsWith(`${base}/`)) continue;
    const relative = pathname.slice(base.length) || "/";
    const { document, routes } = contracts[router];
    for (const { path, pattern } of routes) {
      const operation = document.paths[path]?.[method.toLowerCase()];
      if (pattern.test(relative) && operation) return { router, path, method, operation };
    }
  }
  return null;
}

/**
 * Why an answer does not match its documented response, or null when it does (or when the
 * documents do not publish that path and method). 304 and bodiless answers have nothing to check.
 * `contracts`: the documents to check against (default: as this checkout builds them).
 */
export function contractViolation(
  method: string,
  url: string,
  status: number,
  text: string,
  contracts: Contracts = BUILT,
): string | null {
  if (method === "HEAD" || method === "OPTIONS" || status === 304) return null;
  const pathname = new URL(url, "http://localhost").pathname;
  const matched = operationFor(method, pathname, contracts);
  if (!matched) return null;
  const where = `${method} ${pathname} → ${status} (${matched.operation.operationId})`;
  const response = matched.operation.responses[String(status)] as
    { content?: { "application/json"?: { schema: unknown } } } | undefined;
  if (!response) return `${where}: status ${status} is not documented for this operation; body: ${text.slice(0, 300)}`;
  const schema = response.content?.["application/json"]?.schema;
  if (!schema) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${where}: the body is not JSON: ${text.slice(0, 200)}`;
  }
  const validate = validatorFor(contracts[matched.router], matched, String(status), schema);
  if (validate(body)) return null;
  return `${where}: ${JSON.stringify(validate.errors?.slice(0, 5))}; body: ${text.slice(0, 300)}`;
}

function validatorFor(
  contract: Contract,
  matched: MatchedOperation,
  status: string,
  schema: unknown,
): ValidateFunction {
  const key = `${matched.operation.operationId} ${status}`;
  let validate = contract.validators.get(key);
  if (!validate) contract.validators.set(key, (validate = compileAgainst(contract, schema)));
  return validate;
}

/** A validator for `schema`, whose $refs point into the contract's document. */
export function compileAgainst(contract: Contract, schema: unknown): ValidateFunction {
  const rebased = JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/', `"${contractId(contract.router)}#/components/`),
  ) as object;
  return contract.ajv.compile(rebased);
}

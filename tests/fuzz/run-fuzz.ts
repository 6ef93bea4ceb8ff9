// Fuzzing by contract: every operation of the documents a running site serves is called
// with inputs generated from its own schemas (fast-check, fixed seed, bounded count): valid
// ones, with real drops, phases and wallets where the path names them, and hostile ones
// (wrong types, bounds, missing or extra fields, bad JSON, bad keys), and now and then a
// query parameter no operation lists (the documents say it is ignored). Nothing may answer
// 500; every 4xx carries the envelope { success: false, error, code }; every answer the
// documents describe must match them (a 2xx its schema, an error its status and codes).
// And the documents must say exactly what the server takes (issue 24): each request is
// judged against them on its own (conformance.ts), whatever the generator meant it to be;
// a request they allow must not be refused as input (400 INVALID_REQUEST and kin) and a
// request they forbid must not succeed.
import { Keypair } from "@solana/web3.js";
import fc from "fast-check";
import type { Router } from "@/lib/api/contract/operation";
import type { OpenApiDocument, OperationObject } from "@/lib/api/openapi/document";
import { createContract, contractViolation, type Contracts } from "../helpers/contract";
import { conformanceOf, type Conformance } from "./conformance";
import { hostileObject, hostileValue, validArbitrary, type JsonSchema } from "./schema-arbitrary";

export type FuzzTarget = {
  /** The site's address, e.g. http://127.0.0.1:3000. */
  url: string;
  /** A live key for every drop: v1 calls alternate between it and the site's own (keyless) access. */
  apiKey: string;
  /** How requests reach the site: the global fetch, or an in-process one (the vitest contract test). */
  fetch?: typeof fetch;
};

export type FuzzOptions = { seed?: number; casesPerOperation?: number; concurrency?: number };

type Request = {
  operationId: string;
  valid: boolean;
  /** Whether the documents allow this request (its parameters and body), judged on its own. */
  conforms: boolean;
  /** Whether it carries credentials the router takes (so an input refusal is about the input). */
  authorized: boolean;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
};
export type FuzzFinding = { operationId: string; request: string; status: number; problem: string };
export type FuzzReport = {
  operations: number;
  requests: number;
  statuses: Record<string, number>;
  findings: FuzzFinding[];
  seconds: number;
};

export const FUZZ_DEFAULTS = { seed: 20_260_515, casesPerOperation: 24, concurrency: 4 } as const;

export async function fuzzContract(target: FuzzTarget, options: FuzzOptions = {}): Promise<FuzzReport> {
  const { seed, casesPerOperation, concurrency } = { ...FUZZ_DEFAULTS, ...options };
  const started = performance.now();
  const send = target.fetch ?? fetch;
  const getJson = <T>(url: string, headers: Record<string, string> = {}) => fetchJson<T>(send, url, headers);
  const site = { origin: target.url, "sec-fetch-site": "same-origin" };
  const contracts: Contracts = {
    v1: createContract("v1", await getJson<OpenApiDocument>(`${target.url}/api/v1/openapi.json`)),
    public: createContract("public", await getJson<OpenApiDocument>(`${target.url}/api/public/openapi.json`, site)),
  };
  const pools = await validPools(target, seed, getJson);

  const requests: Request[] = [];
  let index = 0;
  for (const router of ["v1", "public"] as const) {
    const { document } = contracts[router];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const conformance = conformanceOf(contracts[router], operation);
        const cases = requestArbitrary(
          router,
          target,
          document,
          path,
          method.toUpperCase(),
          operation,
          pools,
          conformance,
        );
        const half = Math.ceil(casesPerOperation / 2);
        requests.push(
          ...fc.sample(cases.valid, { seed: seed + index, numRuns: half }),
          ...fc.sample(cases.hostile, { seed: seed + index + 1, numRuns: casesPerOperation - half }),
        );
        index += 2;
      }
    }
  }

  const statuses: Record<string, number> = {};
  const findings: FuzzFinding[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      let response: Response;
      try {
        response = await send(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: "manual",
        });
      } catch (error) {
        // In process, a handler that throws (or an answer off the document) surfaces here.
        const problem = `threw: ${error instanceof Error ? error.message : String(error)}`;
        findings.push({ operationId: request.operationId, request: describe(request), status: 0, problem });
        continue;
      }
      const text = await response.text();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const problem = problemOf(request, response.status, text, contracts);
      if (problem)
        findings.push({
          operationId: request.operationId,
          request: describe(request),
          status: response.status,
          problem,
        });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const operations = Object.values(contracts).reduce(
    (sum, { document }) => sum + Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0),
    0,
  );
  return { operations, requests: requests.length, statuses, findings, seconds: (performance.now() - started) / 1000 };
}

/** Codes that refuse a request for its input (before any lookup): the documents must foresee each. */
const INPUT_REFUSALS = new Set(["INVALID_REQUEST", "INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"]);

function problemOf(request: Request, status: number, text: string, contracts: Contracts): string | null {
  if (status >= 500 && status !== 503) return `answered ${status}: ${text.slice(0, 300)}`;
  if (status >= 400) {
    let body: { success?: unknown; error?: unknown; code?: unknown } | null = null;
    try {
      body = JSON.parse(text);
    } catch {
      return `a ${status} without a JSON body: ${text.slice(0, 200)}`;
    }
    if (body?.success !== false || typeof body.error !== "string" || !body.error || typeof body.code !== "string")
      return `a ${status} without the error envelope: ${text.slice(0, 300)}`;
    if (request.conforms && request.authorized && INPUT_REFUSALS.has(body.code))
      return `a request the document allows was refused: ${text.slice(0, 300)}`;
  }
  // Accepted means served: a redirect (Next.js folds an empty path segment with a 308) serves nothing.
  if (!request.conforms && status >= 200 && status < 300)
    return `a request the document forbids was accepted (${status})`;
  return contractViolation(request.method, request.url, status, text, contracts);
}

type Pools = { identifiers: string[]; phaseIds: string[]; wallets: string[] };

/** Real values for the path and body fields that name things: the site's drops and phases, and wallets. */
async function validPools(
  target: FuzzTarget,
  seed: number,
  getJson: <T>(url: string, headers?: Record<string, string>) => Promise<T>,
): Promise<Pools> {
  const site = { origin: target.url, "sec-fetch-site": "same-origin" };
  const list = await getJson<{ collections: Array<{ id: string; shortId: string | null }> }>(
    `${target.url}/api/public/collections?limit=100`,
    site,
  );
  const identifiers = list.collections.flatMap((c) => [c.id, ...(c.shortId ? [c.shortId] : [])]);
  const phaseIds: string[] = [];
  for (const { id } of list.collections) {
    const collection = await getJson<{ phases?: { all: Array<{ id: string }> } }>(
      `${target.url}/api/v1/collections/${id}`,
      { "x-api-key": target.apiKey },
    );
    phaseIds.push(...(collection.phases?.all.map((phase) => phase.id) ?? []));
  }
  // Wallets' own keys (on the ed25519 curve, as a wallet's is), from seeds fixed by the run's
  // seed: about half of any 32 bytes are program-derived addresses, which prepare-mint refuses
  // as its description says (they have no key to sign with).
  const wallets = fc
    .sample(fc.uint8Array({ minLength: 32, maxLength: 32 }), { seed, numRuns: 8 })
    .map((bytes) => Keypair.fromSeed(bytes).publicKey.toBase58());
  return { identifiers, phaseIds, wallets };
}

const NAMED_BY_POOL: Record<string, keyof Pools> = {
  identifier: "identifiers",
  collectionId: "identifiers",
  collection: "identifiers",
  phaseId: "phaseIds",
  walletAddress: "wallets",
};

function requestArbitrary(
  router: Router,
  target: FuzzTarget,
  document: OpenApiDocument,
  path: string,
  method: string,
  operation: OperationObject,
  pools: Pools,
  conformance: Conformance,
) {
  const resolve = (ref: string) => {
    const name = ref.replace("#/components/schemas/", "");
    const schema = document.components.schemas[name];
    if (!schema) throw new Error(`unresolved ${ref}`);
    return schema;
  };
  const parameters = ((operation.parameters as JsonSchema[] | undefined) ?? []).filter(
    (p) => p.in === "path" || p.in === "query",
  );
  const poolFor = (name: string) => {
    const pool = NAMED_BY_POOL[name];
    return pool && Object.hasOwn(NAMED_BY_POOL, name) && pools[pool].length > 0
      ? fc.constantFrom(...pools[pool])
      : null;
  };
  const validParameter = (p: JsonSchema) =>
    poolFor(p.name as string) ?? validArbitrary(p.schema as JsonSchema, resolve);

  const bodyRef = (operation.requestBody as { content: { "application/json": { schema: JsonSchema } } } | undefined)
    ?.content["application/json"].schema;
  const bodySchema = bodyRef ? resolve(bodyRef.$ref as string) : null;
  const validBody = bodySchema ? withPools(validArbitrary(bodySchema, resolve), poolFor) : fc.constant(undefined);

  const base = `${target.url}${router === "v1" ? "/api/v1" : "/api/public"}`;
  type Auth = { headers: Record<string, string>; authorized: boolean };
  const build =
    (valid: boolean) =>
    (
      values: Record<string, unknown>,
      body: unknown,
      auth: Auth,
      rawBody: string | null,
      stranger: [string, string] | null,
    ): Request => {
      let url =
        base +
        (path === "/" ? "" : path).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
      const query = new URLSearchParams();
      for (const p of parameters)
        if (p.in === "query" && values[p.name as string] !== undefined)
          query.set(p.name as string, asQueryValue(values[p.name as string]));
      if (stranger) query.set(...stranger);
      if (query.size > 0) url += `?${query}`;
      const headers: Record<string, string> = { ...auth.headers };
      let text: string | undefined;
      if (method === "POST") {
        headers["content-type"] = rawBody === "text/plain" ? "text/plain" : "application/json";
        text = rawBody !== null && rawBody !== "text/plain" ? rawBody : JSON.stringify(body ?? null);
      }
      const sentValues = Object.fromEntries(
        parameters
          .filter((p) => values[p.name as string] !== undefined)
          .map((p) => [
            p.name as string,
            p.in === "path" ? String(values[p.name as string]) : asQueryValue(values[p.name as string]),
          ]),
      );
      // A body that is not JSON breaks the contract only of an operation that reads one.
      const bodyRead = bodySchema !== null;
      const conforms =
        (rawBody === null || !bodyRead) && conformance(sentValues, bodyRead ? (body ?? null) : undefined);
      return {
        operationId: operation.operationId,
        valid,
        conforms,
        authorized: auth.authorized,
        method,
        url,
        headers,
        body: text,
      };
    };

  const site = { origin: target.url, "sec-fetch-site": "same-origin" };
  const goodAuth = (
    router === "v1" ? [{ "x-api-key": target.apiKey }, { "x-api-key": target.apiKey }, site] : [site]
  ).map((headers): Auth => ({ headers, authorized: true }));
  const badAuth = [
    {} as Record<string, string>,
    { "x-api-key": "dm_live_1111111111111111111111111111111111111111111" },
    { "x-api-key": "not a key" },
    { "x-api-key": target.apiKey, origin: "https://elsewhere.example" },
  ].map((headers): Auth => ({ headers, authorized: false }));
  const validAuth = fc.constantFrom(...goodAuth);
  const hostileAuth = fc.constantFrom(...goodAuth, ...goodAuth, ...badAuth);
  // Now and then a query parameter no operation lists: the documents say it is ignored.
  const stranger = fc.option(
    fc.tuple(fc.constantFrom("utm_source", "x", "_", "callback", "fields"), fc.string({ maxLength: 12 })),
    { nil: null, freq: 4 },
  );

  const values = (valid: boolean) =>
    fc.record(
      Object.fromEntries(
        parameters.map((p) => {
          const good = validParameter(p);
          const arbitrary = valid
            ? good
            : fc.oneof(
                good,
                hostileValue().map((v) => (typeof v === "string" ? v : JSON.stringify(v))),
              );
          return [
            p.name as string,
            p.required || p.in === "path" ? arbitrary : fc.option(arbitrary, { nil: undefined }),
          ];
        }),
      ),
    ) as fc.Arbitrary<Record<string, unknown>>;

  return {
    valid: fc
      .tuple(values(true), validBody, validAuth, stranger)
      .map(([v, body, auth, extra]) => build(true)(v, body, auth, null, extra)),
    hostile: fc
      .tuple(
        values(false),
        bodySchema ? hostileObject(validBody) : fc.constant(undefined),
        hostileAuth,
        fc.constantFrom<string | null>(null, null, null, "{not json", "text/plain"),
        stranger,
      )
      .map(([v, body, auth, raw, extra]) => build(false)(v, body, auth, method === "POST" ? raw : null, extra)),
  };
}

/** Fields that name a drop, a phase or a wallet get real ones (the schema alone would only make strangers). */
function withPools(
  body: fc.Arbitrary<unknown>,
  poolFor: (name: string) => fc.Arbitrary<string> | null,
): fc.Arbitrary<unknown> {
  const fill = (value: unknown): fc.Arbitrary<unknown> => {
    if (Array.isArray(value)) return fc.tuple(...value.map(fill));
    if (typeof value !== "object" || value === null) return fc.constant(value);
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([key, v]) => [key, poolFor(key) ?? fill(v)] as const,
    );
    return fc.record(Object.fromEntries(entries));
  };
  return body.chain(fill);
}

function asQueryValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function describe(request: Request): string {
  return `${request.method} ${request.url}${request.body ? ` ${request.body.slice(0, 200)}` : ""} [${Object.keys(request.headers).join(",")}]`;
}

async function fetchJson<T>(send: typeof fetch, url: string, headers: Record<string, string>): Promise<T> {
  const response = await send(url, { headers });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as T;
}

// One operation of an API router as the contract states it: its method and path, what it
// reads (scope, budgets), its zod schemas and the codes it may answer with. The route file
// spreads its operation into the route preset, so the schemas a route validates with are,
// by construction, the ones the OpenAPI document (lib/api/openapi) publishes:
//
//   export const GET = v1Route({ ...v1Operations.getCollection, preLaunch: … }, handler);
import type { z } from "zod";
import type { ErrorCode } from "@/lib/errors";
import type { ScopeKind } from "../scope";

type Schema = z.ZodType;

export type Operation<
  S extends ScopeKind = ScopeKind,
  P = Schema,
  Q = Schema,
  B = Schema,
  R extends Schema = Schema,
> = {
  operationId: string;
  method: "GET" | "POST";
  /** OpenAPI path template relative to the router's base (`/collections/{identifier}`). */
  path: string;
  summary: string;
  /** A sentence or two for the reference; the guides on /docs say the rest. */
  description?: string;
  tag: string;
  scope: S;
  kind: "read" | "chain-read" | "mint";
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** "bare" for the few spec bodies without a `success` member. */
  envelope?: "ok" | "bare";
  /**
   * The body a caller sends, when the route reads a looser one first (execute-mint looks
   * for a transactionHash before anything else is validated). Documented and fuzzed instead of `body`.
   */
  documentedBody?: Schema;
  /** Codes of this operation's own service, beyond those every request of its router may get (see errorCodesOf). */
  errors?: readonly ErrorCode[];
};

/** Keeps each operation's literal types (scope, schemas) so a route preset infers its context from it. */
export function defineOperations<const T extends Record<string, Operation>>(operations: T): T {
  for (const [id, operation] of Object.entries(operations)) {
    if (operation.operationId !== id) throw new Error(`operation ${id} names itself ${operation.operationId}`);
  }
  return operations;
}

export type Router = "v1" | "public";

/**
 * Every code an operation may answer with: its router's pipeline (key, origin, budgets,
 * admission), its scope, its input, and its service's own. The document lists each under
 * its status; the API tests check every answer they get against that list.
 */
export function errorCodesOf(router: Router, operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(["INVALID_REQUEST", "RATE_LIMITED", "SERVER_BUSY", "INTERNAL_ERROR"]);
  const add = (...more: ErrorCode[]) => more.forEach((code) => codes.add(code));
  if (router === "v1")
    add("API_KEY_REQUIRED", "API_KEY_INVALID", "ORIGIN_NOT_ALLOWED", "AUTH_UNAVAILABLE", "SANDBOX_KEY_ON_MAINNET");
  else add("API_KEY_REQUIRED", "PARTNER_KEY_NOT_ALLOWED");
  if (operation.scope === "collection")
    add(
      ...(router === "v1"
        ? (["COLLECTION_NOT_IN_SCOPE", "COLLECTION_NOT_FOUND"] as const)
        : (["COLLECTION_NOT_FOUND"] as const)),
    );
  if (operation.scope === "phase") add("COLLECTION_NOT_IN_SCOPE", "PHASE_NOT_FOUND");
  // A keyless read of a drop that has not launched (v1 reads without a pre-launch view of their own).
  if (router === "v1" && operation.scope === "collection" && operation.kind !== "mint") add("COLLECTION_NOT_LAUNCHED");
  if (operation.body !== undefined)
    add("INVALID_JSON", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE", "REQUEST_TIMEOUT");
  if (operation.kind === "chain-read") add("CHAIN_UNAVAILABLE");
  add(...(operation.errors ?? []));
  return [...codes];
}

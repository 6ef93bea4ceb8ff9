// The v1 route wrapper. A route file is one line of intent:
//
//   export const GET = v1Route({ scope: "collection", kind: "read", response: collectionResponseSchema },
//     ({ runtime, collection }) => getCollectionView(runtime, collection));
//
// Pipeline: key → origin → scope → rate limit → zod input → handler → response schema →
// envelope. Anything thrown becomes an error envelope in handleApiError.
import type { z } from "zod";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import type { CollectionRef } from "@/lib/services/collection-ref";
import { authenticate, type AuthContext } from "./auth";
import { withCors } from "./cors";
import { bare, fail, ok } from "./envelope";
import { handleApiError } from "./handle-error";
import { enforceRateLimit } from "./rate-limit";
import { parseInput, type RouteParams } from "./request-input";
import { resolveScope, type ScopeKind } from "./scope";

type Schema = z.ZodType;
type Out<S, Fallback> = S extends Schema ? z.output<S> : Fallback;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type V1RouteOptions<S extends ScopeKind, P, Q, B, R extends Schema> = {
  /** What the route names: nothing, a collection (identifier/collectionId) or a phase (phaseId). */
  scope: S;
  /** The path parameter (or, when absent from the path, body field) naming the scope. */
  scopeParam?: string;
  /** Which budget the call spends: reads per IP, or mints per key (per IP first-party). */
  kind: "read" | "mint";
  params?: P;
  query?: Q;
  body?: B;
  /** Output goes back through this schema, which strips internal fields. */
  response: R;
  /** "bare" for the few spec bodies without a `success` member. */
  envelope?: "ok" | "bare";
};

export type V1Context<S extends ScopeKind, P, Q, B> = {
  request: Request;
  runtime: Runtime;
  auth: AuthContext;
  collection: S extends "none" ? null : CollectionRef;
  params: Out<P, RouteParams>;
  query: Out<Q, Record<string, string>>;
  body: Out<B, undefined>;
};

/** What a handler returns: the response schema's input, `success` optional (the envelope adds it). */
export type V1Result<R extends Schema> = DistributiveOmit<z.input<R>, "success"> & { success?: boolean };
export type V1RouteContext = { params: Promise<RouteParams> };
export type V1Handler = (request: Request, context: V1RouteContext) => Promise<Response>;

export function v1Route<S extends ScopeKind, R extends Schema, P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: V1RouteOptions<S, P, Q, B, R>,
  handler: (context: V1Context<S, P, Q, B>) => Promise<V1Result<R>> | V1Result<R>,
): V1Handler {
  const candidates = options.scopeParam ? [options.scopeParam] : options.scope === "phase" ? ["phaseId"] : ["identifier", "collectionId"];
  return async (request, context) => {
    try {
      const runtime = await getRuntime();
      const auth = await authenticate(request, runtime);
      const rawParams = (await context?.params) ?? {};
      const pathParam = candidates.find((name) => name in rawParams);
      const scopeInBody = options.scope !== "none" && pathParam === undefined; // e.g. prepare-mint's collectionId
      let collection = scopeInBody ? null : await resolveScope(runtime, auth, options.scope, pathParam && rawParams[pathParam]);
      await enforceRateLimit(runtime.rateLimiter, runtime.config, request, options.kind, auth.kind === "partner" ? auth.keyId : null);
      const input = await parseInput(request, options as { params?: Schema; query?: Schema; body?: Schema }, rawParams);
      if (scopeInBody) collection = await resolveScope(runtime, auth, options.scope, fieldOf(input.body, candidates));
      const result = await handler({ request, runtime, auth, collection, ...input } as V1Context<S, P, Q, B>);
      return withCors(respond(options, result));
    } catch (error) {
      return withCors(handleApiError(error));
    }
  };
}

function fieldOf(body: unknown, names: string[]): unknown {
  const record = (body ?? {}) as Record<string, unknown>;
  return names.map((name) => record[name]).find((value) => value !== undefined);
}

/** Output through the response schema (strips internal fields), then the envelope. Shared with publicRoute. */
export function respond(options: { response: Schema; envelope?: "ok" | "bare" }, result: object): Response {
  const bareBody = options.envelope === "bare";
  const parsed = options.response.safeParse(bareBody ? result : { ...result, success: true });
  if (!parsed.success) throw new Error(`v1 response failed its schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  return bareBody ? bare(parsed.data as Record<string, unknown>) : ok(parsed.data as Record<string, unknown>);
}

/** For a catch-all under /api/v1: unknown paths answer the 404 envelope. */
export const v1NotFound: V1Handler = async () => withCors(fail("NOT_FOUND", "No such endpoint."));

/** For methods a v1 path does not accept (Next answers an empty 405 otherwise). */
export const v1MethodNotAllowed: V1Handler = async () => withCors(fail("METHOD_NOT_ALLOWED", "This endpoint does not accept that method."));

export { v1Preflight } from "./cors";

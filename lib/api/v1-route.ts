// The v1 route wrapper. A route file is one line of intent:
//
//   export const GET = v1Route({ scope: "collection", kind: "read", response: collectionResponseSchema },
//     ({ runtime, collection }) => getCollectionView(runtime, collection));
//
// Pipeline: per-IP budgets → key → origin → mint budget → scope → zod input → pre-launch
// rule → handler → response schema → envelope. Anything thrown becomes an error envelope in handleApiError.
// The per-IP budgets come first so that nothing, not even an unknown key or drop, reaches
// the database past them.
import type { z } from "zod";
import type { Chain } from "@/lib/chain";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import type { CollectionRef } from "@/lib/services/collection-ref";
import { authenticate, type AuthContext } from "./auth";
import { withCors } from "./cors";
import { bare, fail, ok } from "./envelope";
import { ApiError } from "./api-error";
import { handleApiError } from "./handle-error";
import { enforceChainBudget, enforceMintBudget, enforceRequestBudget } from "./rate-limit";
import { chainForRequest } from "./request-chain";
import { parseInput, type RouteParams } from "./request-input";
import { allowHeader } from "./route-methods";
import { readsInFull, resolveScope, type ScopeKind } from "./scope";

type Schema = z.ZodType;
type Out<S, Fallback> = S extends Schema ? z.output<S> : Fallback;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type V1RouteOptions<S extends ScopeKind, P, Q, B, R extends Schema> = {
  /** What the route names: nothing, a collection (identifier/collectionId) or a phase (phaseId). */
  scope: S;
  /** The path parameter (or, when absent from the path, body field) naming the scope. */
  scopeParam?: string;
  /**
   * Which budgets the call spends. Every call: the per-IP request budget, first. "chain-read"
   * (reads the chain on every request): the per-IP chain budget as well, also up front.
   * "read": the chain budget only if the handler reaches the chain through `context.chain`.
   * "mint": the mint budget, per key (per key and IP for publishable keys, per IP first-party).
   */
  kind: "read" | "chain-read" | "mint";
  params?: P;
  query?: Q;
  body?: B;
  /** Output goes back through this schema, which strips internal fields. */
  response: R;
  /** "bare" for the few spec bodies without a `success` member. */
  envelope?: "ok" | "bare";
  /**
   * Reads only: what a keyless (first-party) caller gets for a drop that has not launched,
   * which is what the public site shows of it (it goes through `response` too). Without it,
   * such a read is refused with 403 COLLECTION_NOT_LAUNCHED. Partner keys in scope always
   * get the handler.
   */
  preLaunch?: (context: V1Context<S, P, Q, B>) => Promise<V1Result<R>> | V1Result<R>;
};

export type V1Context<S extends ScopeKind, P, Q, B> = {
  request: Request;
  runtime: Runtime;
  auth: AuthContext;
  /** The chain for this request. "read": its first call spends the chain budget. Mint calls have their own budget. */
  chain: Chain;
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
      const { rateLimiter: limiter, config } = runtime;
      await enforceRequestBudget(limiter, config, request);
      if (options.kind === "chain-read") await enforceChainBudget(limiter, config, request);
      const auth = await authenticate(request, runtime);
      if (options.kind === "mint") await enforceMintBudget(limiter, config, request, auth);
      const rawParams = (await context?.params) ?? {};
      const pathParam = candidates.find((name) => name in rawParams);
      const scopeInBody = options.scope !== "none" && pathParam === undefined; // e.g. prepare-mint's collectionId
      let collection = scopeInBody ? null : await resolveScope(runtime, auth, options.scope, pathParam && rawParams[pathParam]);
      const input = await parseInput(request, options as { params?: Schema; query?: Schema; body?: Schema }, rawParams);
      if (scopeInBody) collection = await resolveScope(runtime, auth, options.scope, fieldOf(input.body, candidates));
      const chain = options.kind === "read" ? chainForRequest(runtime.chain, () => enforceChainBudget(limiter, config, request)) : runtime.chain;
      const routeContext = { request, runtime, auth, chain, collection, ...input } as V1Context<S, P, Q, B>;
      const preLaunch = options.kind !== "mint" && collection !== null && !readsInFull(auth, collection);
      const result = await (preLaunch ? preLaunchView(options, routeContext) : handler(routeContext));
      return withCors(respond(options, result));
    } catch (error) {
      return withCors(handleApiError(error));
    }
  };
}

/**
 * A keyless read of a drop that has not launched: the route's pre-launch view, else a refusal.
 * The public site never shows such a drop's phases, so a phase route answers exactly as for
 * an unknown phase.
 */
function preLaunchView<S extends ScopeKind, P, Q, B, R extends Schema>(options: V1RouteOptions<S, P, Q, B, R>, context: V1Context<S, P, Q, B>) {
  if (options.scope === "phase") throw new ApiError("PHASE_NOT_FOUND", "No phase has that id.");
  if (options.preLaunch) return options.preLaunch(context);
  throw new ApiError("COLLECTION_NOT_LAUNCHED", "This drop has not launched yet; only its teaser is public.");
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

/** For methods a v1 path does not accept (Next answers an empty 405 otherwise), with the path's `Allow`. */
export const v1MethodNotAllowed: V1Handler = async (request) => {
  const response = withCors(fail("METHOD_NOT_ALLOWED", "This endpoint does not accept that method."));
  response.headers.set("Allow", allowHeader(new URL(request.url).pathname));
  return response;
};

export { v1Preflight } from "./cors";

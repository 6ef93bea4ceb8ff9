// The first-party read router's wrapper (/api/public/...). A route file is one line of intent:
//
//   export const GET = publicRoute({ query: discoveryQuerySchema, response: featuredResponseSchema }, ({ runtime, query }) =>
//     getFeatured(runtime.database.prisma, { ...query, now: new Date(), publicBaseUrl: runtime.config.publicUrl }));
//
// Pipeline: refuse any X-API-Key → first-party check → read rate limit → (collection) →
// zod input → handler → response schema → envelope. It is v1Route's pipeline with the key
// step replaced: these endpoints power the site's own pages and are not part of the
// partner contract, so a partner key of any class, valid or not, is refused with 403
// PARTNER_KEY_NOT_ALLOWED before it is even looked up. A request with no key that does
// not come from the site (auth.ts isFirstPartyRequest) gets the spec's generic answer,
// 401 API_KEY_REQUIRED. First-party recognition is a browser convenience, not a secret:
// these endpoints show only what the public site shows, and the per-IP read budget applies.
import type { z } from "zod";
import { getRuntime, type Runtime } from "@/lib/server/runtime";
import type { CollectionRef } from "@/lib/services/collection-ref";
import { ApiError } from "./api-error";
import { isFirstPartyRequest } from "./auth";
import { fail } from "./envelope";
import { handleApiError } from "./handle-error";
import { enforceRequestBudget } from "./rate-limit";
import { parseInput, type RouteParams } from "./request-input";
import { resolveCollectionScope } from "./scope";
import { respond, type V1Handler, type V1Result, type V1RouteContext } from "./v1-route";

type Schema = z.ZodType;
type Out<S, Fallback> = S extends Schema ? z.output<S> : Fallback;

export type PublicRouteOptions<C extends boolean, P, Q, B, R extends Schema> = {
  /** true: the `identifier` path parameter names a drop, resolved before the handler (404 when unknown). */
  collection?: C;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** "bare" for the bodies without a `success` member (recent-soldouts, code/validate). */
  envelope?: "ok" | "bare";
};

export type PublicContext<C extends boolean, P, Q, B> = {
  request: Request;
  runtime: Runtime;
  collection: C extends true ? CollectionRef : null;
  params: Out<P, RouteParams>;
  query: Out<Q, Record<string, string>>;
  body: Out<B, undefined>;
};

const FIRST_PARTY = { kind: "first-party" } as const;

export function publicRoute<R extends Schema, C extends boolean = false, P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  options: PublicRouteOptions<C, P, Q, B, R>,
  handler: (context: PublicContext<C, P, Q, B>) => Promise<V1Result<R>> | V1Result<R>,
): V1Handler {
  return async (request: Request, context: V1RouteContext) => {
    let runtime: Runtime | undefined;
    try {
      runtime = await getRuntime();
      assertFirstPartyCaller(request, runtime.config);
      // Budget first: no scope secrecy to keep here, so unknown drops cost a lookup only within budget.
      await enforceRequestBudget(runtime.rateLimiter, runtime.config, request);
      const rawParams = (await context?.params) ?? {};
      const identifier = rawParams.identifier;
      if (options.collection && typeof identifier !== "string") throw new ApiError("INVALID_REQUEST", "Missing collection identifier.");
      const collection = options.collection ? await resolveCollectionScope(runtime.database.prisma, FIRST_PARTY, identifier as string) : null;
      const input = await parseInput(request, options as { params?: Schema; query?: Schema; body?: Schema }, rawParams);
      const result = await handler({ request, runtime, collection, ...input } as PublicContext<C, P, Q, B>);
      return withSiteCors(request, runtime, respond(options, result));
    } catch (error) {
      return withSiteCors(request, runtime, handleApiError(error));
    }
  };
}

/** Partner keys never work here (whatever their class or validity); no key needs the site's own origin. */
export function assertFirstPartyCaller(request: Request, config: { siteOrigins: readonly string[] }): void {
  if (request.headers.has("x-api-key")) {
    throw new ApiError("PARTNER_KEY_NOT_ALLOWED", "This endpoint serves the site's own pages; partner keys use /api/v1.");
  }
  if (!isFirstPartyRequest(request, config)) throw new ApiError("API_KEY_REQUIRED", "An API key is required.");
}

/** The site may serve pages from several of its origins (SITE_ORIGINS): echo the caller's, never "*". */
function withSiteCors(request: Request, runtime: Runtime | undefined, response: Response): Response {
  const origin = request.headers.get("origin");
  if (origin && runtime && isFirstPartyRequest(request, runtime.config)) {
    response.headers.set("Access-Control-Allow-Origin", origin);
    response.headers.set("Vary", "Origin");
  }
  return response;
}

/** Unknown /api/public paths: the 404 envelope rather than Next's HTML page. */
export const publicNotFound: V1Handler = async () => fail("NOT_FOUND", "No such endpoint.");

// Wrong methods and preflights answer exactly as on v1 (no data in either).
export { v1MethodNotAllowed as publicMethodNotAllowed, v1Preflight as publicPreflight } from "./v1-route";

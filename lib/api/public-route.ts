// The first-party router's preset of the route pipeline (lib/api/route.ts), /api/public/...
// These endpoints power the site's own pages and are not part of the partner contract: a
// partner key of any class, valid or not, is refused with 403 PARTNER_KEY_NOT_ALLOWED before
// it is even looked up, and a request with no key that does not come from the site
// (auth.ts isFirstPartyRequest) gets the spec's generic 401 API_KEY_REQUIRED. First-party
// recognition is a browser convenience, not a secret: these endpoints show only what the
// public site shows, and the per-IP read budget applies.
//
//   export const GET = publicRoute({ query: discoveryQuerySchema, response: featuredResponseSchema }, ({ ctx, query }) =>
//     getFeatured(ctx, query));
import type { z } from "zod";
import type { Runtime } from "@/lib/server/runtime";
import { isFirstPartyRequest } from "./auth";
import { fail } from "./envelope";
import { createRoute, type RouteContext, type RouteHandler, type RouteOptions, type RouteResult } from "./route";

type Schema = z.ZodType;

export type PublicRouteOptions<C extends boolean | "body", P, Q, B, R extends Schema> = Pick<
  RouteOptions<Scope<C>, P, Q, B, R>,
  "operationId" | "params" | "query" | "body" | "response" | "envelope" | "budgets"
> & {
  /** true: the `identifier` path parameter names a drop (404 when unknown); "body": the body's `collection` or `collectionId` does. */
  collection?: C;
};

type Scope<C> = C extends false ? "none" : "collection";

export function publicRoute<
  R extends Schema,
  C extends boolean | "body" = false,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  options: PublicRouteOptions<C, P, Q, B, R>,
  handler: (context: RouteContext<Scope<C>, P, Q, B>) => Promise<RouteResult<R>> | RouteResult<R>,
): RouteHandler {
  const { collection, ...rest } = options;
  const scope = (collection ? "collection" : "none") as Scope<C>;
  const scopeParam = collection === "body" ? ["collection", "collectionId"] : ["identifier"];
  return createRoute({ ...rest, access: "site", scope, scopeParam, kind: "read" }, handler, withSiteCors);
}

/** The site may serve pages from several of its origins (SITE_ORIGINS): echo the caller's, never "*". */
function withSiteCors(request: Request, runtime: Runtime | undefined, response: Response): Response {
  const origin = request.headers.get("origin");
  if (origin && runtime && isFirstPartyRequest(request, runtime.config)) {
    response.headers.set("Access-Control-Allow-Origin", origin);
    const vary = response.headers.get("Vary");
    if (!vary?.split(",").some((name) => name.trim().toLowerCase() === "origin"))
      response.headers.set("Vary", vary ? `${vary}, Origin` : "Origin");
  }
  return response;
}

/** Unknown /api/public paths: the 404 envelope rather than Next's HTML page. */
export const publicNotFound: RouteHandler = async () => fail("NOT_FOUND", "No such endpoint.");

// Wrong methods and preflights answer exactly as on v1 (no data in either).
export { v1MethodNotAllowed as publicMethodNotAllowed, v1Preflight as publicPreflight } from "./v1-route";

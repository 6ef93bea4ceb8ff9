// The partner contract's preset of the route pipeline (lib/api/route.ts): a partner key, or
// the site's own pages without one, with CORS open to any origin. A route file is one line
// of intent:
//
//   export const GET = v1Route({ scope: "collection", kind: "read", response: collectionResponseSchema },
//     ({ ctx, collection }) => getCollectionView(ctx, collection));
import type { z } from "zod";
import type { ScopeKind } from "./scope";
import { withCors } from "./cors";
import { fail } from "./envelope";
import { createRoute, type RouteContext, type RouteHandler, type RouteOptions, type RouteResult } from "./route";
import { allowHeader } from "./route-methods";

type Schema = z.ZodType;

export type V1RouteOptions<S extends ScopeKind, P, Q, B, R extends Schema> = Omit<
  RouteOptions<S, P, Q, B, R>,
  "access" | "guard"
>;

export function v1Route<
  S extends ScopeKind,
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  options: V1RouteOptions<S, P, Q, B, R>,
  handler: (context: RouteContext<S, P, Q, B>) => Promise<RouteResult<R>> | RouteResult<R>,
): RouteHandler {
  return createRoute({ ...options, access: "v1" }, handler, (_request, _runtime, response) => withCors(response));
}

/** For a catch-all under /api/v1: unknown paths answer the 404 envelope. */
export const v1NotFound: RouteHandler = async () => withCors(fail("NOT_FOUND", "No such endpoint."));

/** For methods a path does not accept (Next answers an empty 405 otherwise), with the path's `Allow`. */
export const v1MethodNotAllowed: RouteHandler = async (request) => {
  const response = withCors(fail("METHOD_NOT_ALLOWED", "This endpoint does not accept that method."));
  response.headers.set("Allow", allowHeader(new URL(request.url).pathname));
  return response;
};

export { v1Preflight } from "./cors";

// The site's tool routes' preset of the route pipeline (lib/api/route.ts): the local-chain
// faucet and balance, the test controls, and the admin side of `npm run keys`. Each exists
// only where its guard holds; elsewhere it answers the 404 of a path that does not exist.
// Keys are not looked at; the per-IP request budget applies like everywhere.
import { createHash, timingSafeEqual } from "node:crypto";
import type { z } from "zod";
import type { Runtime } from "@/lib/server/runtime";
import { createRoute, type RouteContext, type RouteHandler, type RouteOptions, type RouteResult } from "./route";

type Schema = z.ZodType;

export type ToolRouteOptions<P, Q, B, R extends Schema> = Pick<
  RouteOptions<"none", P, Q, B, R>,
  "params" | "query" | "body" | "response" | "budgets"
> & {
  guard: (request: Request, runtime: Runtime) => boolean;
  /** "chain-read" when every request reads the chain (spends the per-IP chain budget). */
  kind?: "read" | "chain-read";
};

export function toolRoute<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  options: ToolRouteOptions<P, Q, B, R>,
  handler: (context: RouteContext<"none", P, Q, B>) => Promise<RouteResult<R>> | RouteResult<R>,
): RouteHandler {
  return createRoute(
    { kind: "read", ...options, access: "open", scope: "none" },
    handler,
    (_request, _runtime, response) => response,
  );
}

/** Only on the embedded local chain (or a local chain shared through `npm run localnet`). */
export const onLocalnet = (_request: Request, runtime: Runtime) => runtime.config.cluster === "localnet";

/** Only with DROPMINT_TEST_CONTROLS=1 on localnet. */
export const withTestControls = (_request: Request, runtime: Runtime) => runtime.config.testControls;

/**
 * Only with the admin token this instance wrote to `<DATA_DIR>/instance.json` (embedded
 * database only). Constant-time: hashing first makes the lengths equal and leaks none of it.
 */
export const withAdminToken = (request: Request, runtime: Runtime) => {
  const expected = runtime.adminToken;
  const given = request.headers.get("x-admin-token");
  if (!expected || !given) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(expected), digest(given));
};

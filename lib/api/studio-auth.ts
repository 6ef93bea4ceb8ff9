// The creator studio's callers (app/api/studio/...). A studio request acts for one wallet,
// proven by its Sign-In-With-Solana cookie and named in the X-Studio-Wallet header (a browser
// may hold the cookies of several wallets). Refusals, in order:
//   - a partner key (X-API-Key, or Authorization): 403 PARTNER_KEY_NOT_ALLOWED; keys are for /api/v1;
//   - any request that is not from the site itself (another Origin, a browser's word that it
//     is cross-site, or no sign that it comes from the site): 403 ORIGIN_NOT_ALLOWED. This is
//     the studio's cross-site (CSRF) defence, for reads and changes alike;
//   - no live session for the named wallet: 401 WALLET_PROOF_REQUIRED;
//   - a wallet the operator has not let create (STUDIO_CREATORS): 403 STUDIO_NOT_ALLOWED.
// A drop is the caller's when its creatorWallet is the caller (admins: every drop); another
// creator's drop answers the same 404 as a missing one.
//
//   export const GET = studioRoute({ drop: true, response: studioDropResponseSchema }, ({ ctx, drop }) =>
//     getStudioDrop(ctx, drop));
import type { z } from "zod";
import type { Collection } from "@/lib/db/generated/client";
import { studioRoleOf } from "@/lib/domain/studio-access";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "@/lib/services/context";
import { findOwnedDropOrThrow, type StudioCaller } from "@/lib/services/studio/owned-drops";
import { isWalletProven } from "@/lib/services/wallet-session";
import { isFirstPartyRequest } from "./auth";
import {
  createRoute,
  FileAnswer,
  type RouteContext,
  type RouteHandler,
  type RouteOptions,
  type RouteResult,
} from "./route";
import { presentedWalletSessions } from "./wallet-session";

export type { StudioCaller } from "@/lib/services/studio/owned-drops";

/** The header naming the wallet a studio request acts for. */
export const STUDIO_WALLET_HEADER = "x-studio-wallet";

/**
 * The proven, allowed wallet this studio request acts for; refuses as the module says.
 * `walletFromQuery`: an <img> cannot send the header, so a media read may name its wallet in
 * `?wallet=` instead (the header, when present, still decides). The cookie proves it all the same.
 */
export async function requireStudioCaller(
  ctx: ServiceContext,
  request: Request,
  { walletFromQuery = false }: { walletFromQuery?: boolean } = {},
): Promise<StudioCaller> {
  const { headers } = request;
  if (headers.has("x-api-key") || headers.has("authorization"))
    throw new AppError("PARTNER_KEY_NOT_ALLOWED", "The studio is for signed-in creators; partner keys use /api/v1.");
  const crossSite = ["cross-site", "same-site"].includes(headers.get("sec-fetch-site") ?? "");
  if (crossSite || !isFirstPartyRequest(request, ctx.config))
    throw new AppError("ORIGIN_NOT_ALLOWED", "The studio answers the site's own pages only.");
  const named =
    headers.get(STUDIO_WALLET_HEADER) ?? (walletFromQuery ? new URL(request.url).searchParams.get("wallet") : null);
  return requireProvenCreator(ctx, headers.get("cookie"), named?.trim() ?? "");
}

/**
 * The studio wallet a page (not an API call) acts for: `wallet` from its address, proven by the
 * cookies and let in as a creator. No origin check: a page changes nothing, and another site
 * cannot read what it shows.
 */
export async function requireProvenCreator(
  ctx: ServiceContext,
  cookieHeader: string | null,
  wallet: string,
): Promise<StudioCaller> {
  if (!(await isWalletProven(ctx, presentedWalletSessions(cookieHeader), wallet)))
    throw new AppError("WALLET_PROOF_REQUIRED", "Sign in with the wallet you name (Sign In With Solana).");
  const role = studioRoleOf(ctx.config.studio, wallet);
  if (!role) throw new AppError("STUDIO_NOT_ALLOWED", "This wallet is not on the site's list of creators.");
  return { wallet, isAdmin: role === "admin" };
}

/** The caller's drop named by `dropRef`; another creator's drop, or none, is 404 COLLECTION_NOT_FOUND. */
export function requireOwnedDrop(ctx: ServiceContext, caller: StudioCaller, dropRef: string): Promise<Collection> {
  return findOwnedDropOrThrow(ctx, caller, dropRef);
}

type Schema = z.ZodType;
type Out<S, Fallback> = S extends Schema ? z.output<S> : Fallback;

export type StudioRouteOptions<P, Q, B, R extends Schema> = Pick<
  RouteOptions<"none", P, Q, B, R>,
  "params" | "query" | "body" | "response" | "maxBodyBytes" | "rawBody"
> & {
  /** The drop named by the `id` path parameter (short ID, UUID or address) must be the caller's: it reaches the handler as `drop`. */
  drop?: boolean;
  /** The wallet may be named in `?wallet=` when the header is absent (reads an <img> makes). */
  walletFromQuery?: boolean;
};

export type StudioRouteContext<P, Q, B> = Omit<RouteContext<"none", P, Q, B>, "principal" | "collection"> & {
  caller: StudioCaller;
  /** The caller's drop (routes with `drop: true`); otherwise never read. */
  drop: Collection;
  params: Out<P, Record<string, string>>;
};

/** A studio route: the pipeline (lib/api/route.ts) with the caller required first, answers never cached. */
export function studioRoute<
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  options: StudioRouteOptions<P, Q, B, R>,
  handler: (context: StudioRouteContext<P, Q, B>) => Promise<RouteResult<R> | FileAnswer> | RouteResult<R> | FileAnswer,
): RouteHandler {
  const { drop: namesDrop, walletFromQuery, ...rest } = options;
  const authorize = (ctx: ServiceContext, request: Request) => requireStudioCaller(ctx, request, { walletFromQuery });
  return createRoute(
    { ...rest, access: "open", scope: "none", kind: "read", authorize },
    async (context) => {
      const caller = context.principal as StudioCaller;
      const id = (context.params as Record<string, unknown>).id;
      const drop = namesDrop ? await requireOwnedDrop(context.ctx, caller, String(id)) : (undefined as never);
      context.answerHeaders.set("Cache-Control", "no-store");
      return handler({ ...context, caller, drop } as unknown as StudioRouteContext<P, Q, B>);
    },
    (_request, _runtime, response) => response,
  );
}

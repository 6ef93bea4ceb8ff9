// The one route pipeline. Every route file under app/api is one line of intent inside a
// preset of it (lib/api/v1-route.ts, public-route.ts, tool-route.ts):
//
//   export const GET = v1Route({ scope: "collection", kind: "read", response: collectionResponseSchema },
//     ({ ctx, collection }) => getCollectionView(ctx, collection));
//
// Steps, each a small function: guard (404 when the route does not exist here) → the
// client's place (429 beyond a few requests in progress per client network) → the body,
// read with a size cap and a deadline (408 REQUEST_TIMEOUT) → admission (a short wait for a
// place, then 503 SERVER_BUSY beyond the instance's capacity, before any database work) → caller
// recognised (v1: key or site; site: the site only; open; and a request carrying a wallet's
// sign-in cookie only from the site itself) → budgets (request per IP first, chain, mint) →
// scope → zod input → the route's own budgets → service context → handler → response schema
// → envelope (with the handler's cookies) → CORS. Anything thrown becomes an error envelope
// in handleApiError. Around it all, the request is observed (request-observation.ts): its id,
// its log line, its count and latency.
import { z } from "zod";
import { FIRST_PARTY, readsInFull, type AuthContext } from "@/lib/auth/context";
import type { Chain } from "@/lib/chain";
import { AppError } from "@/lib/errors";
import { metrics } from "@/lib/metrics";
import { getRuntime, serviceContextOf, type Runtime } from "@/lib/server/runtime";
import type { CollectionRef } from "@/lib/services/collection-ref";
import type { ServiceContext } from "@/lib/services/context";
import { authenticate, isFirstPartyRequest } from "./auth";
import {
  callerOf,
  chainReadBudget,
  clientIp,
  mintBudget,
  requestBudget,
  spendBudgets,
  type Budget,
  type Caller,
} from "./budgets";
import { bareText, fail, okText } from "./envelope";
import { admissionGateOf } from "./admission";
import { cachePolicyOf, withCachePolicy, type AnswerBody } from "./cache-policy";
import { handleApiError } from "./handle-error";
import { observeRequest } from "./request-observation";
import { routeTemplate } from "./route-methods";
import { chainForRequest } from "./request-chain";
import { clientSlotsOf } from "./client-slots";
import { parseInput, readJsonBody, readRawBody, type RouteParams } from "./request-input";
import { clientNetwork } from "@/lib/domain/client-network";
import { UUID } from "@/lib/domain/collection-identifier";
import { noteRefusal, type RefusalTarget } from "@/lib/services/mint/refusal-counts";
import { resolveScope, type ScopeKind } from "./scope";
import { assertSignedInRequestFromSite } from "./wallet-session";

type Schema = z.ZodType;
type Out<S, Fallback> = S extends Schema ? z.output<S> : Fallback;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Who may call. "v1": a partner key, or the site's own pages without one (the partner
 * contract). "site": the site's own pages only; any X-API-Key is refused before it is looked
 * up (the first-party router). "open": anyone, keys ignored (local-chain tools, behind a guard).
 */
export type Access = "v1" | "site" | "open";

export type RouteOptions<S extends ScopeKind, P, Q, B, R extends Schema> = {
  access: Access;
  /** The contract's operation this route serves (lib/api/contract), when it is in a published document. */
  operationId?: string;
  /** The route exists only when this holds (the local chain, test controls, an admin token); otherwise it answers the 404 of an unknown path. */
  guard?: (request: Request, runtime: Runtime) => boolean;
  /**
   * Who the caller is, for routes that act for someone (the studio: a signed-in creator).
   * Runs after the request budget and before scope and input, so a stranger learns nothing
   * of the input's rules; what it returns reaches the handler as `principal`.
   */
  authorize?: (ctx: ServiceContext, request: Request) => Promise<unknown>;
  /** What the route names: nothing, a collection (identifier/collectionId) or a phase (phaseId). */
  scope: S;
  /** The path parameter (or, when absent from the path, body field) naming the scope. */
  scopeParam?: string | readonly string[];
  /**
   * Which budgets the call spends besides the per-IP request budget. "chain-read" (reads the
   * chain on every request): the per-IP chain budget, up front. "read": the chain budget only
   * if the handler reaches the chain through `ctx.chain`. "mint": the caller's mint budget.
   */
  kind: "read" | "chain-read" | "mint";
  /**
   * A refusal this instance knows from memory (prepare: a drop with nothing left,
   * lib/services/mint/sold-out-memory.ts). When `mayApply` holds for the body, the caller,
   * its budgets, the scope and the input are checked before the admission gate, as they are
   * after it, and `refuse` throws when the refusal stands: such a request is answered at once
   * instead of waiting for a place it would only use to be refused.
   */
  knownRefusal?: {
    mayApply: (runtime: Runtime, body: unknown) => Promise<boolean>;
    refuse: (context: RouteContext<S, P, Q, B>) => Promise<void>;
    /** While the request waits at the gate: aborts once the refusal becomes known (the request is then checked as above). */
    whileWaiting: (runtime: Runtime, body: unknown) => { signal: AbortSignal; done: () => void } | undefined;
  };
  /** Mint routes: an execute, which finishes a sale already held (the admission gate keeps room for it; lib/api/admission.ts). */
  settles?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  /** Bytes a JSON body may hold (64 KB unless said): a studio upload's manifest lists up to 40,000 files. */
  maxBodyBytes?: number;
  /** The body is bytes, not JSON (a studio upload's file range), read with this cap and the same deadline. */
  rawBody?: { maxBytes: number };
  /** The route's own budgets, from its caller and validated input (claim-code checks, faucet airdrops). */
  budgets?: (input: BudgetInput<S, P, Q, B>) => Budget[];
  /**
   * "handler": the route's budgets are not spent by the wrapper but handed to the handler as
   * `spendBudgets`, for a service that must spend them at a step of its own (prepare-mint's
   * spec order: chain, surface, wallet block, then the rate).
   */
  budgetsSpentBy?: "wrapper" | "handler";
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
  preLaunch?: (context: RouteContext<S, P, Q, B>) => Promise<RouteResult<R>> | RouteResult<R>;
};

type BudgetInput<S extends ScopeKind, P, Q, B> = {
  caller: Caller;
  config: Runtime["config"];
  collection: S extends "none" ? null : CollectionRef;
  params: Out<P, RouteParams>;
  query: Out<Q, Record<string, string>>;
  body: Out<B, undefined>;
};

export type RouteContext<S extends ScopeKind, P, Q, B> = {
  /** The services' context for this request (its chain spends the chain budget for "read" routes). */
  ctx: ServiceContext;
  auth: AuthContext;
  caller: Caller;
  collection: S extends "none" ? null : CollectionRef;
  params: Out<P, RouteParams>;
  query: Out<Q, Record<string, string>>;
  body: Out<B, undefined>;
  /** Spends the route's own budgets (once); only with `budgetsSpentBy: "handler"`. */
  spendBudgets: () => Promise<void>;
  /** The request's cookies (the wallet sessions, lib/api/wallet-session.ts); nothing else of the request. */
  cookies: string | null;
  /** Headers added to the answer (a route that opens or ends a wallet session sets its cookie here). */
  answerHeaders: Headers;
  /** With `rawBody`: the body's bytes and the range of the file they are (Content-Range). */
  rawBody?: { bytes: Uint8Array; contentRange: string | null; contentType: string | null };
  /** What the route's `authorize` returned (undefined without one). */
  principal: unknown;
};

/**
 * A file's bytes as the answer instead of a JSON body (the studio's preview of an uploaded
 * image): sent as they are, never sniffed, never cached by anyone but the caller.
 */
export class FileAnswer {
  constructor(
    readonly bytes: Uint8Array,
    readonly contentType: string,
  ) {}

  toResponse(): Response {
    return new Response(this.bytes as Uint8Array<ArrayBuffer>, {
      headers: {
        "Content-Type": this.contentType,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
        "Content-Security-Policy": "default-src 'none'; sandbox",
      },
    });
  }
}

/** What a handler returns: the response schema's input, `success` optional (the envelope adds it). */
export type RouteResult<R extends Schema> = DistributiveOmit<z.input<R>, "success"> & { success?: boolean };
export type RouteHandlerContext = { params: Promise<RouteParams> };
export type RouteHandler = ((request: Request, context: RouteHandlerContext) => Promise<Response>) & {
  /** Set on the handlers of contract operations, so a test can tell which operation a route file serves. */
  operationId?: string;
};

export function createRoute<S extends ScopeKind, R extends Schema, P, Q, B>(
  options: RouteOptions<S, P, Q, B, R>,
  handler: (context: RouteContext<S, P, Q, B>) => Promise<RouteResult<R> | FileAnswer> | RouteResult<R> | FileAnswer,
  cors: (request: Request, runtime: Runtime | undefined, response: Response) => Response,
): RouteHandler {
  const scopeNames = [
    options.scopeParam ?? (options.scope === "phase" ? ["phaseId"] : ["identifier", "collectionId"]),
  ].flat();
  const route: RouteHandler = (request, context) => observeRequest(request, () => answer(request, context));
  const answer = async (request: Request, context: RouteHandlerContext): Promise<Response> => {
    let runtime: Runtime | undefined;
    let leave: (() => void) | undefined;
    let release: (() => void) | undefined;
    // The drop a refused mint call concerns, once known (the dashboard's per-drop refusal counts).
    let refused: RefusalTarget | null = null;
    try {
      runtime = await getRuntime();
      if (options.guard && !options.guard(request, runtime)) return fail("NOT_FOUND", "No such endpoint.");
      const { config } = runtime;
      const ip = clientIp(request, config.trustedProxyHops);
      release = clientSlotsOf(runtime).take(clientNetwork(ip));
      // Read before the gate: a body that trickles in holds the client's own place, never the instance's.
      const body = options.body ? await readJsonBody(request, config.bodyTimeoutMs, options.maxBodyBytes) : undefined;
      if (options.kind === "mint") refused = sessionNamedBy(body);
      const rawBody = options.rawBody
        ? {
            bytes: await readRawBody(request, config.bodyTimeoutMs, options.rawBody.maxBytes),
            contentRange: request.headers.get("content-range"),
            contentType: request.headers.get("content-type"),
          }
        : undefined;
      const parts = { request, context, runtime, ip, body, rawBody, scopeNames };
      const onCollection = (target: RefusalTarget) => (refused = target);
      let routeContext: RouteContext<S, P, Q, B> | undefined;
      const kind = options.kind !== "mint" ? "read" : options.settles ? "execute" : "prepare";
      for (;;) {
        // A refusal known from memory is answered before the gate: a hopeless request never waits for a place.
        if (options.knownRefusal && (await options.knownRefusal.mayApply(runtime, body))) {
          routeContext ??= await recogniseCaller(options, parts, onCollection);
          await options.knownRefusal.refuse(routeContext);
        }
        // Learnt while waiting: out of the line, and answered as above (after the caller's own checks).
        const known = options.knownRefusal?.whileWaiting(runtime, body);
        try {
          leave = await admissionGateOf(runtime).admit(kind, known?.signal);
          break;
        } catch (error) {
          if (!known?.signal.aborted) throw error;
        } finally {
          known?.done();
        }
      }
      routeContext ??= await recogniseCaller(options, parts, onCollection);
      const { collection, auth, answerHeaders } = routeContext;
      // The site's own router applies the pre-launch rule in its services (a teaser, not a refusal).
      const preLaunch =
        options.access === "v1" && options.kind !== "mint" && collection !== null && !readsInFull(auth, collection);
      const result = await (preLaunch ? preLaunchView(options, routeContext) : handler(routeContext));
      const response =
        result instanceof FileAnswer
          ? result.toResponse()
          : withCachePolicy(request, answerBody(options, result), cachePolicyOf(options.access));
      answerHeaders.forEach((value, name) => name !== "set-cookie" && response.headers.set(name, value));
      for (const cookie of answerHeaders.getSetCookie()) response.headers.append("Set-Cookie", cookie);
      return cors(request, runtime, response);
    } catch (error) {
      if (options.kind === "mint") countRefusal(request, error, runtime, refused);
      return cors(request, runtime, handleApiError(error));
    } finally {
      leave?.();
      release?.();
    }
  };
  if (options.operationId) route.operationId = options.operationId;
  return route;
}

type RequestParts = {
  request: Request;
  context: RouteHandlerContext;
  runtime: Runtime;
  ip: string;
  body: unknown;
  rawBody: RouteContext<ScopeKind, unknown, unknown, unknown>["rawBody"];
  scopeNames: readonly string[];
};

/**
 * Who calls and about what, once admitted (or before the gate, for a refusal known from
 * memory): the first-party and cookie rules, the request and mint budgets, the caller, the
 * scope, the input, the route's own budgets, and the handler's context.
 */
async function recogniseCaller<S extends ScopeKind, R extends Schema, P, Q, B>(
  options: RouteOptions<S, P, Q, B, R>,
  parts: RequestParts,
  onCollection: (target: RefusalTarget) => void,
): Promise<RouteContext<S, P, Q, B>> {
  const { request, context, runtime, ip, body, rawBody, scopeNames } = parts;
  const { config, rateLimiter: limiter } = runtime;
  if (options.access === "site") assertFirstPartyCaller(request, config);
  // A request carrying a wallet's sign-in cookie acts as that wallet: only from the site itself.
  if (request.method !== "GET" && request.method !== "HEAD") assertSignedInRequestFromSite(request, config);
  await spendBudgets(limiter, [
    requestBudget(config, ip),
    ...(options.kind === "chain-read" ? [chainReadBudget(config, ip)] : []),
  ]);
  const auth = options.access === "v1" ? await authenticate(request, runtime) : FIRST_PARTY;
  const caller = callerOf(auth, ip);
  if (options.kind === "mint") await spendBudgets(limiter, [mintBudget(config, caller)]);
  const principal = await options.authorize?.(serviceContextOf(runtime), request);

  const rawParams = (await context?.params) ?? {};
  const pathParam = scopeNames.find((name) => name in rawParams);
  const scopeInBody = options.scope !== "none" && pathParam === undefined; // e.g. prepare-mint's collectionId
  let collection = scopeInBody
    ? null
    : await resolveScope(runtime, auth, options.scope, pathParam && rawParams[pathParam]);
  const input = parseInput(request, options as { params?: Schema; query?: Schema; body?: Schema }, rawParams, body);
  if (scopeInBody) collection = await resolveScope(runtime, auth, options.scope, fieldOf(input.body, scopeNames));
  if (collection) onCollection({ collectionId: collection.id });

  const budgets = options.budgets?.({ caller, config, collection, ...input } as BudgetInput<S, P, Q, B>) ?? [];
  let spent: Promise<void> | undefined;
  const spendRouteBudgets = () => (spent ??= spendBudgets(limiter, budgets));
  if (options.budgetsSpentBy !== "handler") await spendRouteBudgets();

  const chain: Chain =
    options.kind === "read"
      ? chainForRequest(runtime.chain, () => spendBudgets(limiter, [chainReadBudget(config, ip)]))
      : runtime.chain;
  const ctx = serviceContextOf(runtime, { chain });
  const answerHeaders = new Headers();
  const cookies = request.headers.get("cookie");
  return {
    ...{
      ctx,
      auth,
      caller,
      collection,
      ...input,
      spendBudgets: spendRouteBudgets,
      cookies,
      answerHeaders,
      rawBody,
    },
    principal,
  } as RouteContext<S, P, Q, B>;
}

/** The mint funnel's refusals, by stable code (anything else is an INTERNAL_ERROR answer): per process, and per drop when known. */
function countRefusal(request: Request, error: unknown, runtime: Runtime | undefined, target: RefusalTarget | null) {
  const code =
    error instanceof AppError ? error.code : error instanceof z.core.$ZodError ? "INVALID_REQUEST" : "INTERNAL_ERROR";
  const route = routeTemplate(new URL(request.url).pathname);
  metrics().mintRefusals.inc({ route, code });
  if (runtime && target) {
    noteRefusal(runtime.database.prisma, target, route.includes("prepare") ? "prepare" : "execute", code);
  }
}

/** The session an execute body names (a batch: its first), when it is a well-formed id. */
function sessionNamedBy(body: unknown): RefusalTarget | null {
  const record = (body ?? {}) as { sessionId?: unknown; transactions?: Array<{ sessionId?: unknown }> };
  const id = record.sessionId ?? (Array.isArray(record.transactions) ? record.transactions[0]?.sessionId : undefined);
  return typeof id === "string" && UUID.test(id) ? { sessionId: id } : null;
}

/** Partner keys never work on the site's own router (whatever their class or validity); no key needs the site's own origin. */
export function assertFirstPartyCaller(request: Request, config: { siteOrigins: readonly string[] }): void {
  if (request.headers.has("x-api-key")) {
    throw new AppError(
      "PARTNER_KEY_NOT_ALLOWED",
      "This endpoint serves the site's own pages; partner keys use /api/v1.",
    );
  }
  if (!isFirstPartyRequest(request, config)) throw new AppError("API_KEY_REQUIRED", "An API key is required.");
}

/**
 * A keyless read of a drop that has not launched: the route's pre-launch view, else a refusal.
 * The public site never shows such a drop's phases, so a phase route answers exactly as for
 * an unknown phase.
 */
function preLaunchView<S extends ScopeKind, P, Q, B, R extends Schema>(
  options: RouteOptions<S, P, Q, B, R>,
  context: RouteContext<S, P, Q, B>,
) {
  if (options.scope === "phase") throw new AppError("PHASE_NOT_FOUND", "No phase has that id.");
  if (options.preLaunch) return options.preLaunch(context);
  throw new AppError("COLLECTION_NOT_LAUNCHED", "This drop has not launched yet; only its teaser is public.");
}

function fieldOf(body: unknown, names: readonly string[]): unknown {
  const record = (body ?? {}) as Record<string, unknown>;
  return names.map((name) => record[name]).find((value) => value !== undefined);
}

/**
 * The answer's text for a handler's result, by response schema: a service that serves a
 * cached result (a frozen object, the same until it changes) gets its checked, enveloped
 * text and ETag computed once, not per request. Results are otherwise fresh objects.
 */
const answerTexts = new WeakMap<Schema, WeakMap<object, AnswerBody>>();

function answerBody(options: { response: Schema; envelope?: "ok" | "bare" }, result: object): AnswerBody {
  let texts = answerTexts.get(options.response);
  if (!texts) answerTexts.set(options.response, (texts = new WeakMap()));
  let body = texts.get(result);
  if (!body) {
    body = { text: respondText(options, result) };
    if (Object.isFrozen(result)) texts.set(result, body);
  }
  return body;
}

/** Output through the response schema (strips internal fields), then the envelope. */
function respondText(options: { response: Schema; envelope?: "ok" | "bare" }, result: object): string {
  const bareBody = options.envelope === "bare";
  const parsed = options.response.safeParse(bareBody ? result : { ...result, success: true });
  if (!parsed.success)
    throw new Error(`response failed its schema: ${JSON.stringify(parsed.error.issues.slice(0, 3))}`);
  return bareBody ? bareText(parsed.data as Record<string, unknown>) : okText(parsed.data as Record<string, unknown>);
}

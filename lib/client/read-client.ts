// The read half of the typed browser client: every call that only reads (the v1 reads, the
// search, the local balance), with the spec's read defaults (retries, timeouts, pacing).
// A page that mints uses the whole client (api-client.ts); the home page and /search load
// only this half, so they ship no mint code.
import type * as T from "./types.ts";
import type { DropmintClient } from "./api-client.ts";
import { pathOf, type HttpRequest, type QueryValue, type Transport } from "./http.ts";
import { createTokenBucket, DEFAULT_PACING, realClock, unpaced } from "./pacing.ts";
import { DropmintClientError } from "./errors.ts";
import { readJson, type ReadPolicy } from "./policies.ts";

export type DropmintClientOptions = {
  /** Origin the paths are relative to; "" (default) means the page's own origin. */
  baseUrl?: string;
  /** Injected for tests and server use; defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  /** A partner key. The site's own pages send none (first-party). */
  apiKey?: string;
  /** One timeout for every call: takes precedence over the per-call defaults below (the spec's client-wide setting). */
  timeoutMs?: number;
  readTimeoutMs?: number; // default 30_000
  executeTimeoutMs?: number; // default 130_000
  readAttempts?: number; // default 3
  pacing?: { perSecond: number; burst: number } | null; // default { perSecond: 5, burst: 10 }; null disables
  /** First read backoff in ms (default 300; the next is 3× longer, ±20 % jitter). */
  backoffMs?: number;
  /** Longest Retry-After a read waits out, in seconds (default 10); a longer one throws at once. */
  maxRetryAfterSeconds?: number;
};

export const CLIENT_DEFAULTS = {
  readTimeoutMs: 30_000,
  executeTimeoutMs: 130_000,
  readAttempts: 3,
  backoffMs: 300,
  maxRetryAfterSeconds: 10,
  pacing: DEFAULT_PACING,
} as const;

/** The calls that only read. */
export type ReadClient = Omit<
  DropmintClient,
  | "prepareMint"
  | "executeMint"
  | "executeMintBatch"
  | "requestAirdrop"
  | "requestTestStablecoin"
  | "getWalletSessions"
  | "issueSignInNonce"
  | "signInWallet"
>;

/** The transport and the request builders both halves share. */
export type ClientConnection = ReturnType<typeof connect>;

export function connect(options: DropmintClientOptions = {}) {
  const pacing = options.pacing === undefined ? CLIENT_DEFAULTS.pacing : options.pacing;
  const transport: Transport = {
    baseUrl: options.baseUrl ?? "",
    // Bound, because a bare `fetch` called as a method of another object throws "Illegal invocation" in browsers.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    apiKey: options.apiKey || null,
    pacer: pacing ? createTokenBucket(pacing) : unpaced,
  };
  const readTimeoutMs = options.timeoutMs ?? options.readTimeoutMs ?? CLIENT_DEFAULTS.readTimeoutMs;
  const executeTimeoutMs = options.timeoutMs ?? options.executeTimeoutMs ?? CLIENT_DEFAULTS.executeTimeoutMs;
  const policy: ReadPolicy = {
    attempts: Math.max(1, options.readAttempts ?? CLIENT_DEFAULTS.readAttempts),
    backoffMs: options.backoffMs ?? CLIENT_DEFAULTS.backoffMs,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? CLIENT_DEFAULTS.maxRetryAfterSeconds,
    sleep: realClock.sleep,
  };

  const v1 = (...segments: string[]) => "/api/v1" + pathOf(...segments);
  const collection = (id: string, ...rest: string[]) => v1("collections", id, ...rest);
  const get = <R>(path: string, query?: Record<string, QueryValue>) =>
    readJson<R>(transport, { method: "GET", path, query, timeoutMs: readTimeoutMs }, policy);
  const post = (path: string, body: unknown, timeoutMs = readTimeoutMs): HttpRequest => ({
    method: "POST",
    path,
    body,
    timeoutMs,
  });

  return { transport, policy, executeTimeoutMs, v1, collection, get, post };
}

export function createReadClient(options: DropmintClientOptions = {}): ReadClient {
  return readCalls(connect(options));
}

export function readCalls({ transport, policy, v1, collection, get, post }: ClientConnection): ReadClient {
  return {
    getRoot: () => get("/api/v1"),
    getOpenApiDocument: () => get(v1("openapi.json")),
    getCollection: async (identifier) => {
      const body = await get<T.CollectionResponse | { status: string }>(collection(identifier));
      // Without a key, a drop that has not launched (or is paused for maintenance) answers its
      // pre-launch envelope: no stats or phases to show, so it is an error to the caller.
      if ("status" in body)
        throw new DropmintClientError("COLLECTION_NOT_LAUNCHED", "This drop has not launched yet.", {
          status: 200,
          body,
        });
      return body;
    },
    getEligibility: (collectionId, phaseId, walletAddress) =>
      get(collection(collectionId, "eligibility", phaseId, walletAddress)),
    getWalletMints: (collectionId, walletAddress) => get(collection(collectionId, "wallet-mints", walletAddress)),
    getAvailability: (collectionId) => get(collection(collectionId, "availability")),
    getGallery: (identifier, query = {}) =>
      get(collection(identifier, "gallery"), { limit: query.limit, offset: query.offset }),
    getRecentlyMinted: (identifier, query = {}) =>
      get(collection(identifier, "recently-minted"), { limit: query.limit }),
    getAllMinted: (identifier, query = {}) =>
      get(collection(identifier, "all-minted"), {
        limit: query.limit,
        offset: query.offset,
        sort: query.sort,
        search: query.search,
      }),
    getTraits: (identifier) => get(collection(identifier, "traits")),
    getTopHolders: (identifier) => get(collection(identifier, "top-holders")),
    getTopMinters: (identifier) => get(collection(identifier, "top-minters")),
    getBountySummary: (identifier) => get(collection(identifier, "bounty")),
    getBountyPrizes: (identifier) => get(collection(identifier, "bounty-prizes")),
    getClaimCodeConfig: (collectionId) => get(collection(collectionId, "claim-codes")),
    // A POST, but read-only (it never consumes the code): retried like any read.
    validateClaimCode: (collectionId, code) =>
      readJson(transport, post(collection(collectionId, "claim-codes", "validate"), { code }), policy),
    getClaimCodeBenefits: (collectionId, walletAddress, query = {}) =>
      get(collection(collectionId, "claim-codes", "benefits", walletAddress), {
        phaseId: query.phaseId,
        blockchain: query.blockchain,
        packTierId: query.packTierId,
      }),
    getTokenPrices: () => get(v1("token-prices")),
    getDutchPrice: (phaseId) => get(v1("phases", phaseId, "dutch-price")),
    getPeggedPrice: (phaseId) => get(v1("phases", phaseId, "pegged-price")),

    searchCollections: (q, query = {}) => get("/api/public/collections/search", { q, limit: query.limit }),
    getLocalBalance: (address) => get(`/api/localnet/balance/${encodeURIComponent(address)}`),
    getLocalStablecoinBalance: (address) => get(`/api/localnet/balance/${encodeURIComponent(address)}/stablecoin`),
  };
}

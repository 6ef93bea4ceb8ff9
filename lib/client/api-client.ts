// The typed browser client for the v1 service and the first-party router, with the spec's
// client defaults (see "Errors" and "Limits"):
// - reads retry on 429, 5xx and network failures: 3 attempts in all, backoff, Retry-After honoured;
// - execute is never retried; an uncertain execute outcome raises OUTCOME_UNKNOWN;
// - timeouts: 30 s for reads, 130 s for execute;
// - pacing: 5 requests per second sustained, bursts of 10 (one token bucket per client).
// The transport (http.ts), the retry and submit rules (policies.ts) and the pacing
// (pacing.ts) live beside this file; this one maps each call to its path.
import type * as T from "./types";
import { pathOf, type HttpRequest, type QueryValue, type Transport } from "./http";
import { createTokenBucket, DEFAULT_PACING, realClock, unpaced } from "./pacing";
import { DropmintClientError } from "./errors";
import { readJson, sendJsonOnce, submitMint, type ReadPolicy } from "./policies";

export type DropmintClientOptions = {
  /** Origin the paths are relative to; "" (default) means the page's own origin. */
  baseUrl?: string;
  /** Injected for tests and server use; defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  /** A partner key. The site's own pages send none (first-party). */
  apiKey?: string;
  readTimeoutMs?: number; // default 30_000
  executeTimeoutMs?: number; // default 130_000
  readAttempts?: number; // default 3
  pacing?: { perSecond: number; burst: number } | null; // default { perSecond: 5, burst: 10 }; null disables
  /** First read backoff in ms (default 300; the next is 3× longer, ±20 % jitter). */
  backoffMs?: number;
  /** Longest Retry-After a read waits out, in seconds (default 10); a longer one throws at once. */
  maxRetryAfterSeconds?: number;
};

export type AllMintedQuery = { limit?: number; offset?: number; sort?: T.AllMintedSort; search?: string };
export type SignedTransaction = { sessionId: string; signedTransaction: string };
export type FaucetResult = { signature: string; lamports: number; balance: number };

export type DropmintClient = {
  // v1 reads (paths under /api/v1)
  getCollection(identifier: string): Promise<T.CollectionResponse>;
  getEligibility(collectionId: string, phaseId: string, walletAddress: string): Promise<T.EligibilityResponse>;
  getWalletMints(collectionId: string, walletAddress: string): Promise<T.WalletMintsResponse>;
  getAvailability(collectionId: string): Promise<T.AvailabilityView & { success: true }>;
  getGallery(identifier: string, query?: { limit?: number; offset?: number }): Promise<T.GalleryView>;
  getRecentlyMinted(identifier: string, query?: { limit?: number }): Promise<T.RecentlyMintedView>;
  getAllMinted(identifier: string, query?: AllMintedQuery): Promise<T.AllMintedView>;
  getTraits(identifier: string): Promise<T.TraitsView>;
  getTopHolders(identifier: string): Promise<T.TopHoldersView>;
  getTopMinters(identifier: string): Promise<T.TopMintersView>;
  getBountySummary(identifier: string): Promise<T.BountySummaryView>;
  getBountyPrizes(identifier: string): Promise<T.BountyPrizesView>;
  getClaimCodeConfig(collectionId: string): Promise<T.ClaimCodeConfig>;
  /** Read-only: never consumes the code. */
  validateClaimCode(collectionId: string, code: string): Promise<T.ClaimCodeCheck>;
  getClaimCodeBenefits(collectionId: string, walletAddress: string, query?: { phaseId?: string }): Promise<T.ClaimCodeBenefitsResponse>;
  // the mint flow
  prepareMint(body: {
    collectionId: string;
    phaseId: string;
    walletAddress: string;
    quantity: number;
    claimCode?: string | null;
    walletProvider?: string | null;
  }): Promise<T.PreparedMintResponse>;
  /** One signed transaction. Never retried; an uncertain outcome throws OUTCOME_UNKNOWN. */
  executeMint(item: SignedTransaction): Promise<T.ExecuteMintResult>;
  /** Several at once (POST /execute-mint/batch); always 200 — read results, not success. Never retried. */
  executeMintBatch(items: SignedTransaction[]): Promise<T.ExecuteMintBatchResponse>;
  // first-party router (paths under /api/public)
  searchCollections(q: string, query?: { limit?: number }): Promise<{ success: true; collections: T.SearchResult[] }>;
  // localnet only
  requestAirdrop(address: string, sol?: number): Promise<FaucetResult>;
  /** The wallet's SOL on the local chain (the browser has no RPC endpoint there). */
  getLocalBalance(address: string): Promise<{ success: true; address: string; lamports: number }>;
};

export const CLIENT_DEFAULTS = {
  readTimeoutMs: 30_000,
  executeTimeoutMs: 130_000,
  readAttempts: 3,
  backoffMs: 300,
  maxRetryAfterSeconds: 10,
  pacing: DEFAULT_PACING,
} as const;

export function createDropmintClient(options: DropmintClientOptions = {}): DropmintClient {
  const pacing = options.pacing === undefined ? CLIENT_DEFAULTS.pacing : options.pacing;
  const transport: Transport = {
    baseUrl: options.baseUrl ?? "",
    // Bound, because a bare `fetch` called as a method of another object throws "Illegal invocation" in browsers.
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    apiKey: options.apiKey || null,
    pacer: pacing ? createTokenBucket(pacing) : unpaced,
  };
  const readTimeoutMs = options.readTimeoutMs ?? CLIENT_DEFAULTS.readTimeoutMs;
  const executeTimeoutMs = options.executeTimeoutMs ?? CLIENT_DEFAULTS.executeTimeoutMs;
  const policy: ReadPolicy = {
    attempts: Math.max(1, options.readAttempts ?? CLIENT_DEFAULTS.readAttempts),
    backoffMs: options.backoffMs ?? CLIENT_DEFAULTS.backoffMs,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? CLIENT_DEFAULTS.maxRetryAfterSeconds,
    sleep: realClock.sleep,
  };

  const v1 = (...segments: string[]) => "/api/v1" + pathOf(...segments);
  const collection = (id: string, ...rest: string[]) => v1("collections", id, ...rest);
  const get = <R>(path: string, query?: Record<string, QueryValue>) => readJson<R>(transport, { method: "GET", path, query, timeoutMs: readTimeoutMs }, policy);
  const post = (path: string, body: unknown, timeoutMs = readTimeoutMs): HttpRequest => ({ method: "POST", path, body, timeoutMs });

  return {
    getCollection: async (identifier) => {
      const body = await get<T.CollectionResponse | { status: string }>(collection(identifier));
      // Without a key, a drop that has not launched (or is paused for maintenance) answers its
      // pre-launch envelope: no stats or phases to show, so it is an error to the caller.
      if ("status" in body) throw new DropmintClientError("COLLECTION_NOT_LAUNCHED", "This drop has not launched yet.", { status: 200, body });
      return body;
    },
    getEligibility: (collectionId, phaseId, walletAddress) => get(collection(collectionId, "eligibility", phaseId, walletAddress)),
    getWalletMints: (collectionId, walletAddress) => get(collection(collectionId, "wallet-mints", walletAddress)),
    getAvailability: (collectionId) => get(collection(collectionId, "availability")),
    getGallery: (identifier, query = {}) => get(collection(identifier, "gallery"), { limit: query.limit, offset: query.offset }),
    getRecentlyMinted: (identifier, query = {}) => get(collection(identifier, "recently-minted"), { limit: query.limit }),
    getAllMinted: (identifier, query = {}) => get(collection(identifier, "all-minted"), { limit: query.limit, offset: query.offset, sort: query.sort, search: query.search }),
    getTraits: (identifier) => get(collection(identifier, "traits")),
    getTopHolders: (identifier) => get(collection(identifier, "top-holders")),
    getTopMinters: (identifier) => get(collection(identifier, "top-minters")),
    getBountySummary: (identifier) => get(collection(identifier, "bounty")),
    getBountyPrizes: (identifier) => get(collection(identifier, "bounty-prizes")),
    getClaimCodeConfig: (collectionId) => get(collection(collectionId, "claim-codes")),
    // A POST, but read-only (it never consumes the code): retried like any read.
    validateClaimCode: (collectionId, code) => readJson(transport, post(collection(collectionId, "claim-codes", "validate"), { code }), policy),
    getClaimCodeBenefits: (collectionId, walletAddress, query = {}) => get(collection(collectionId, "claim-codes", "benefits", walletAddress), { phaseId: query.phaseId }),

    prepareMint: (body) => sendJsonOnce(transport, post(v1("prepare-mint"), body)),
    executeMint: (item) => submitMint(transport, post(v1("execute-mint"), { sessionId: item.sessionId, signedTransaction: item.signedTransaction }, executeTimeoutMs)),
    executeMintBatch: (items) =>
      submitMint(
        transport,
        post(v1("execute-mint", "batch"), { transactions: items.map(({ sessionId, signedTransaction }) => ({ sessionId, signedTransaction })) }, executeTimeoutMs),
      ),

    searchCollections: (q, query = {}) => get("/api/public/collections/search", { q, limit: query.limit }),
    // Not a read: each call moves funds, so it is never repeated behind the caller's back.
    requestAirdrop: (address, sol) => sendJsonOnce(transport, post("/api/localnet/faucet", sol === undefined ? { address } : { address, sol })),
    getLocalBalance: (address) => get(`/api/localnet/balance/${encodeURIComponent(address)}`),
  };
}

// The typed browser client for the v1 service and the first-party router, with the spec's
// client defaults (see "Errors" and "Limits"):
// - reads retry on 429, 5xx and network failures: 3 attempts in all, backoff, Retry-After honoured;
// - execute is never retried; an uncertain execute outcome raises OUTCOME_UNKNOWN;
// - timeouts: 30 s for reads, 130 s for execute;
// - pacing: 5 requests per second sustained, bursts of 10 (one token bucket per client).
// STUB: the interface is fixed; the implementation lands with lib/client work.
import type * as T from "./types";
import { DropmintClientError } from "./errors";

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
};

export function createDropmintClient(options: DropmintClientOptions = {}): DropmintClient {
  // TEMP (mint panel testing): plain fetch, no retries, pacing or timeouts.
  const base = options.baseUrl ?? "";
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const enc = encodeURIComponent;
  async function call<R>(method: "GET" | "POST", path: string, body?: unknown, execute = false): Promise<R> {
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (execute) throw new DropmintClientError("OUTCOME_UNKNOWN", "The outcome is not known.");
      throw new DropmintClientError("NETWORK_ERROR", error instanceof Error ? error.message : "Network error");
    }
    const json = (await response.json().catch(() => null)) as { success?: boolean; code?: string; error?: string } | null;
    if (!response.ok) {
      const code = json?.code ?? "INVALID_RESPONSE";
      if (execute && (response.status >= 500 || code === "ALREADY_PROCESSING" || code === "OUTCOME_PENDING")) {
        throw new DropmintClientError("OUTCOME_UNKNOWN", json?.error ?? "The outcome is not known.", { status: response.status, body: json });
      }
      throw new DropmintClientError(code, json?.error ?? `HTTP ${response.status}`, { status: response.status, body: json });
    }
    return json as R;
  }
  const v1 = "/api/v1";
  const qs = (query: Record<string, string | number | undefined> = {}) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    const s = params.toString();
    return s ? `?${s}` : "";
  };
  return {
    getCollection: (id) => call("GET", `${v1}/collections/${enc(id)}`),
    getEligibility: (c, p, w) => call("GET", `${v1}/collections/${enc(c)}/eligibility/${enc(p)}/${enc(w)}`),
    getWalletMints: (c, w) => call("GET", `${v1}/collections/${enc(c)}/wallet-mints/${enc(w)}`),
    getAvailability: (c) => call("GET", `${v1}/collections/${enc(c)}/availability`),
    getGallery: (id, q) => call("GET", `${v1}/collections/${enc(id)}/gallery${qs(q)}`),
    getRecentlyMinted: (id, q) => call("GET", `${v1}/collections/${enc(id)}/recently-minted${qs(q)}`),
    getAllMinted: (id, q) => call("GET", `${v1}/collections/${enc(id)}/all-minted${qs(q)}`),
    getTraits: (id) => call("GET", `${v1}/collections/${enc(id)}/traits`),
    getTopHolders: (id) => call("GET", `${v1}/collections/${enc(id)}/top-holders`),
    getTopMinters: (id) => call("GET", `${v1}/collections/${enc(id)}/top-minters`),
    getBountySummary: (id) => call("GET", `${v1}/collections/${enc(id)}/bounty`),
    getBountyPrizes: (id) => call("GET", `${v1}/collections/${enc(id)}/bounty-prizes`),
    getClaimCodeConfig: (c) => call("GET", `${v1}/collections/${enc(c)}/claim-codes`),
    validateClaimCode: (c, code) => call("POST", `${v1}/collections/${enc(c)}/claim-codes/validate`, { code }),
    getClaimCodeBenefits: (c, w, q) => call("GET", `${v1}/collections/${enc(c)}/claim-codes/benefits/${enc(w)}${qs(q)}`),
    prepareMint: (body) => call("POST", `${v1}/prepare-mint`, body),
    executeMint: (item) => call("POST", `${v1}/execute-mint`, item, true),
    executeMintBatch: (items) => call("POST", `${v1}/execute-mint/batch`, { transactions: items }, true),
    searchCollections: (q, query) => call("GET", `/api/public/collections/search${qs({ q, ...query })}`),
    requestAirdrop: (address, sol = 2) => call("POST", `/api/localnet/faucet`, { address, sol }),
  };
}

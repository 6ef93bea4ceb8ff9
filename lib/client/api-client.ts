// The typed client for the v1 service, as partners get it (@dropmint/client), with the spec's
// client defaults (see "Errors" and "Limits"):
// - reads retry on 429, 5xx and network failures: 3 attempts in all, backoff, Retry-After honoured;
// - execute is never retried; an uncertain execute outcome raises OUTCOME_UNKNOWN;
// - timeouts: 30 s for reads, 130 s for execute; one client-wide `timeoutMs` overrides both;
// - pacing: 5 requests per second sustained, bursts of 10 (one token bucket per client).
// The transport (http.ts), the retry and submit rules (policies.ts) and the pacing
// (pacing.ts) live beside this file; this one maps each call to its path. Only v1 calls are
// here, every one usable with a partner key: the site's own first-party calls (search, wallet
// sign-in) are in site-client.ts, and the local chain's (faucet, balance) in local.ts, the
// package's separate "./local" entry point for local development.
import type * as T from "./types.ts";
import { connect, readCalls, type ClientConnection, type DropmintClientOptions } from "./read-client.ts";
import { sendJsonOnce, submitMint } from "./policies.ts";

export { CLIENT_DEFAULTS, createReadClient, type DropmintClientOptions, type ReadClient } from "./read-client.ts";

export type AllMintedQuery = { limit?: number; offset?: number; sort?: T.AllMintedSort; search?: string };
export type SignedTransaction = { sessionId: string; signedTransaction: string };

export type DropmintClient = {
  // v1 reads (paths under /api/v1)
  /** GET /: the interface version and stability. */
  getRoot(): Promise<T.RootResponse>;
  /** GET /openapi.json: the v1 contract as an OpenAPI 3.1 document (public: no key needed). */
  getOpenApiDocument(): Promise<Record<string, unknown>>;
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
  getClaimCodeBenefits(
    collectionId: string,
    walletAddress: string,
    query?: { phaseId?: string; blockchain?: string; packTierId?: string },
  ): Promise<T.ClaimCodeBenefitsResponse>;
  /** Global token prices (no collection scope). */
  getTokenPrices(): Promise<T.TokenPricesResponse>;
  getDutchPrice(phaseId: string): Promise<T.DutchPriceResponse>;
  /** A short-lived quote: pass its tokenAmount to prepareMint as quotedTokenAmount. */
  getPeggedPrice(phaseId: string): Promise<T.PeggedPriceResponse>;
  // the mint flow
  prepareMint(body: {
    collectionId: string;
    phaseId: string;
    walletAddress: string;
    quantity: number;
    claimCode?: string | null;
    walletProvider?: string | null;
    /** Referral attribution; validated by the service, ignored when the drop has no such affiliate. */
    affiliate_code?: string | null;
    /** Pegged phases: the quote the buyer saw; the live price is charged only within its slippage tolerance (else PRICE_MOVED). */
    quotedTokenAmount?: number | null;
  }): Promise<T.PreparedMintResponse>;
  /** One signed transaction. Never retried; an uncertain outcome throws OUTCOME_UNKNOWN. */
  executeMint(item: SignedTransaction): Promise<T.ExecuteMintResult>;
  /** Several at once (POST /execute-mint/batch); always 200 — read results, not success. Never retried. */
  executeMintBatch(items: SignedTransaction[]): Promise<T.ExecuteMintBatchResponse>;
};

/** `connection` is for the site's own client, which shares one transport and pacing bucket. */
export function createDropmintClient(
  options: DropmintClientOptions = {},
  connection: ClientConnection = connect(options),
): DropmintClient {
  const { transport, executeTimeoutMs, v1, post } = connection;
  return {
    ...readCalls(connection),
    prepareMint: (body) => sendJsonOnce(transport, post(v1("prepare-mint"), body)),
    executeMint: (item) =>
      submitMint(
        transport,
        post(
          v1("execute-mint"),
          { sessionId: item.sessionId, signedTransaction: item.signedTransaction },
          executeTimeoutMs,
        ),
      ),
    executeMintBatch: (items) =>
      submitMint(
        transport,
        post(
          v1("execute-mint", "batch"),
          { transactions: items.map(({ sessionId, signedTransaction }) => ({ sessionId, signedTransaction })) },
          executeTimeoutMs,
        ),
      ),
  };
}

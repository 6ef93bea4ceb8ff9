// The typed browser client for the v1 service and the first-party router, with the spec's
// client defaults (see "Errors" and "Limits"):
// - reads retry on 429, 5xx and network failures: 3 attempts in all, backoff, Retry-After honoured;
// - execute is never retried; an uncertain execute outcome raises OUTCOME_UNKNOWN;
// - timeouts: 30 s for reads, 130 s for execute; one client-wide `timeoutMs` overrides both;
// - pacing: 5 requests per second sustained, bursts of 10 (one token bucket per client).
// The transport (http.ts), the retry and submit rules (policies.ts) and the pacing
// (pacing.ts) live beside this file; this one maps each call to its path.
import type * as T from "./types.ts";
import { connect, readCalls, type DropmintClientOptions } from "./read-client.ts";
import { sendJsonOnce, submitMint } from "./policies.ts";

export { CLIENT_DEFAULTS, createReadClient, type DropmintClientOptions, type ReadClient } from "./read-client.ts";

export type AllMintedQuery = { limit?: number; offset?: number; sort?: T.AllMintedSort; search?: string };
export type SignedTransaction = { sessionId: string; signedTransaction: string };
export type FaucetResult = { signature: string; lamports: number; balance: number };
/** A wallet's test stablecoin (DUSD) on the local chain: whole tokens and the smallest unit. */
export type StablecoinBalance = {
  address: string;
  mint: string;
  symbol: string;
  decimals: number;
  amount: number;
  amountRaw: number;
};
/** The Sign In With Solana fields the server asks the wallet to sign (a `solana:signIn` input). */
export type SignInFields = {
  domain: string;
  statement: string;
  uri: string;
  version: string;
  chainId: string;
  nonce: string;
  issuedAt: string;
  expirationTime: string;
};
export type SignedInWallet = { address: string; expiresAt: string };

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
  // first-party router (paths under /api/public)
  searchCollections(q: string, query?: { limit?: number }): Promise<{ success: true; collections: T.SearchResult[] }>;
  /** The wallets this browser has signed in with (its HttpOnly cookies decide). */
  getWalletSessions(): Promise<{ success: true; wallets: SignedInWallet[] }>;
  /** A single-use nonce and the fields to sign. Never repeated. */
  issueSignInNonce(): Promise<SignInFields & { success: true }>;
  /** The signed SIWS text (base58 signature); a valid one sets the wallet's session cookie. Never repeated. */
  signInWallet(body: { address: string; message: string; signature: string }): Promise<SignedInWallet>;
  // localnet only
  requestAirdrop(address: string, sol?: number): Promise<FaucetResult>;
  /** The wallet's SOL on the local chain (the browser has no RPC endpoint there). */
  getLocalBalance(address: string): Promise<{ success: true; address: string; lamports: number }>;
  /** Test stablecoins (DUSD, whole tokens) for drops priced in it. */
  requestTestStablecoin(address: string, amount?: number): Promise<StablecoinBalance & { signature: string }>;
  /** The wallet's test stablecoin on the local chain. */
  getLocalStablecoinBalance(address: string): Promise<StablecoinBalance & { success: true }>;
};

export function createDropmintClient(options: DropmintClientOptions = {}): DropmintClient {
  const connection = connect(options);
  const { transport, executeTimeoutMs, v1, post, get } = connection;
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

    // The site's wallet sign-in (first-party router): each nonce is single use, so neither call is repeated.
    getWalletSessions: () => get("/api/public/wallet-session"),
    issueSignInNonce: () => sendJsonOnce(transport, post("/api/public/wallet-session/nonce", {})),
    signInWallet: (body) => sendJsonOnce(transport, post("/api/public/wallet-session/sign-in", body)),

    // Not a read: each call moves funds, so it is never repeated behind the caller's back.
    requestAirdrop: (address, sol) =>
      sendJsonOnce(transport, post("/api/localnet/faucet", sol === undefined ? { address } : { address, sol })),
    requestTestStablecoin: (address, amount) =>
      sendJsonOnce(
        transport,
        post("/api/localnet/faucet/stablecoin", amount === undefined ? { address } : { address, amount }),
      ),
  };
}

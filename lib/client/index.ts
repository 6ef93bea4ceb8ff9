// @dropmint/client: the typed client for the Dropmint v1 API, with the spec's client
// defaults (reads retry on 429, 5xx and network failures, 3 attempts; execute never
// retries; timeouts of 30 s for reads and 130 s for execute; pacing of 5 requests per
// second with bursts of 10; OUTCOME_UNKNOWN when a submitted mint cannot be confirmed).
// No dependencies: it runs on any JavaScript runtime with fetch (Node 18+, browsers).
export {
  createDropmintClient,
  createReadClient,
  CLIENT_DEFAULTS,
  type AllMintedQuery,
  type DropmintClient,
  type DropmintClientOptions,
  type FaucetResult,
  type StablecoinBalance,
  type ReadClient,
  type SignedTransaction,
} from "./api-client.ts";
export { DropmintClientError, isClientError } from "./errors.ts";
export { OUTCOME_UNKNOWN_SENTENCE } from "./policies.ts";
export { DEFAULT_PACING, type PacingOptions } from "./pacing.ts";
export type * from "./types.ts";

// The one interface the rest of Dropmint uses to talk to Solana. Two implementations:
// the embedded chain (litesvm in-process, localnet) and the RPC chain (web3.js
// `Connection`: devnet, mainnet, or a localnet shared through `npm run localnet`).
// Everything is async so the RPC one fits without change.
//
// Money is bigint lamports everywhere: never a JS number, never floating point.
//
// Note: lib/chain does not `import "server-only"`: that package throws outside a React
// server bundle, and vitest and tsx scripts import these modules directly. Nothing here
// may be imported by client components (it holds keys and native bindings).

/** Solana's packet limit: a transaction on the wire, signatures included, is at most this long. */
export const MAX_TRANSACTION_BYTES = 1232;

export type ChainCluster = "localnet" | "devnet" | "mainnet";
export type ChainKind = "embedded" | "rpc";

export type LatestBlockhash = {
  blockhash: string;
  /** The transaction can land while the block height is <= this; after that, never. */
  lastValidBlockHeight: bigint;
};

export type SignatureStatus = {
  /**
   * confirmed: landed and succeeded. failed: landed (fee charged) but an instruction
   * failed, `error` says why. not_found: never landed, or not (yet) known.
   */
  state: "confirmed" | "failed" | "not_found";
  error?: string;
};

export type ChainAccountInfo = {
  lamports: bigint;
  /** Base58 address of the owning program. */
  owner: string;
  data: Uint8Array;
  executable: boolean;
};

export type TokenBalance = {
  mint: string;
  /** Raw token amount (NFTs: 1). */
  amount: bigint;
  /** The token account holding it. */
  tokenAccount: string;
};

export type SendTransactionOptions = {
  /**
   * The `lastValidBlockHeight` of the blockhash the transaction carries. The RPC chain
   * keeps rebroadcasting until the block height passes it (then the transaction can never
   * land: a definitive refusal); without it the wait is bounded by a timeout and ends in
   * ChainUnavailableError (outcome unknown). The embedded chain decides at once and
   * ignores it.
   */
  lastValidBlockHeight?: bigint;
};

export interface Chain {
  readonly cluster: ChainCluster;
  readonly kind: ChainKind;

  /** Lamports of an address; 0n when the account does not exist. */
  getBalance(address: string): Promise<bigint>;
  getLatestBlockhash(): Promise<LatestBlockhash>;
  getBlockHeight(): Promise<bigint>;

  /**
   * Submits a fully signed transaction in wire format and returns its base58 signature
   * once it has landed (and, on the embedded chain, once that is durable on disk).
   * Throws ChainTransactionError when the chain refuses or fails it, and
   * ChainUnavailableError when the chain cannot be reached (outcome unknown: reconcile
   * with getSignatureStatus).
   */
  sendRawTransaction(wireBytes: Uint8Array, options?: SendTransactionOptions): Promise<string>;
  getSignatureStatus(signature: string): Promise<SignatureStatus>;
  getAccountInfo(address: string): Promise<ChainAccountInfo | null>;

  /** Every SPL Token and Token-2022 account of `owner` holding more than zero tokens. */
  getTokenBalances(owner: string): Promise<TokenBalance[]>;
  /**
   * For NFT mints (supply 1): mint address -> wallet holding the token. Mints nobody
   * holds (unknown, burned) are absent from the map.
   */
  getMintOwners(mints: string[]): Promise<Map<string, string>>;

  /** Localnet only; every other cluster throws FaucetUnavailableError. */
  airdrop(address: string, lamports: bigint): Promise<string>;

  /** Makes everything processed so far durable (the embedded chain already does after each change). */
  persist(): Promise<void>;
  /** Persists, releases resources and locks; later calls throw ChainUnavailableError. */
  close(): Promise<void>;
}

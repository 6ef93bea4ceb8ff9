// Public surface of the chain layer. Import from "@/lib/chain", not from the files.
//
// No `import "server-only"` in lib/chain: it throws outside a React server bundle, and
// vitest and tsx scripts load these modules directly. Never import lib/chain from a
// client component: it handles secret keys and loads a native module.
export type {
  Chain,
  ChainAccountInfo,
  ChainCluster,
  ChainKind,
  LatestBlockhash,
  SendTransactionOptions,
  SignatureStatus,
  TokenBalance,
} from "./types";
export { MAX_TRANSACTION_BYTES } from "./types";
export {
  ChainError,
  ChainLockedError,
  ChainTransactionError,
  ChainUnavailableError,
  FaucetUnavailableError,
  InvalidAddressError,
  TransactionTooLargeError,
  assertFaucetAvailable,
} from "./errors";
export {
  CHAIN_STATE_FILE,
  EmbeddedChain,
  openEmbeddedChain,
  type EmbeddedChainOptions,
  type EmbeddedChainStats,
  type SimulationResult,
  type TokenAccountEntry,
} from "./embedded-chain";
export { RpcChain, SHARED_CLOCK_READ_MS, type RpcChainOptions } from "./rpc-chain";
export {
  DEFAULT_LOCALNET_PORT,
  startJsonRpcServer,
  type JsonRpcServer,
  type JsonRpcServerOptions,
} from "./json-rpc-server";
export { BLOCKHASH_VALID_BLOCKS } from "./block-clock";
export { KeypairFormatError, keypairFromSecret, loadOrCreateLocalKeypair } from "./keypairs";
export {
  DEFAULT_NFT_MINT_COMPUTE_UNITS,
  buildCollectionGroupMintTransaction,
  buildUpdateGroupMaxSizeTransaction,
  buildNftMintTransaction,
  buildNftMintMessage,
  compileUnsigned,
  nftMintAccountSize,
  rentExemptLamports,
  serializeForWallet,
  signAndSerialize,
  signedTransactionSize,
  transactionMessageBytes,
  type UnsignedTransaction,
  type CollectionGroupMintParams,
  type NftMintParams,
  type Payment,
  type TokenMetadataFields,
} from "./nft-transaction";
export { associatedTokenAddress, isOnCurve } from "./program-address";
export { MIN_MINT_KEY_SECRET_BYTES, mintKeySecretFromAuthority, mintKeypairForSession } from "./mint-keys";
export { collectionKeypairForDrop } from "./collection-keys";
export { buildPrizeTransfer, prizeKeypairForDrop, type PrizeTransfer } from "./prize-account";
export { LOCAL_KEYS_FOLDER, loadServerKeys, type ServerKeys } from "./server-keys";
export {
  WalletSignatureError,
  addServerSignatures,
  checkWalletSigned,
  type WalletSignatureProblem,
  type WalletSignedTransaction,
  serverSignedTransaction,
} from "./server-signatures";
export { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "./token-accounts";
export {
  buildFungibleMintTransaction,
  buildFungibleMintToTransaction,
  mintDecimalsOf,
  type FungibleMintParams,
  type FungibleMintToParams,
  type TokenProgram,
} from "./fungible-token";
export {
  readPaymentToken,
  tokenAccountOf,
  tokenBalanceOf,
  tokenPaymentInstructions,
  tokenTransfersOf,
  unpayableExtensionsOf,
  type PaymentToken,
  type TokenPayment,
  type TokenTransfer,
} from "./token-payment";
export { TEST_STABLECOIN, testStablecoinKeypair } from "./test-stablecoin";

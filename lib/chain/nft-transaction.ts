// The one transaction builder: Token-2022 NFTs with on-mint metadata, grouped under a
// collection mint (TokenGroup), paid by the buyer in one legacy transaction.
//
// Signing order: the wallet signs first, the server last. The builder signs nothing for
// NFTs: prepare hands the wallet a transaction whose mint-key and mint-authority slots are
// empty, so it cannot land without execute, which adds the server's signatures over the
// exact stored message bytes only after every check (lib/chain/server-signatures.ts).
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  type TransactionInstruction,
} from "@solana/web3.js";
import {
  AuthorityType,
  ExtensionType,
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountInstruction,
  createInitializeGroupMemberPointerInstruction,
  createInitializeGroupPointerInstruction,
  createInitializeMetadataPointerInstruction,
  createInitializeMintInstruction,
  createMintToInstruction,
  createSetAuthorityInstruction,
  getMintLen,
} from "@solana/spl-token";
import {
  createInitializeGroupInstruction,
  createInitializeMemberInstruction,
  createUpdateGroupMaxSizeInstruction,
} from "@solana/spl-token-group";
import {
  createInitializeInstruction as createInitializeMetadataInstruction,
  pack as packMetadata,
} from "@solana/spl-token-metadata";
import { TransactionTooLargeError } from "./errors";
import { compileLegacyMessage, encodeShortVec, shortVecLength } from "./message-compile";
import { associatedTokenAddress } from "./program-address";
import { tokenPaymentInstructions, type TokenPayment } from "./token-payment";
import { MAX_TRANSACTION_BYTES } from "./types";

/** A worst-case NFT mint used about 32k compute units in litesvm; this leaves room. */
export const DEFAULT_NFT_MINT_COMPUTE_UNITS = 80_000;

// Rent-exempt minimum = (128 bytes of account overhead + data length) * 6960 lamports
// (3480 lamports per byte-year, two years). Same on every cluster today; checked against
// litesvm's Rent sysvar in the tests.
const ACCOUNT_STORAGE_OVERHEAD = 128n;
const RENT_LAMPORTS_PER_BYTE = 6_960n;

export function rentExemptLamports(dataLength: number): bigint {
  return (ACCOUNT_STORAGE_OVERHEAD + BigInt(dataLength)) * RENT_LAMPORTS_PER_BYTE;
}

export type Payment = { to: PublicKey; lamports: bigint };

export type TokenMetadataFields = { name: string; symbol: string; uri: string };

/** Token metadata stored in the mint itself (MetadataPointer → self), the server as update authority. */
function initializeOwnMetadata(mint: PublicKey, authority: PublicKey, fields: TokenMetadataFields) {
  return createInitializeMetadataInstruction({
    programId: TOKEN_2022_PROGRAM_ID,
    metadata: mint,
    updateAuthority: authority,
    mint,
    mintAuthority: authority,
    name: fields.name,
    symbol: fields.symbol,
    uri: fields.uri,
  });
}

// ---------------------------------------------------------------------------------------
// Collection

export type CollectionGroupMintParams = TokenMetadataFields & {
  /** The server's mint authority: pays, and becomes mint, metadata and group update authority. */
  mintAuthority: Keypair;
  /** Most members the group accepts (the drop's supply). */
  maxSize: bigint;
  recentBlockhash: string;
  /** Defaults to a new keypair. */
  groupMint?: Keypair;
};

/** The collection: a Token-2022 mint carrying its own metadata and the TokenGroup. Fully signed, server-paid. */
export function buildCollectionGroupMintTransaction(params: CollectionGroupMintParams): {
  transaction: Transaction;
  groupMint: Keypair;
} {
  const groupMint = params.groupMint ?? Keypair.generate();
  const authority = params.mintAuthority.publicKey;
  const mint = groupMint.publicKey;
  const program = TOKEN_2022_PROGRAM_ID;

  const space = getMintLen([ExtensionType.GroupPointer, ExtensionType.MetadataPointer]);
  // InitializeMint needs the account sized for the pointer extensions only; metadata and
  // group initialization grow it, so the rent covers the final size up front.
  const finalSize = getMintLen([ExtensionType.GroupPointer, ExtensionType.MetadataPointer, ExtensionType.TokenGroup], {
    [ExtensionType.TokenMetadata]: packedMetadataLength(mint, authority, params),
  });

  const transaction = new Transaction({ feePayer: authority, recentBlockhash: params.recentBlockhash }).add(
    SystemProgram.createAccount({
      fromPubkey: authority,
      newAccountPubkey: mint,
      space,
      lamports: toSafeNumber(rentExemptLamports(finalSize)),
      programId: program,
    }),
    createInitializeGroupPointerInstruction(mint, authority, mint, program),
    createInitializeMetadataPointerInstruction(mint, authority, mint, program),
    createInitializeMintInstruction(mint, 0, authority, null, program),
    initializeOwnMetadata(mint, authority, params),
    createInitializeGroupInstruction({
      programId: program,
      group: mint,
      mint,
      mintAuthority: authority,
      updateAuthority: authority,
      maxSize: params.maxSize,
    }),
  );
  transaction.sign(params.mintAuthority, groupMint);
  assertFits(transaction, "collection");
  return { transaction, groupMint };
}

/** Changes how many members a collection group accepts (a drop's supply changed before its first mint). Fully signed, server-paid. */
export function buildUpdateGroupMaxSizeTransaction(params: {
  mintAuthority: Keypair;
  groupMint: PublicKey;
  maxSize: bigint;
  recentBlockhash: string;
}): Transaction {
  const transaction = new Transaction({
    feePayer: params.mintAuthority.publicKey,
    recentBlockhash: params.recentBlockhash,
  }).add(
    createUpdateGroupMaxSizeInstruction({
      programId: TOKEN_2022_PROGRAM_ID,
      group: params.groupMint,
      updateAuthority: params.mintAuthority.publicKey,
      maxSize: params.maxSize,
    }),
  );
  transaction.sign(params.mintAuthority);
  return transaction;
}

// ---------------------------------------------------------------------------------------
// NFT

export type NftMintParams = TokenMetadataFields & {
  /** The buyer's wallet: fee payer, pays the payments and the rent, receives the NFT (unless `owner` names another). */
  payer: PublicKey;
  /** Receives the NFT when it is not the payer (a bounty's free mint, paid by the drop's prize account). */
  owner?: PublicKey;
  /** The NFT mint's address (its key is derived per session and signs only at execute). */
  mint: PublicKey;
  /** The server's mint authority (also the collection group's update authority); signs only at execute. */
  mintAuthority: PublicKey;
  /** The collection group mint. */
  groupMint: PublicKey;
  /** Treasury payment, platform fee...; zero amounts are left out. */
  payments: readonly Payment[];
  /** A price paid in a token: transfers to the payees' token accounts (created if missing, by the buyer). */
  tokenPayments?: readonly TokenPayment[];
  recentBlockhash: string;
  computeUnitLimit?: number;
  /** Priority fee; 0 or absent leaves the price instruction out. */
  computeUnitPriceMicroLamports?: bigint;
};

/**
 * One NFT, in this order: compute budget, payments, mint account, MetadataPointer,
 * GroupMemberPointer, InitializeMint (0 decimals, no freeze authority), metadata,
 * group membership, buyer's token account, MintTo 1, and the mint authority removed so
 * the supply stays 1. Returned unsigned: the wallet signs first, the server last at execute.
 */
function nftMintInstructions(params: NftMintParams): TransactionInstruction[] {
  const buyer = params.payer;
  const owner = params.owner ?? buyer;
  const authority = params.mintAuthority;
  const mint = params.mint;
  const program = TOKEN_2022_PROGRAM_ID;

  const instructions: TransactionInstruction[] = [
    ComputeBudgetProgram.setComputeUnitLimit({ units: params.computeUnitLimit ?? computeUnitsFor(params) }),
  ];
  const price = params.computeUnitPriceMicroLamports ?? 0n;
  if (price < 0n) throw new RangeError("computeUnitPriceMicroLamports must be >= 0");
  if (price > 0n) instructions.push(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: price }));

  for (const payment of params.payments) {
    if (payment.lamports < 0n) throw new RangeError("A payment cannot be negative.");
    if (payment.lamports === 0n) continue;
    instructions.push(SystemProgram.transfer({ fromPubkey: buyer, toPubkey: payment.to, lamports: payment.lamports }));
  }
  instructions.push(...tokenPaymentInstructions(buyer, params.tokenPayments ?? []));

  // The owner must be a key on the curve (a program-derived address could never move the NFT).
  // The buyer signs this transaction as its fee payer, so a buyer off the curve could never land
  // it: prepare refuses one up front, and the check here is spared. Another owner (a bounty winner's free mint) is checked here.
  const buyerTokenAccount = associatedTokenAddress(mint, owner, owner.equals(buyer), program);
  instructions.push(
    SystemProgram.createAccount({
      fromPubkey: buyer,
      newAccountPubkey: mint,
      space: getMintLen([ExtensionType.MetadataPointer, ExtensionType.GroupMemberPointer]),
      lamports: toSafeNumber(rentExemptLamports(nftMintAccountSize(mint, authority, params))),
      programId: program,
    }),
    createInitializeMetadataPointerInstruction(mint, authority, mint, program),
    createInitializeGroupMemberPointerInstruction(mint, authority, mint, program),
    createInitializeMintInstruction(mint, 0, authority, null, program),
    initializeOwnMetadata(mint, authority, params),
    createInitializeMemberInstruction({
      programId: program,
      member: mint,
      memberMint: mint,
      memberMintAuthority: authority,
      group: params.groupMint,
      groupUpdateAuthority: authority,
    }),
    createAssociatedTokenAccountInstruction(buyer, buyerTokenAccount, owner, mint, program),
    createMintToInstruction(mint, buyerTokenAccount, authority, 1n, [], program),
    createSetAuthorityInstruction(mint, authority, AuthorityType.MintTokens, null, [], program),
  );

  return instructions;
}

/** Room for each token payment: creating the payee's token account and the transfer (about 25k units together). */
const TOKEN_PAYMENT_COMPUTE_UNITS = 40_000;

function computeUnitsFor(params: NftMintParams): number {
  const tokenPayments = (params.tokenPayments ?? []).filter((p) => p.amount > 0n).length;
  return DEFAULT_NFT_MINT_COMPUTE_UNITS + tokenPayments * TOKEN_PAYMENT_COMPUTE_UNITS;
}

export function buildNftMintTransaction(params: NftMintParams): Transaction {
  const transaction = new Transaction({ feePayer: params.payer, recentBlockhash: params.recentBlockhash }).add(
    ...nftMintInstructions(params),
  );
  assertFits(transaction, "NFT mint");
  return transaction;
}

/**
 * The same NFT mint as prepare hands it out, compiled once: web3.js compiles the message
 * again on every serialize call (about 1.3 ms for a mint, mostly base58 work), and prepare
 * needs the size check, the stored message and the wallet's wire bytes.
 */
export function buildNftMintMessage(params: NftMintParams): UnsignedTransaction {
  const transaction = new Transaction({ feePayer: params.payer, recentBlockhash: params.recentBlockhash }).add(
    ...nftMintInstructions(params),
  );
  const compiled = compileUnsigned(transaction);
  if (compiled.signedSize > MAX_TRANSACTION_BYTES) {
    throw new TransactionTooLargeError(
      `The NFT mint transaction would be ${compiled.signedSize} bytes (limit ${MAX_TRANSACTION_BYTES}): shorten the name, symbol or uri.`,
    );
  }
  return compiled;
}

export type UnsignedTransaction = {
  /** The exact bytes every signer signs. */
  message: Uint8Array;
  /** Wire bytes with every signature slot empty (zeros), as a legacy transaction is serialized. */
  unsignedWire: Uint8Array;
  requiredSignatures: number;
  /** Wire size once every required signature is present (the same as unsignedWire's). */
  signedSize: number;
};

/** One compile of a legacy transaction into its message and its unsigned wire bytes. */
export function compileUnsigned(transaction: Transaction): UnsignedTransaction {
  const { bytes: message, numRequiredSignatures: requiredSignatures } = compileLegacyMessage(transaction);
  const prefix = shortVecLength(requiredSignatures);
  const unsignedWire = new Uint8Array(prefix + 64 * requiredSignatures + message.length);
  encodeShortVec(unsignedWire, requiredSignatures);
  unsignedWire.set(message, prefix + 64 * requiredSignatures);
  return { message, unsignedWire, requiredSignatures, signedSize: unsignedWire.length };
}

/**
 * Final data size of an NFT mint account: the pointer extensions it is created with, plus
 * the metadata and group-member entries that InitializeMetadata and InitializeMember add.
 */
export function nftMintAccountSize(mint: PublicKey, updateAuthority: PublicKey, fields: TokenMetadataFields): number {
  return getMintLen([ExtensionType.MetadataPointer, ExtensionType.GroupMemberPointer, ExtensionType.TokenGroupMember], {
    [ExtensionType.TokenMetadata]: packedMetadataLength(mint, updateAuthority, fields),
  });
}

// ---------------------------------------------------------------------------------------
// Bytes and signatures

/** The exact bytes every signer signs; keep them to recognize the transaction when it comes back signed. */
export function transactionMessageBytes(transaction: Transaction): Uint8Array {
  return transaction.serializeMessage();
}

/** Wire bytes with every signature slot empty (what the wallet receives from prepare). */
export function serializeForWallet(transaction: Transaction): Uint8Array {
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
}

/**
 * Signs with every given signer and returns the fully signed wire bytes. For tests,
 * scripts and the demo seed, where one process holds every key; the mint flow instead
 * signs in two steps (the wallet, then lib/chain/server-signatures.ts at execute).
 * Checking the signatures is left to the chain (web3.js verifies in pure JS at ~5 ms each).
 */
export function signAndSerialize(transaction: Transaction, ...signers: Keypair[]): Uint8Array {
  transaction.partialSign(...signers);
  return transaction.serialize({ requireAllSignatures: true, verifySignatures: false });
}

/** Wire size once every required signature is present. */
export function signedTransactionSize(transaction: Transaction): number {
  return compileUnsigned(transaction).signedSize;
}

function assertFits(transaction: Transaction, what: string): void {
  const size = signedTransactionSize(transaction);
  if (size > MAX_TRANSACTION_BYTES) {
    throw new TransactionTooLargeError(
      `The ${what} transaction would be ${size} bytes (limit ${MAX_TRANSACTION_BYTES}): shorten the name, symbol or uri.`,
    );
  }
}

function packedMetadataLength(mint: PublicKey, updateAuthority: PublicKey, fields: TokenMetadataFields): number {
  return packMetadata({
    mint,
    updateAuthority,
    name: fields.name,
    symbol: fields.symbol,
    uri: fields.uri,
    additionalMetadata: [],
  }).length;
}

function toSafeNumber(lamports: bigint): number {
  // web3.js v1's createAccount takes a number; rent amounts are far below 2^53.
  if (lamports > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("lamports exceed the safe integer range");
  return Number(lamports);
}

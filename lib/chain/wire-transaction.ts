// Reading a transaction from wire bytes the way a validator would before running it:
// size limit, structure, every signature present (checking them is litesvm's job), and
// which accounts it may write. A legacy transaction, what the site builds and wallets send
// back, is read as bytes (legacy-wire.ts); any other, by kit's decoders.
import bs58 from "bs58";
import {
  address as toKitAddress,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Address,
  type SignatureBytes,
  type Transaction as KitTransaction,
} from "@solana/kit";
import { ChainTransactionError, InvalidAddressError } from "./errors";
import {
  WireFormatError,
  isLegacyWire,
  isUnsigned,
  readLegacyMessage,
  readSignedWire,
  writableKeys,
} from "./legacy-wire";
import { MAX_TRANSACTION_BYTES } from "./types";

export type DecodedMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;

/** A transaction's parts as the chain needs them, signed or not yet. */
export type ReadTransaction = {
  /** For litesvm, which takes kit's shape. */
  transaction: KitTransaction;
  /** The signature slots in signer order; null where unsigned (all zeros). */
  signatures: Array<Uint8Array | null>;
  /** The recent blockhash (base58): the transaction's lifetime. */
  blockhash: string;
  /** The accounts it may write; null when it also looks accounts up in tables (any may change). */
  writableAccounts: Address[] | null;
};

export type DecodedTransaction = ReadTransaction & {
  /** The fee payer's signature, base58: the transaction's name on chain. */
  signature: string;
  signatureBytes: Uint8Array;
};

/** Refuses (ChainTransactionError, nothing landed) what no validator would even try to run. */
export function decodeTransaction(wireBytes: Uint8Array): DecodedTransaction {
  const read = readTransaction(wireBytes);
  const [feePayerSignature] = read.signatures;
  if (!feePayerSignature) {
    throw new ChainTransactionError("SignatureFailure", "the fee payer's signature is missing");
  }
  const signature = bs58.encode(feePayerSignature);
  if (read.signatures.some((s) => !s)) {
    throw new ChainTransactionError("SignatureFailure", "a required signature is missing", { signature });
  }
  return { ...read, signature, signatureBytes: Uint8Array.from(feePayerSignature) };
}

/** The transaction's parts, its signatures not required yet (a wallet simulates before it signs). */
export function readTransaction(wireBytes: Uint8Array): ReadTransaction {
  if (wireBytes.length > MAX_TRANSACTION_BYTES) {
    throw new ChainTransactionError(
      "TransactionTooLarge",
      `it has ${wireBytes.length} bytes, the limit is ${MAX_TRANSACTION_BYTES}`,
    );
  }
  try {
    return isLegacyWire(wireBytes) ? readLegacyTransaction(wireBytes) : readWithKit(wireBytes);
  } catch {
    throw new ChainTransactionError("SanitizeFailure", "the bytes are not a valid transaction");
  }
}

/** The common case, read without kit: keys become text only for the signers and the writable accounts. */
function readLegacyTransaction(wireBytes: Uint8Array): ReadTransaction {
  const wire = readSignedWire(wireBytes);
  const message = readLegacyMessage(wire.messageBytes);
  const signers = message.accountKeys.slice(0, message.numRequiredSignatures);
  if (signers.length !== wire.signatures.length) throw new WireFormatError("fewer keys than signers");
  const signatures = wire.signatures.map((slot) => (isUnsigned(slot) ? null : slot));
  // kit's shape, as its decoder makes it: each signer's address names its slot.
  const slots: Record<string, SignatureBytes | null> = {};
  signers.forEach((key, i) => (slots[bs58.encode(key)] = signatures[i] as SignatureBytes | null));
  return {
    transaction: { messageBytes: wire.messageBytes, signatures: Object.freeze(slots) } as unknown as KitTransaction,
    signatures,
    blockhash: bs58.encode(message.recentBlockhash),
    writableAccounts: writableKeys(message).map((key) => bs58.encode(key) as Address),
  };
}

/** Versioned messages and other envelopes: kit's decoders. */
function readWithKit(wireBytes: Uint8Array): ReadTransaction {
  const transaction = readWholeTransaction(wireBytes);
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const looksUp = "addressTableLookups" in message && (message.addressTableLookups?.length ?? 0) > 0;
  return {
    transaction,
    signatures: Object.values(transaction.signatures).map((s) => (s ? new Uint8Array(s) : null)),
    blockhash: message.lifetimeToken,
    writableAccounts: looksUp ? null : writableStaticAccounts(message),
  };
}

/**
 * A transaction from wire bytes, exactly as long as kit would write it. kit reads some bytes
 * leniently that a validator refuses as an alias (a count written longer than it needs, 0x81
 * 0x00 for 1); the size its encoder would write, computed without encoding, must be the size
 * read. (The message is the rest of the bytes, as kit reads it.) Throws otherwise.
 */
export function readWholeTransaction(wireBytes: Uint8Array): KitTransaction {
  const [transaction, end] = getTransactionDecoder().read(wireBytes, 0);
  if (end !== wireBytes.length || getTransactionEncoder().getSizeFromValue(transaction) !== end)
    throw new Error("not a transaction in its shortest form");
  return transaction;
}

/** Accounts the message marks writable: the only ones a transaction can change. */
export function writableStaticAccounts(message: DecodedMessage): Address[] {
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const accounts = message.staticAccounts;
  return accounts.filter((_, i) =>
    i < numSignerAccounts
      ? i < numSignerAccounts - numReadonlySignerAccounts
      : i < accounts.length - numReadonlyNonSignerAccounts,
  );
}

/** A kit Address from a base58 string, or InvalidAddressError. */
export function toAddress(value: string): Address {
  try {
    return toKitAddress(value);
  } catch {
    throw new InvalidAddressError(`Not a valid Solana address: ${JSON.stringify(value.slice(0, 64))}.`);
  }
}

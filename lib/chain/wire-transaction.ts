// Reading a transaction from wire bytes the way a validator would before running it:
// size limit, structure, every signature present (checking them is litesvm's job), and
// which accounts it may write.
import bs58 from "bs58";
import {
  address as toKitAddress,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Address,
  type Transaction as KitTransaction,
} from "@solana/kit";
import { ChainTransactionError, InvalidAddressError } from "./errors";
import { MAX_TRANSACTION_BYTES } from "./types";

export type DecodedMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;

/** Refuses (ChainTransactionError, nothing landed) what no validator would even try to run. */
export function decodeTransaction(wireBytes: Uint8Array): {
  transaction: KitTransaction;
  signature: string;
  signatureBytes: Uint8Array;
  message: DecodedMessage;
} {
  if (wireBytes.length > MAX_TRANSACTION_BYTES) {
    throw new ChainTransactionError(
      "TransactionTooLarge",
      `it has ${wireBytes.length} bytes, the limit is ${MAX_TRANSACTION_BYTES}`,
    );
  }
  let transaction: KitTransaction;
  let message: DecodedMessage;
  try {
    transaction = readWholeTransaction(wireBytes);
    message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  } catch {
    throw new ChainTransactionError("SanitizeFailure", "the bytes are not a valid transaction");
  }
  const signatures = Object.values(transaction.signatures);
  const feePayerSignature = signatures[0];
  if (!feePayerSignature) {
    throw new ChainTransactionError("SignatureFailure", "the fee payer's signature is missing");
  }
  const signature = bs58.encode(feePayerSignature);
  if (signatures.some((s) => !s)) {
    throw new ChainTransactionError("SignatureFailure", "a required signature is missing", { signature });
  }
  return { transaction, signature, signatureBytes: Uint8Array.from(feePayerSignature), message };
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

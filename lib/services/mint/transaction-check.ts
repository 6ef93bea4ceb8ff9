// Is the signed transaction exactly the one prepared for the session? Its message must be
// byte-identical to the stored one (any changed amount, recipient, account or
// instruction changes the message) and every required signature must verify. Checked
// before anything is sent, so a refused transaction never reaches the chain.
import { Transaction } from "@solana/web3.js";
import bs58 from "bs58";
import { ApiError } from "@/lib/api/api-error";

export type CheckedTransaction = { wireBytes: Uint8Array; signature: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export function checkSignedTransaction(signedBase64: string, expectedMessageBase64: string): CheckedTransaction {
  const mismatch = (why: string) => new ApiError("TRANSACTION_MISMATCH", `${why} Nothing was sent.`);
  if (!BASE64.test(signedBase64)) throw mismatch("The signed transaction is not base64.");
  const wireBytes = new Uint8Array(Buffer.from(signedBase64, "base64"));
  let transaction: Transaction;
  try {
    transaction = Transaction.from(wireBytes);
  } catch {
    throw mismatch("The signed transaction cannot be read as a legacy Solana transaction.");
  }
  let message: Buffer;
  try {
    message = transaction.serializeMessage();
  } catch {
    throw mismatch("The signed transaction cannot be read as a legacy Solana transaction.");
  }
  if (!message.equals(Buffer.from(expectedMessageBase64, "base64"))) {
    throw mismatch("The signed transaction is not the one prepared for this session.");
  }
  // The fee payer (the wallet) is the first signer; its signature names the transaction.
  const first = transaction.signatures[0]?.signature;
  if (!first || !transaction.verifySignatures(true)) {
    throw new ApiError("INVALID_SIGNATURE", "A required signature is missing or does not verify. Nothing was sent.");
  }
  return { wireBytes, signature: bs58.encode(first) };
}

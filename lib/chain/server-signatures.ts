// The server's side of signing: the wallet signs first, the server last.
//
// Execute receives the wallet-signed wire bytes. It checks that their message is
// byte-identical to the one stored at prepare and that the wallet's signature verifies,
// then adds the server's signatures over those same message bytes. The message is never
// recompiled: a deserialized legacy web3.js Transaction recompiles on change and can
// reorder accounts, so the bytes are read and signed with @solana/kit's byte-level
// transaction codec instead.
import {
  createKeyPairFromPrivateKeyBytes,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  verifySignature,
  type Address,
  type SignatureBytes,
  type Transaction as KitTransaction,
} from "@solana/kit";
import type { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { MAX_TRANSACTION_BYTES } from "./types";

export type WalletSignedTransaction = {
  transaction: KitTransaction;
  /** The fee payer's (the wallet's) signature, base58: the transaction's name on chain. */
  signature: string;
};

export type WalletSignatureProblem = "unreadable" | "message_mismatch" | "wallet_signature_missing" | "wallet_signature_invalid";

export class WalletSignatureError extends Error {
  override name = "WalletSignatureError";
  constructor(readonly problem: WalletSignatureProblem) {
    super(problem);
  }
}

/**
 * Reads wallet-signed wire bytes and checks them against the stored message: the same
 * bytes exactly, and a valid signature of the fee payer (the first signer, the wallet).
 * Whatever the client put in the other slots is ignored: the server overwrites them.
 */
export async function checkWalletSigned(wireBytes: Uint8Array, expectedMessage: Uint8Array): Promise<WalletSignedTransaction> {
  if (wireBytes.length > MAX_TRANSACTION_BYTES) throw new WalletSignatureError("unreadable");
  let transaction: KitTransaction;
  try {
    transaction = getTransactionDecoder().decode(wireBytes);
    if (getTransactionEncoder().encode(transaction).length !== wireBytes.length) throw new Error("trailing bytes");
  } catch {
    throw new WalletSignatureError("unreadable");
  }
  if (!bytesEqual(new Uint8Array(transaction.messageBytes), expectedMessage)) throw new WalletSignatureError("message_mismatch");
  const [feePayer] = Object.keys(transaction.signatures) as Address[];
  const walletSignature = feePayer ? transaction.signatures[feePayer] : null;
  if (!feePayer || !walletSignature) throw new WalletSignatureError("wallet_signature_missing");
  const valid = await verifySignature(await getPublicKeyFromAddress(feePayer), walletSignature, transaction.messageBytes);
  if (!valid) throw new WalletSignatureError("wallet_signature_invalid");
  return { transaction, signature: bs58.encode(walletSignature) };
}

// Importing a key costs about 1.5 ms; the mint authority signs every mint, so its import is kept.
const importedKeys = new WeakMap<Keypair, Promise<CryptoKeyPair>>();
function importKey(signer: Keypair, keep: boolean): Promise<CryptoKeyPair> {
  const cached = importedKeys.get(signer);
  if (cached) return cached;
  const imported = createKeyPairFromPrivateKeyBytes(signer.secretKey.slice(0, 32));
  if (keep) importedKeys.set(signer, imported);
  return imported;
}

/**
 * Adds the signers' signatures over the transaction's own message bytes and returns the
 * wire bytes. `longLived` signers (the mint authority) keep their imported key.
 */
export async function addServerSignatures(transaction: KitTransaction, signers: readonly Keypair[], longLived: readonly Keypair[] = []): Promise<Uint8Array> {
  const keyPairs = await Promise.all(signers.map((signer) => importKey(signer, longLived.includes(signer))));
  const signed = await partiallySignTransaction(keyPairs, transaction);
  const missing = Object.values(signed.signatures).some((s: SignatureBytes | null) => s === null);
  if (missing) throw new Error("a required signature is still missing after the server signed");
  return new Uint8Array(getTransactionEncoder().encode(signed));
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

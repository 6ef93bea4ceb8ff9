// The server's side of signing: the wallet signs first, the server last.
//
// Execute receives the wallet-signed wire bytes. It checks that their message is
// byte-identical to the one stored at prepare and that the wallet's signature verifies,
// then adds the server's signatures over those same message bytes. The message is never
// recompiled: a deserialized legacy web3.js Transaction recompiles on change and can
// reorder accounts, so the bytes are read and signed with @solana/kit's byte-level
// transaction codec instead.
//
// The ed25519 work itself is node:crypto's. @solana/kit signs and verifies through
// WebCrypto, whose key import (PKCS#8) costs about 1 ms per key on Node 20, and each mint
// has a fresh NFT mint key to import; a KeyObject made from a JWK costs about 0.04 ms, and
// the signatures are the same bytes (ed25519 is deterministic).
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import {
  getTransactionDecoder,
  getTransactionEncoder,
  type Address,
  type SignatureBytes,
  type Transaction as KitTransaction,
} from "@solana/kit";
import type { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { MAX_TRANSACTION_BYTES } from "./types";
import { readWholeTransaction } from "./wire-transaction";

export type WalletSignedTransaction = {
  transaction: KitTransaction;
  /** The fee payer's (the wallet's) signature, base58: the transaction's name on chain. */
  signature: string;
};

export type WalletSignatureProblem =
  "unreadable" | "message_mismatch" | "wallet_signature_missing" | "wallet_signature_invalid";

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
export async function checkWalletSigned(
  wireBytes: Uint8Array,
  expectedMessage: Uint8Array,
): Promise<WalletSignedTransaction> {
  if (wireBytes.length > MAX_TRANSACTION_BYTES) throw new WalletSignatureError("unreadable");
  let transaction: KitTransaction;
  try {
    transaction = readWholeTransaction(wireBytes);
  } catch {
    throw new WalletSignatureError("unreadable");
  }
  if (!bytesEqual(new Uint8Array(transaction.messageBytes), expectedMessage))
    throw new WalletSignatureError("message_mismatch");
  const [feePayer] = Object.keys(transaction.signatures) as Address[];
  const walletSignature = feePayer ? transaction.signatures[feePayer] : null;
  if (!feePayer || !walletSignature) throw new WalletSignatureError("wallet_signature_missing");
  const valid = verify(
    null,
    new Uint8Array(transaction.messageBytes),
    publicKeyOf(bs58.decode(feePayer)),
    new Uint8Array(walletSignature),
  );
  if (!valid) throw new WalletSignatureError("wallet_signature_invalid");
  return { transaction, signature: bs58.encode(walletSignature) };
}

// The mint authority signs every mint: its key object is made once.
const privateKeys = new WeakMap<Keypair, KeyObject>();
function privateKeyOf(signer: Keypair, keep: boolean): KeyObject {
  const cached = privateKeys.get(signer);
  if (cached) return cached;
  const key = createPrivateKey({
    key: {
      kty: "OKP",
      crv: "Ed25519",
      d: base64url(signer.secretKey.subarray(0, 32)),
      x: base64url(signer.publicKey.toBytes()),
    },
    format: "jwk",
  });
  if (keep) privateKeys.set(signer, key);
  return key;
}

function publicKeyOf(address: Uint8Array): KeyObject {
  return createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: base64url(address) }, format: "jwk" });
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");

/**
 * Adds the signers' signatures over the transaction's own message bytes and returns the
 * wire bytes. Every signer must be one of the transaction's required signers, and no slot
 * may stay empty. `longLived` signers (the mint authority) keep their key object.
 */
export async function addServerSignatures(
  transaction: KitTransaction,
  signers: readonly Keypair[],
  longLived: readonly Keypair[] = [],
): Promise<Uint8Array> {
  const signatures: Record<string, SignatureBytes | null> = { ...transaction.signatures };
  const message = new Uint8Array(transaction.messageBytes);
  for (const signer of signers) {
    const address = signer.publicKey.toBase58();
    if (!(address in signatures)) throw new Error(`${address} is not a signer of this transaction`);
    signatures[address] = sign(
      null,
      message,
      privateKeyOf(signer, longLived.includes(signer)),
    ) as unknown as SignatureBytes;
  }
  if (Object.values(signatures).some((s) => s === null))
    throw new Error("a required signature is still missing after the server signed");
  return new Uint8Array(
    getTransactionEncoder().encode({ ...transaction, signatures: signatures as KitTransaction["signatures"] }),
  );
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * A transaction only the server signs (a carried bonus NFT, whose fee payer is the mint
 * authority), from its stored message bytes: decoded with every signer's signature, and the
 * fee payer's signature, its name on chain (known before it is sent, to be written ahead).
 */
export async function serverSignedTransaction(
  messageBytes: Uint8Array,
  signers: readonly Keypair[],
  longLived: readonly Keypair[] = [],
): Promise<WalletSignedTransaction> {
  // A legacy message starts with its count of required signatures (below 128: one short-vec byte).
  const required = messageBytes[0]!;
  const unsigned = new Uint8Array(1 + 64 * required + messageBytes.length);
  unsigned[0] = required;
  unsigned.set(messageBytes, 1 + 64 * required);
  const wire = await addServerSignatures(getTransactionDecoder().decode(unsigned), signers, longLived);
  const transaction = getTransactionDecoder().decode(wire);
  const [feePayer] = Object.keys(transaction.signatures) as Address[];
  return { transaction, signature: bs58.encode(new Uint8Array(transaction.signatures[feePayer!]!)) };
}

// The server's side of signing: the wallet signs first, the server last.
//
// Execute receives the wallet-signed wire bytes. It checks that their message is
// byte-identical to the one stored at prepare and that the wallet's signature verifies,
// then adds the server's signatures over those same message bytes. The message is never
// recompiled: a deserialized legacy web3.js Transaction recompiles on change and can
// reorder accounts, so the signature slots and the message are read and written as bytes
// (legacy-wire.ts), each key compared as bytes, never turned into text.
//
// The ed25519 work itself is node:crypto's. @solana/kit signs and verifies through
// WebCrypto, whose key import (PKCS#8) costs about 1 ms per key on Node 20, and each mint
// has a fresh NFT mint key to import; a KeyObject made from a JWK costs about 0.04 ms, and
// the signatures are the same bytes (ed25519 is deterministic).
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import type { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { MAX_TRANSACTION_BYTES } from "./types";
import { isUnsigned, readLegacyMessage, readSignedWire, writeSignedWire, type SignedWire } from "./legacy-wire";

export type WalletSignedTransaction = {
  wire: SignedWire;
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
  let wire: SignedWire;
  try {
    wire = readSignedWire(wireBytes);
  } catch {
    throw new WalletSignatureError("unreadable");
  }
  if (!bytesEqual(wire.messageBytes, expectedMessage)) throw new WalletSignatureError("message_mismatch");
  // The message is the stored one, so it reads, and its first key is the fee payer: the wallet.
  const [feePayer] = readLegacyMessage(wire.messageBytes).accountKeys;
  const [walletSignature] = wire.signatures;
  if (!feePayer || !walletSignature || isUnsigned(walletSignature))
    throw new WalletSignatureError("wallet_signature_missing");
  if (!verify(null, wire.messageBytes, publicKeyOf(feePayer), walletSignature))
    throw new WalletSignatureError("wallet_signature_invalid");
  return { wire, signature: bs58.encode(walletSignature) };
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
  wire: SignedWire,
  signers: readonly Keypair[],
  longLived: readonly Keypair[] = [],
): Promise<Uint8Array> {
  return writeSignedWire(signSlots(wire, signers, longLived));
}

function signSlots(wire: SignedWire, signers: readonly Keypair[], longLived: readonly Keypair[]): SignedWire {
  const { messageBytes } = wire;
  const signerKeys = readLegacyMessage(messageBytes).accountKeys.slice(0, wire.signatures.length);
  const signatures = [...wire.signatures];
  for (const signer of signers) {
    const key = signer.publicKey.toBytes();
    const slot = signerKeys.findIndex((signerKey) => bytesEqual(signerKey, key));
    if (slot < 0) throw new Error(`${signer.publicKey.toBase58()} is not a signer of this transaction`);
    signatures[slot] = sign(null, messageBytes, privateKeyOf(signer, longLived.includes(signer)));
  }
  if (signatures.some(isUnsigned)) throw new Error("a required signature is still missing after the server signed");
  return { signatures, messageBytes };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

/**
 * A transaction only the server signs (a carried bonus NFT, whose fee payer is the mint
 * authority), from its stored message bytes: every signer's signature, and the fee payer's
 * signature, its name on chain (known before it is sent, to be written ahead).
 */
export async function serverSignedTransaction(
  messageBytes: Uint8Array,
  signers: readonly Keypair[],
  longLived: readonly Keypair[] = [],
): Promise<WalletSignedTransaction> {
  // A legacy message starts with its count of required signatures (below 128).
  const unsigned = { signatures: Array.from({ length: messageBytes[0]! }, () => new Uint8Array(64)), messageBytes };
  const wire = signSlots(unsigned, signers, longLived);
  return { wire, signature: bs58.encode(wire.signatures[0]!) };
}

// The NFT mint keys: derived, never stored and never handed out.
//
// Each mint session's NFT mint key is HMAC-SHA-512(mint-key secret, "dropmint/nft-mint/" +
// session id), its first 32 bytes taken as an ed25519 seed. Prepare derives it to put the
// mint's address in the transaction; execute derives it again to sign. So the key never
// leaves the server, never sits in the database, and every instance derives the same key
// for the same session from the same secret.
//
// The secret is MINT_KEY_SECRET when set, otherwise derived from the mint authority's own
// secret key (HMAC-SHA-256 with a fixed label), so a deployment needs no extra setting.
// Rotating it (or the mint authority, when MINT_KEY_SECRET is unset) invalidates the
// sessions prepared before: their mint address no longer matches the derived key, and
// execute answers SESSION_EXPIRED (prepare again). Submitted and minted sessions are not
// affected: they were signed already.
import { createHmac, createPrivateKey, createPublicKey } from "node:crypto";
import { Keypair } from "@solana/web3.js";

const SECRET_LABEL = "dropmint/mint-key-secret/v1";
const MINT_KEY_LABEL = "dropmint/nft-mint/";
/** Shortest MINT_KEY_SECRET accepted, in bytes. */
export const MIN_MINT_KEY_SECRET_BYTES = 32;

/** The mint-key secret when MINT_KEY_SECRET is unset: a one-way function of the mint authority's key. */
export function mintKeySecretFromAuthority(mintAuthority: Keypair): Uint8Array {
  return new Uint8Array(createHmac("sha256", mintAuthority.secretKey).update(SECRET_LABEL).digest());
}

/** The NFT mint keypair of one mint session. */
export function mintKeypairForSession(secret: Uint8Array, sessionId: string): Keypair {
  const seed = createHmac("sha512", secret)
    .update(MINT_KEY_LABEL + sessionId)
    .digest()
    .subarray(0, 32);
  return keypairFromSeed(seed);
}

/**
 * Keypair.fromSeed's keypair, its public half computed by node:crypto: web3.js derives it
 * in pure JS (@noble/curves, ~0.19 ms against ~0.04), and prepare and execute each derive
 * one per mint. Node makes the key from the JWK's private half `d` alone (the public half
 * `x` must be a string but is not read; a PKCS#8 import would cost ~0.4 ms), and
 * tests/unit/chain/mint-keys.test.ts holds the result to web3.js's.
 */
function keypairFromSeed(seed: Uint8Array): Keypair {
  const privateKey = createPrivateKey({
    key: { kty: "OKP", crv: "Ed25519", d: Buffer.from(seed).toString("base64url"), x: "" },
    format: "jwk",
  });
  const publicKey = Buffer.from(createPublicKey(privateKey).export({ format: "jwk" }).x!, "base64url");
  const secretKey = new Uint8Array(64);
  secretKey.set(seed);
  secretKey.set(publicKey, 32);
  // The public half is node:crypto's own derivation from the seed: nothing left to validate.
  return Keypair.fromSecretKey(secretKey, { skipValidation: true });
}

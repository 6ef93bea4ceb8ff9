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
import { createHmac } from "node:crypto";
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
  return Keypair.fromSeed(seed);
}

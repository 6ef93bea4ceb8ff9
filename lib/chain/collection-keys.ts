// A launched drop's collection (group) mint key, derived like the NFT mint keys
// (mint-keys.ts): HMAC-SHA-512(mint-key secret, "dropmint/collection/" + short ID), the first
// 32 bytes as an ed25519 seed. Deriving it from the short ID makes creating the collection
// idempotent: a `npm run drop -- create` that dies after the collection landed and before
// the drop was recorded finds that same address on chain when it runs again, and reuses it
// instead of paying for a second collection.
import { createHmac } from "node:crypto";
import { Keypair } from "@solana/web3.js";

const COLLECTION_KEY_LABEL = "dropmint/collection/";

export function collectionKeypairForDrop(secret: Uint8Array, shortId: string): Keypair {
  const seed = createHmac("sha512", secret)
    .update(COLLECTION_KEY_LABEL + shortId)
    .digest()
    .subarray(0, 32);
  return Keypair.fromSeed(seed);
}

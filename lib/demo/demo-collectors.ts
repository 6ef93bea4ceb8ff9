// The demo collectors' wallets: derived from the server's mint-key secret (as the NFT mint
// keys and prize accounts are), so the seed and the background demo activity sign as the same
// collectors without a key ever being stored. Local chain only: on a real cluster nothing
// here runs.
import { createHmac } from "node:crypto";
import { Keypair } from "@solana/web3.js";

const LABEL = "dropmint/demo-collector/";

export function demoCollectorKeypair(secret: Uint8Array, index: number): Keypair {
  const seed = createHmac("sha512", secret)
    .update(LABEL + index)
    .digest()
    .subarray(0, 32);
  return Keypair.fromSeed(seed);
}

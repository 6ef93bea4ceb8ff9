// The local chain's test stablecoin (DUSD): a classic SPL token whose mint key is derived from
// the server's mint-key secret, like a drop's collection key (collection-keys.ts), so the
// seed, the faucet and every restart find the same address without storing it. Its mint
// authority is the server's; it exists on localnet only (the faucet refuses elsewhere).
import { createHmac } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { TEST_STABLECOIN_TOKEN } from "@/lib/domain/payment-currency";

export const TEST_STABLECOIN = Object.freeze({ ...TEST_STABLECOIN_TOKEN, program: "spl-token" as const });

const TEST_STABLECOIN_LABEL = "dropmint/test-stablecoin";

export function testStablecoinKeypair(secret: Uint8Array): Keypair {
  const seed = createHmac("sha512", secret).update(TEST_STABLECOIN_LABEL).digest().subarray(0, 32);
  return Keypair.fromSeed(seed);
}

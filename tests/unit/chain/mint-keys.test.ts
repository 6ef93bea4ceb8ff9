// The NFT mint keys are derived with node:crypto (lib/chain/mint-keys.ts); they must be the
// very keypairs web3.js derives from the same seed, or prepared sessions would name mints
// that execute cannot sign for.
import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { mintKeypairForSession } from "@/lib/chain";

const seedOf = (secret: Uint8Array, sessionId: string) =>
  createHmac("sha512", secret).update(`dropmint/nft-mint/${sessionId}`).digest().subarray(0, 32);

describe("mintKeypairForSession", () => {
  it("gives web3.js's Keypair.fromSeed for the session's seed, public and secret halves", () => {
    for (let i = 0; i < 64; i++) {
      const secret = randomBytes(32);
      const sessionId = `session-${i}-${randomBytes(4).toString("hex")}`;
      const derived = mintKeypairForSession(secret, sessionId);
      const expected = Keypair.fromSeed(seedOf(secret, sessionId));
      expect(derived.publicKey.toBase58()).toBe(expected.publicKey.toBase58());
      expect(Buffer.from(derived.secretKey).equals(Buffer.from(expected.secretKey))).toBe(true);
    }
  });

  it("derives the same key again for the same session, and another for another", () => {
    const secret = randomBytes(32);
    const first = mintKeypairForSession(secret, "a").publicKey.toBase58();
    expect(mintKeypairForSession(secret, "a").publicKey.toBase58()).toBe(first);
    expect(mintKeypairForSession(secret, "b").publicKey.toBase58()).not.toBe(first);
  });
});

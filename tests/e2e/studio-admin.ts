// The e2e site's studio admin (ADMIN_WALLETS in playwright.config.ts): a keypair derived from a
// fixed label, so the config and the tests name the same wallet without a key in the repo.
// It holds nothing and exists only on the throwaway local chain of the test site.
import { createHash, createPrivateKey, sign } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";

export const STUDIO_ADMIN = Keypair.fromSeed(createHash("sha256").update("dropmint e2e studio admin").digest());

/** The wallet's ed25519 signature of a text, base58 (as a wallet hands it back). */
export function signText(wallet: Keypair, text: string): string {
  const key = createPrivateKey({
    key: {
      kty: "OKP",
      crv: "Ed25519",
      d: Buffer.from(wallet.secretKey.subarray(0, 32)).toString("base64url"),
      x: Buffer.from(wallet.publicKey.toBytes()).toString("base64url"),
    },
    format: "jwk",
  });
  return bs58.encode(sign(null, Buffer.from(text, "utf8"), key));
}

// Signs a wallet in the way the site's pages do (Sign In With Solana): ask for a nonce, have
// the wallet's real keypair sign the SIWS text, hand it back, and keep the session cookie.
// Tests that prepare without a key send the cookie, as a browser would.
import { createPrivateKey, sign } from "node:crypto";
import type { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { signInMessageText, type SignInFields } from "@/lib/domain/wallet-sign-in";
import { callJson } from "./route-caller";
import { TEST_SITE_ORIGIN } from "./test-app";

/** The wallet's ed25519 signature of a text, base58 (as wallets hand it back). */
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

/** The nonce's fields, for tests that sign something else with them. */
export async function signInFields(headers: Record<string, string> = {}): Promise<Omit<SignInFields, "address">> {
  const nonce = await callJson("POST", "/api/public/wallet-session/nonce", {
    headers: { origin: TEST_SITE_ORIGIN, ...headers },
  });
  if (nonce.status !== 200) throw new Error(`nonce: ${nonce.status} ${nonce.text}`);
  const { success: _success, ...fields } = nonce.body as SignInFields & { success: true };
  return fields;
}

/** Signs the wallet in and returns its cookie (`dm_wallet_<address>=<id>`), for a Cookie header. */
export async function signInCookie(wallet: Keypair, headers: Record<string, string> = {}): Promise<string> {
  const address = wallet.publicKey.toBase58();
  const message = signInMessageText({ ...(await signInFields(headers)), address });
  const response = await callJson("POST", "/api/public/wallet-session/sign-in", {
    headers: { origin: TEST_SITE_ORIGIN, ...headers },
    body: { address, message, signature: signText(wallet, message) },
  });
  if (response.status !== 200) throw new Error(`sign-in: ${response.status} ${response.text}`);
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error("sign-in set no cookie");
  return cookie;
}

/** Headers of the site's own page acting for a signed-in wallet, from a client IP. */
export async function signedInSite(wallet: Keypair, ip = "203.0.113.10"): Promise<Record<string, string>> {
  const headers = { "x-forwarded-for": ip };
  return { origin: TEST_SITE_ORIGIN, ...headers, cookie: await signInCookie(wallet, headers) };
}

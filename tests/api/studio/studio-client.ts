// A creator calling the studio's dashboard routes as the studio page does: signed in with the
// wallet's real keypair (Sign In With Solana), naming it in X-Studio-Wallet, from the site.
import { Keypair } from "@solana/web3.js";
import { callJson, callRoute } from "../../helpers/route-caller";
import { TEST_SITE_ORIGIN } from "../../helpers/test-app";
import { signInCookie } from "../../helpers/wallet-sign-in";

export type StudioCaller = { wallet: Keypair; headers: Record<string, string> };

/** The environment that lets `creator` into the studio (an allowlist of one). */
export function studioEnv(creator: Keypair): Record<string, string> {
  return { STUDIO_CREATORS: "allowlist", CREATOR_WALLETS: creator.publicKey.toBase58() };
}

export async function studioCaller(wallet: Keypair): Promise<StudioCaller> {
  const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.61" };
  const cookie = await signInCookie(wallet, site);
  return { wallet, headers: { ...site, cookie, "x-studio-wallet": wallet.publicKey.toBase58() } };
}

export function dashboardOf(caller: StudioCaller, dropRef: string) {
  return callJson("GET", `/api/studio/drops/${dropRef}/dashboard`, { headers: caller.headers });
}

export async function mintsCsvOf(caller: StudioCaller, dropRef: string) {
  const response = await callRoute("GET", `/api/studio/drops/${dropRef}/mints.csv`, { headers: caller.headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// The wallet sessions' cookies: one per signed-in wallet, `dm_wallet_<address>`, HttpOnly
// (page script never reads it), SameSite=Lax (another site's POST does not carry it), Secure
// on https. Its value is the session's random id (lib/services/wallet-session.ts).
//
// A request that carries one is acting as that wallet, so it must come from the site itself:
// an Origin of another site, or a browser's own word that it is cross-site, is refused with
// 403 ORIGIN_NOT_ALLOWED before anything is reserved. (SameSite already keeps the cookie off
// most cross-site requests; this keeps it off all of them, whatever a browser's rules.)
import type { AuthContext } from "@/lib/auth/context";
import type { Config } from "@/lib/config";
import { holderKeyOf, type Holder } from "@/lib/domain/hold-share";
import type { ServiceContext } from "@/lib/services/context";
import { isWalletProven } from "@/lib/services/wallet-session";
import type { Caller } from "./budgets";
import { AppError } from "@/lib/errors";
import { isFirstPartyRequest } from "./auth";

export const WALLET_COOKIE_PREFIX = "dm_wallet_";
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/** address → session id, for every wallet cookie the request carries. */
export function presentedWalletSessions(cookieHeader: string | null): Map<string, string> {
  const sessions = new Map<string, string>();
  for (const part of cookieHeader?.split(";") ?? []) {
    const [rawName = "", ...rest] = part.split("=");
    const name = rawName.trim();
    if (!name.startsWith(WALLET_COOKIE_PREFIX)) continue;
    const address = name.slice(WALLET_COOKIE_PREFIX.length);
    const value = rest.join("=").trim();
    if (BASE58_ADDRESS.test(address) && value) sessions.set(address, value);
  }
  return sessions;
}

export function walletSessionCookie(
  config: Pick<Config, "publicUrl">,
  session: { address: string; sessionId: string; expiresAt: Date },
  now: Date,
): string {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - now.getTime()) / 1000));
  return cookie(config, session.address, session.sessionId, maxAge);
}

export function clearedWalletCookie(config: Pick<Config, "publicUrl">, address: string): string {
  return cookie(config, address, "", 0);
}

function cookie(config: Pick<Config, "publicUrl">, address: string, value: string, maxAge: number): string {
  const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${WALLET_COOKIE_PREFIX}${address}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** A request carrying a wallet cookie comes from the site itself, or is refused. */
export function assertSignedInRequestFromSite(
  request: { headers: Headers },
  config: Pick<Config, "siteOrigins">,
): void {
  if (presentedWalletSessions(request.headers.get("cookie")).size === 0) return;
  const origin = request.headers.get("origin");
  const crossSite = ["cross-site", "same-site"].includes(request.headers.get("sec-fetch-site") ?? "");
  if ((origin !== null || crossSite) && !isFirstPartyRequest(request as Request, config))
    throw new AppError("ORIGIN_NOT_ALLOWED", "A signed-in wallet acts only from the site itself.");
}

/**
 * Who will hold a prepare's reservation. The site's own pages (no key) must have signed in
 * with the wallet they name: anyone can send a keyless request, so without a proof a
 * stranger could reserve, and supersede, in any wallet's name (prepare answers 401
 * WALLET_PROOF_REQUIRED, right after the wallet-block check).
 * A partner key needs no proof: its reservations are its own, capped by its share, and they
 * never end or count against sessions another caller started (docs: Reservations).
 */
export async function prepareHolder(
  ctx: ServiceContext,
  request: { auth: AuthContext; caller: Caller; cookies: string | null },
  wallet: string,
): Promise<Holder> {
  const { auth, caller, cookies } = request;
  const walletProven = await isWalletProven(ctx, presentedWalletSessions(cookies), wallet);
  return { key: holderKeyOf(auth, caller.ip), walletProven, proofRequired: auth.kind === "first-party" };
}

/** The wallet a profile or reaction call acts for, once this browser has proven it (else 401 WALLET_PROOF_REQUIRED). */
export async function provenWalletOrThrow(
  ctx: ServiceContext,
  cookies: string | null,
  wallet: string,
): Promise<string> {
  if (await isWalletProven(ctx, presentedWalletSessions(cookies), wallet)) return wallet;
  throw new AppError("WALLET_PROOF_REQUIRED", "Sign in with this wallet first (Sign In With Solana).");
}

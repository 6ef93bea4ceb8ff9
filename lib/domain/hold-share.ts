// Who holds a reservation, how much of a phase one holder may hold, and when a holder whose
// holds keep ending unsigned must wait. Pure.
//
// Prepare reserves supply before anything is paid, so the reservation is what a bot hoards:
// - The holder is the caller, not the wallet it names: a live or sandbox key is one holder, a
//   publishable key is one holder per client network, and the site's own pages are their
//   client network. A network is an IPv4 address or an IPv6 /64 (one home or one server gets
//   a whole /64, so a full IPv6 address would be a fresh holder per request).
// - One holder holds at most HOLD_SHARE_PERCENT of a phase's supply (never less than
//   HOLD_SHARE_MIN NFTs, so a small drop still sells a full transaction), whatever wallets it
//   names. An open edition has no share: holding it takes nothing from anyone.
// - A wallet whose holds ended unsigned HOLD_COOLDOWN_WALLET_HOLDS times, or a holder whose
//   unsigned holds add up to HOLD_COOLDOWN_SHARES shares, within HOLD_COOLDOWN_WINDOW_MS
//   waits until the oldest of those leaves the window: a hold cannot be rolled forever by
//   preparing again, or by signing in again.

import { clientNetwork } from "./client-network";

export const HOLD_SHARE_PERCENT = 10;
export const HOLD_SHARE_MIN = 10;
export const HOLD_COOLDOWN_WINDOW_MS = 30 * 60_000;
export const HOLD_COOLDOWN_WALLET_HOLDS = 5;
export const HOLD_COOLDOWN_SHARES = 3;

export type Holder = {
  /** `key:<id>`, `key:<id>:ip:<network>` or `ip:<network>`; stored on each session. */
  key: string;
  /** The caller proved control of the wallet it prepares for (Sign In With Solana). */
  walletProven: boolean;
  /** The caller must prove the wallet to prepare for it (the site's own pages, without a key). */
  proofRequired?: boolean;
};

export type HolderCaller = { kind: "first-party" } | { kind: "partner"; keyId: string; keyClass: string };

export function holderKeyOf(caller: HolderCaller, ip: string): string {
  const network = `ip:${clientNetwork(ip)}`;
  if (caller.kind === "first-party") return network;
  return caller.keyClass === "pub" ? `key:${caller.keyId}:${network}` : `key:${caller.keyId}`;
}

/** The most one holder may hold at once in a phase of this supply; null is no limit. */
export function holdShareOf(supply: number | null): number | null {
  if (supply === null) return null;
  return Math.max(HOLD_SHARE_MIN, Math.floor((supply * HOLD_SHARE_PERCENT) / 100));
}

/**
 * When a cooldown ends, or null for none: `endedAt` are the instants holds ended unsigned
 * (one per wallet hold, or one per NFT for a holder), `limit` how many the window allows.
 */
export function cooldownUntil(endedAt: readonly Date[], limit: number, now: Date): Date | null {
  const windowStart = now.getTime() - HOLD_COOLDOWN_WINDOW_MS;
  const inWindow = endedAt
    .map((d) => d.getTime())
    .filter((t) => t > windowStart)
    .sort((a, b) => b - a);
  if (inWindow.length < limit) return null;
  // The window allows `limit - 1` of them again once the limit-th most recent has left it.
  return new Date(inWindow[limit - 1]! + HOLD_COOLDOWN_WINDOW_MS);
}

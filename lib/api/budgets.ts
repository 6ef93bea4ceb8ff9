// Which budgets a request spends, and the one place a spent budget becomes a 429.
//
// In the order a request spends them:
// - every request, per client IP (RATE_LIMIT_READS_PER_MINUTE), before any database query;
// - reads that reach the chain, per client IP (RATE_LIMIT_CHAIN_READS_PER_MINUTE);
// - mint calls, per caller (RATE_LIMIT_MINTS_PER_MINUTE);
// - a route's own budgets, named in its wrapper options: claim-code checks (per IP, and per
//   caller on each drop), prepares (per caller, drop and wallet), faucet airdrops (per IP).
// "Per IP" means per client network everywhere: an IPv4 address, or an IPv6 /64
// (lib/domain/client-network.ts), since one subscriber holds a whole /64.
// The counters live in lib/rate-limit.ts (memory, or Redis shared by instances).
import { isIP } from "node:net";
import type { AuthContext } from "@/lib/auth/context";
import type { Config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { RateLimiter } from "@/lib/rate-limit";
import { clientNetwork } from "@/lib/domain/client-network";
import { REACTIONS_PER_NETWORK_PER_MINUTE, REACTIONS_PER_WALLET_PER_MINUTE } from "@/lib/domain/reactions";

const MINUTE_MS = 60_000;

export type Budget = {
  bucket: string;
  limit: number;
  windowMs?: number;
  /** The refusal's code: RATE_LIMITED unless the spec names another (COLLECTION_RATE_LIMITED). */
  code?: "RATE_LIMITED" | "COLLECTION_RATE_LIMITED";
  /** What ran out, for the sentence: "requests", "code checks", "airdrops"… */
  what?: string;
};

/**
 * Who is calling, for the budgets that must not be shared between callers: a secret or
 * sandbox key is one caller wherever it calls from; a publishable key ships in browser code,
 * so each client IP using it is a caller of its own (one abuser of a partner's page cannot
 * lock out that partner's other users); the site's own pages are their client IP.
 */
export type Caller = { budgetKey: string; ip: string };

export function callerOf(auth: AuthContext, ip: string): Caller {
  const network = clientNetwork(ip);
  if (auth.kind === "first-party") return { budgetKey: `ip:${network}`, ip };
  return { budgetKey: auth.keyClass === "pub" ? `key:${auth.keyId}:ip:${network}` : `key:${auth.keyId}`, ip };
}

/** One unit of each budget, in order; the first spent one answers 429 with Retry-After (seconds). */
export async function spendBudgets(limiter: RateLimiter, budgets: readonly Budget[]): Promise<void> {
  for (const budget of budgets) {
    const result = await limiter.consume(budget.bucket, budget.limit, budget.windowMs ?? MINUTE_MS);
    if (result.allowed) continue;
    const seconds = result.retryAfterSeconds;
    throw new AppError(
      budget.code ?? "RATE_LIMITED",
      `Too many ${budget.what ?? "requests"}. Retry in ${seconds} seconds.`,
      { extra: { retryAfter: seconds } },
    );
  }
}

type BudgetConfig = Pick<Config, "rateLimit" | "claimCodeChecks">;

/**
 * Step one of every request: the client IP's request budget, spent before the key, the drop
 * or anything else is looked up, so unknown keys, malformed keys and unknown drops cost a
 * unit like everything else and the database is asked only within it.
 */
export const requestBudget = (config: BudgetConfig, ip: string): Budget => ({
  bucket: `read:ip:${clientNetwork(ip)}`,
  limit: config.rateLimit.readsPerMinute,
});

/**
 * Reads that reach the chain (top-holders, eligibility and wallet-mints of gated phases, the
 * local balance) spend a smaller per-IP budget as well, so one address cannot use up the RPC
 * quota that prepare and execute need.
 */
export const chainReadBudget = (config: BudgetConfig, ip: string): Budget => ({
  bucket: `chain:ip:${clientNetwork(ip)}`,
  limit: config.rateLimit.chainReadsPerMinute,
});

/** Mint calls (prepare, execute, batch): the caller's mint budget. */
export const mintBudget = (config: BudgetConfig, caller: Caller): Budget => ({
  bucket: `mint:${caller.budgetKey}`,
  limit: config.rateLimit.mintsPerMinute,
});

/**
 * Claim-code checks, per client IP and per caller on each drop, so codes cannot be guessed
 * quickly from one address. Validate spends them, and so does every prepare that carries a
 * code: prepare is no way around them. The drop's budget is the caller's own (a key, or a
 * client network): one bucket shared by everyone was drained by a handful of addresses,
 * and then every code-carrying prepare of the drop got 429 during its rush. Guessing from
 * many addresses is answered by the codes themselves: a creator's code has at least
 * CREATOR_CLAIM_CODE_MIN_LENGTH characters (lib/domain/claim-code-format.ts).
 */
export const claimCodeCheckBudgets = (config: BudgetConfig, caller: Caller, collectionId: string): Budget[] => [
  {
    bucket: `claim-validate:ip:${clientNetwork(caller.ip)}`,
    limit: config.claimCodeChecks.perIpPerMinute,
    what: "code checks",
  },
  {
    bucket: `claim-validate:drop:${collectionId}:${caller.budgetKey}`,
    limit: config.claimCodeChecks.perDropPerMinute,
    what: "code checks",
  },
];

/** Prepares per (caller, drop, wallet) per minute before COLLECTION_RATE_LIMITED. */
export const PREPARES_PER_WALLET_PER_MINUTE = 10;

/** Keyed by caller and wallet, so a caller naming a victim's wallet never spends the victim's own budget. */
export const prepareBudget = (caller: Caller, collectionId: string, wallet: string): Budget => ({
  bucket: `prepare:${caller.budgetKey}:${collectionId}:${wallet}`,
  limit: PREPARES_PER_WALLET_PER_MINUTE,
  code: "COLLECTION_RATE_LIMITED",
  what: "prepares for this wallet on this drop from this caller",
});

/** Local-chain airdrops per client IP. */
export const AIRDROPS_PER_MINUTE = 20;
export const faucetBudget = (ip: string): Budget => ({
  bucket: `faucet:ip:${clientNetwork(ip)}`,
  limit: AIRDROPS_PER_MINUTE,
  what: "airdrops",
});

/**
 * The client's IP from `X-Forwarded-For`. Our server (scripts/serve.ts) appends the socket
 * address of every request, so the rightmost entry is the peer that connected to us; a
 * client cannot choose it. Behind N proxies of our own (TRUSTED_PROXY_HOPS=N) the client
 * is N entries further left. Plain `next start` only sets the header when it is absent,
 * which is why the site is served through scripts/serve.ts.
 */
export function clientIp(request: Request, trustedProxyHops = 0): string {
  return clientIpOf(request.headers.get("x-forwarded-for"), trustedProxyHops);
}

/** clientIp from the X-Forwarded-For value itself (for the server, before a Request exists). */
export function clientIpOf(forwardedFor: string | null | undefined, trustedProxyHops = 0): string {
  const hops = forwardedFor?.split(",") ?? [];
  const entry = hops[hops.length - 1 - trustedProxyHops]?.trim().replace(/^::ffff:/, "") ?? "";
  return isIP(entry) ? entry : "unknown";
}

/** Reactions per signed-in wallet and per client network (lib/domain/reactions.ts). */
export const reactionBudgets = (caller: Caller, wallet: string): Budget[] => [
  {
    bucket: `reaction:wallet:${wallet}`,
    limit: REACTIONS_PER_WALLET_PER_MINUTE,
    what: "reactions from this wallet",
  },
  {
    bucket: `reaction:ip:${clientNetwork(caller.ip)}`,
    limit: REACTIONS_PER_NETWORK_PER_MINUTE,
    what: "reactions from this network",
  },
];

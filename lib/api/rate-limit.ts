// Request budgets. Fixed windows: a bucket counts hits until its window ends. In memory
// for one instance; in Redis (one atomic script) when several instances share budgets.
//
// Budgets, in the order a request spends them: every request per client IP
// (RATE_LIMIT_READS_PER_MINUTE), before any database query; reads that reach the chain per
// client IP (RATE_LIMIT_CHAIN_READS_PER_MINUTE); mint calls per key, per key and client IP
// for publishable keys, or per IP for first-party callers (RATE_LIMIT_MINTS_PER_MINUTE).
//
// Redis outage: the Redis limiter logs and falls back to its own in-memory windows, so
// requests are never refused because Redis is down (fail open to per-instance limits);
// each instance still enforces the budget on what it sees.
import { isIP } from "node:net";
import { Redis } from "ioredis";
import type { Config } from "@/lib/config";
import { ApiError } from "./api-error";
import type { MintCaller } from "@/lib/services/mint/prepare";
import type { AuthContext } from "./auth";
import { logWarn } from "./log";

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export interface RateLimiter {
  consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close?(): Promise<void>;
}

export function createRateLimiter(config: Pick<Config, "redisUrl">): RateLimiter {
  return config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new MemoryRateLimiter();
}

type Window = { count: number; resetAt: number };

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Hard cap on live buckets; the oldest are dropped beyond it. */
    private readonly maxBuckets = 100_000,
  ) {}

  async consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(bucket);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.delete(bucket); // re-insert: Map order stays oldest-window-first
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return resultOf(window.count, limit, window.resetAt - now);
  }

  get size(): number {
    return this.windows.size;
  }

  // Bounded memory: expired windows go at most once a second, and never more than maxBuckets live.
  private sweep(now: number): void {
    if (now >= this.nextSweepAt) {
      this.nextSweepAt = now + 1000;
      for (const [bucket, window] of this.windows) if (window.resetAt <= now) this.windows.delete(bucket);
    }
    for (const bucket of this.windows.keys()) {
      if (this.windows.size < this.maxBuckets) break;
      this.windows.delete(bucket);
    }
  }
}

// INCR, start the window on the first hit, and report the count and the window's remaining ms.
const CONSUME_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private readonly fallback = new MemoryRateLimiter();
  private lastWarnAt = 0;

  constructor(url: string, private readonly keyPrefix = "dropmint:rl:") {
    // Fail fast instead of queueing while Redis is away: the fallback answers meanwhile.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, connectTimeout: 2000 });
    this.redis.on("error", (error: Error) => this.warn("Redis rate limiter unavailable", error));
  }

  async consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    try {
      const [count, ttl] = (await this.redis.eval(CONSUME_SCRIPT, 1, this.keyPrefix + bucket, windowMs)) as [number, number];
      return resultOf(count, limit, ttl);
    } catch (error) {
      this.warn("Redis rate limiter failed; using this instance's in-memory limits", error);
      return this.fallback.consume(bucket, limit, windowMs);
    }
  }

  /** Resolves once connected; rejects on the first connection error (start-up checks, tests). */
  ready(): Promise<void> {
    if (this.redis.status === "ready") return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.redis.once("ready", () => resolve());
      this.redis.once("error", reject);
    });
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private warn(message: string, error: unknown): void {
    if (Date.now() - this.lastWarnAt < 10_000) return;
    this.lastWarnAt = Date.now();
    logWarn(message, error);
  }
}

function resultOf(count: number, limit: number, msLeft: number): RateLimitResult {
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)) };
}

/**
 * The client's IP from `X-Forwarded-For`. Our server (scripts/serve.ts) appends the socket
 * address of every request, so the rightmost entry is the peer that connected to us; a
 * client cannot choose it. Behind N proxies of our own (TRUSTED_PROXY_HOPS=N) the client
 * is N entries further left. Plain `next start` only sets the header when it is absent,
 * which is why the site is served through scripts/serve.ts.
 */
export function clientIp(request: Request, trustedProxyHops = 0): string {
  const hops = request.headers.get("x-forwarded-for")?.split(",") ?? [];
  const entry = hops[hops.length - 1 - trustedProxyHops]?.trim().replace(/^::ffff:/, "") ?? "";
  return isIP(entry) ? entry : "unknown";
}

const MINUTE_MS = 60_000;

/**
 * Step one of every request: one unit of the client IP's request budget, spent before the
 * key, the drop or anything else is looked up, so unknown keys, malformed keys and unknown
 * drops cost a budget unit like everything else and the database is asked only within it.
 * Mint calls spend it too, then their own mint budget once the caller is known.
 */
export async function enforceRequestBudget(limiter: RateLimiter, config: Pick<Config, "rateLimit" | "trustedProxyHops">, request: Request): Promise<void> {
  await spend(limiter, `read:ip:${clientIp(request, config.trustedProxyHops)}`, config.rateLimit.readsPerMinute);
}

/**
 * Reads that reach the chain (top-holders, eligibility and wallet-mints of gated phases, the
 * local balance route) spend a smaller per-IP budget as well, so that one address cannot use
 * up the RPC quota that prepare and execute need.
 */
export async function enforceChainBudget(limiter: RateLimiter, config: Pick<Config, "rateLimit" | "trustedProxyHops">, request: Request): Promise<void> {
  await spend(limiter, `chain:ip:${clientIp(request, config.trustedProxyHops)}`, config.rateLimit.chainReadsPerMinute);
}

/**
 * The mint budget's bucket. A secret or sandbox key is one caller, wherever it calls from. A
 * publishable key ships in browser code, so each client IP using it has a budget of its own:
 * one abuser of a partner's page cannot lock out that partner's other users. The site's own
 * pages (first-party) are their client IP.
 */
export function mintBudgetBucket(request: Request, config: Pick<Config, "trustedProxyHops">, caller: AuthContext): string {
  return `mint:${mintCallerOf(request, caller, config).budgetKey}`;
}

/**
 * Who is calling a mint endpoint, for the mint budget and prepare's own budgets, which must
 * not be shared between callers: a secret or sandbox key is one caller; a publishable key
 * ships in browser code, so each client IP using it is its own caller; the site's own
 * pages are their IP.
 */
export function mintCallerOf(request: Request, auth: AuthContext, config: Pick<Config, "trustedProxyHops">): MintCaller {
  const ip = clientIp(request, config.trustedProxyHops);
  if (auth.kind === "first-party") return { budgetKey: `ip:${ip}`, ip };
  return { budgetKey: auth.keyClass === "pub" ? `key:${auth.keyId}:ip:${ip}` : `key:${auth.keyId}`, ip };
}

/** Mint calls (prepare, execute): one unit of the caller's mint budget; 429 when it is spent. */
export async function enforceMintBudget(
  limiter: RateLimiter,
  config: Pick<Config, "rateLimit" | "trustedProxyHops">,
  request: Request,
  caller: AuthContext,
): Promise<void> {
  await spend(limiter, mintBudgetBucket(request, config, caller), config.rateLimit.mintsPerMinute);
}

/** Consumes one unit of `bucket`; throws 429 RATE_LIMITED (Retry-After in seconds) when it is spent. */
async function spend(limiter: RateLimiter, bucket: string, limit: number): Promise<void> {
  const result = await limiter.consume(bucket, limit, MINUTE_MS);
  if (result.allowed) return;
  throw new ApiError("RATE_LIMITED", `Too many requests. Retry in ${result.retryAfterSeconds} seconds.`, {
    extra: { retryAfter: result.retryAfterSeconds },
    headers: { "Retry-After": String(result.retryAfterSeconds) },
  });
}

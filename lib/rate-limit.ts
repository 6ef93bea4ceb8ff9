// Budget counters: fixed windows, a bucket counts hits until its window ends. In memory
// for one instance; in Redis (one atomic script) when several instances share budgets.
// Which budgets a request spends, and the 429 it gets, are the HTTP layer's business
// (lib/api/budgets.ts); this module only counts.
//
// Redis outage: the Redis limiter logs and falls back to its own in-memory windows, so
// requests are never refused because Redis is down (fail open to per-instance limits);
// each instance still enforces the budget on what it sees.
import { Redis } from "ioredis";
import type { Config } from "@/lib/config";
import { createLogger } from "@/lib/log";

const log = createLogger("rate-limit");

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number };

export interface RateLimiter {
  consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  close?(): Promise<void>;
}

export function createRateLimiter(config: Pick<Config, "redisUrl">): RateLimiter {
  return config.redisUrl ? new RedisRateLimiter(config.redisUrl) : new MemoryRateLimiter();
}

type Window = { count: number; resetAt: number };

/**
 * Windows in two maps: `open` ones still allow hits, `spent` ones refuse (the count passed
 * the limit). Memory is bounded, and what goes first at the cap is an open window, oldest
 * first: dropping one gives its client a fresh window early, at most one window's worth of
 * extra hits. A spent window is dropped only when no open one is left, since dropping it
 * would let a refused client straight back in, and a flood of new buckets (random wallets,
 * random paths) is exactly how an attacker would try to get that.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly open = new Map<string, Window>();
  private readonly spent = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(
    private readonly now: () => number = Date.now,
    /** Hard cap on live buckets (open and spent together). */
    private readonly maxBuckets = 100_000,
  ) {}

  async consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    this.sweep(now);
    let window = this.spent.get(bucket) ?? this.open.get(bucket);
    if (!window || window.resetAt <= now) {
      this.spent.delete(bucket);
      this.open.delete(bucket); // re-insert: Map order stays oldest-window-first
      this.makeRoom();
      window = { count: 0, resetAt: now + windowMs };
      this.open.set(bucket, window);
    }
    window.count += 1;
    if (window.count > limit && this.open.delete(bucket)) this.spent.set(bucket, window);
    return resultOf(window.count, limit, window.resetAt - now);
  }

  get size(): number {
    return this.open.size + this.spent.size;
  }

  // Expired windows go at most once a second.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + 1000;
    for (const windows of [this.open, this.spent])
      for (const [bucket, window] of windows) if (window.resetAt <= now) windows.delete(bucket);
  }

  // Never more than maxBuckets live: open windows go first, oldest first.
  private makeRoom(): void {
    while (this.size >= this.maxBuckets) {
      const victims = this.open.size > 0 ? this.open : this.spent;
      victims.delete(victims.keys().next().value!);
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

  constructor(
    url: string,
    private readonly keyPrefix = "dropmint:rl:",
  ) {
    // Fail fast instead of queueing while Redis is away: the fallback answers meanwhile.
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 500,
      connectTimeout: 2000,
    });
    this.redis.on("error", (error: Error) => this.warn("Redis rate limiter unavailable", error));
  }

  async consume(bucket: string, limit: number, windowMs: number): Promise<RateLimitResult> {
    try {
      const [count, ttl] = (await this.redis.eval(CONSUME_SCRIPT, 1, this.keyPrefix + bucket, windowMs)) as [
        number,
        number,
      ];
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
    log.warn(message, error);
  }
}

function resultOf(count: number, limit: number, msLeft: number): RateLimitResult {
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
  };
}

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

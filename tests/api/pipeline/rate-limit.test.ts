// Budgets through the pipeline (in memory), and the Redis limiter against the real Redis
// at redis://127.0.0.1:6379 (skipped when it is not reachable). No database is needed:
// first-party calls to a route naming no drop never read the key store.
import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { callerOf, mintBudget, spendBudgets } from "@/lib/api/budgets";
import { createRateLimiter, MemoryRateLimiter, RedisRateLimiter } from "@/lib/rate-limit";
import { v1Route } from "@/lib/api/v1-route";
import { install, invoke, makeRuntime, request, rootRoute, SITE_ORIGIN, testConfig, unusableDatabase } from "./harness";

const REDIS_URL = "redis://127.0.0.1:6379";
// A Prisma client on a closed pool: proves these requests never touch the key store.
const noDatabase = await unusableDatabase();

const mintRoute = v1Route({ scope: "none", kind: "mint", response: z.object({}) }, () => ({}));
const read = (ip: string) => invoke(rootRoute, request("/", { origin: SITE_ORIGIN, ip }));
const mint = (ip: string) =>
  invoke(mintRoute, request("/prepare-mint", { origin: SITE_ORIGIN, ip }, { method: "POST" }));

function expectRateLimited(result: Awaited<ReturnType<typeof read>>) {
  expect(result.status).toBe(429);
  const retryAfter = result.headers.get("retry-after");
  expect(retryAfter).toMatch(/^\d+$/); // whole seconds, never a millisecond timestamp
  expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(retryAfter)).toBeLessThanOrEqual(60);
  expect(result.body).toEqual({
    success: false,
    error: `Too many requests. Retry in ${retryAfter} seconds.`,
    code: "RATE_LIMITED",
    retryAfter: Number(retryAfter),
  });
}

describe("in-memory budgets through the pipeline", () => {
  it("reads: per IP per minute, then 429 RATE_LIMITED with Retry-After in seconds", async () => {
    install(makeRuntime(noDatabase, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "3" })));
    for (let i = 0; i < 3; i++) expect((await read("203.0.113.1")).status).toBe(200);
    expectRateLimited(await read("203.0.113.1"));
    // Another client is unaffected; a spoofed first X-Forwarded-For entry does not help.
    expect((await read("203.0.113.2")).status).toBe(200);
    expectRateLimited(await read("198.51.100.99, 203.0.113.1"));
  });

  it("mints: a separate, smaller budget (first-party: per IP)", async () => {
    install(
      makeRuntime(noDatabase, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "100", RATE_LIMIT_MINTS_PER_MINUTE: "2" })),
    );
    expect((await mint("203.0.113.5")).status).toBe(200);
    expect((await mint("203.0.113.5")).status).toBe(200);
    expectRateLimited(await mint("203.0.113.5"));
    expect((await read("203.0.113.5")).status).toBe(200);
    expect((await mint("203.0.113.6")).status).toBe(200);
  });

  it("mints with a key: one budget per secret or sandbox key whatever the IP; per key and IP for a publishable key", async () => {
    const limiter = new MemoryRateLimiter();
    const config = {
      rateLimit: { readsPerMinute: 100, mintsPerMinute: 2, chainReadsPerMinute: 100 },
      claimCodeChecks: { perIpPerMinute: 20, perDropPerMinute: 300 },
    };
    const key = (keyId: string, keyClass: "pub" | "live" | "test") => ({
      kind: "partner" as const,
      keyId,
      keyClass,
      allCollections: true,
      collections: [],
    });
    type Auth = ReturnType<typeof key>;
    const enforceMintBudget = (ip: string, auth: Auth) =>
      spendBudgets(limiter, [mintBudget(config, callerOf(auth, ip))]);
    for (const keyClass of ["live", "test"] as const) {
      const caller = key(`key-${keyClass}`, keyClass);
      await enforceMintBudget("203.0.113.7", caller);
      await enforceMintBudget("203.0.113.8", caller);
      await expect(enforceMintBudget("203.0.113.9", caller)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    }
    await expect(enforceMintBudget("203.0.113.9", key("key-b", "live"))).resolves.toBeUndefined();
    const pub = key("key-pub", "pub");
    await enforceMintBudget("203.0.113.7", pub);
    await enforceMintBudget("203.0.113.7", pub);
    await expect(enforceMintBudget("203.0.113.7", pub)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await expect(enforceMintBudget("203.0.113.8", pub)).resolves.toBeUndefined();
  });

  it("createRateLimiter keeps budgets in memory without REDIS_URL", () => {
    expect(createRateLimiter(testConfig())).toBeInstanceOf(MemoryRateLimiter);
  });
});

async function reachable(url: string): Promise<boolean> {
  const probe = new RedisRateLimiter(url);
  try {
    await Promise.race([
      probe.ready(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 1000)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    await probe.close();
  }
}

const redisUp = await reachable(REDIS_URL);

describe.skipIf(!redisUp)("Redis limiter (real Redis)", () => {
  const limiters: RedisRateLimiter[] = [];
  const open = async () => {
    const limiter = new RedisRateLimiter(REDIS_URL);
    limiters.push(limiter);
    await limiter.ready();
    return limiter;
  };
  afterAll(async () => {
    await Promise.all(limiters.map((limiter) => limiter.close()));
  });

  it("two instances share one budget", async () => {
    const [a, b] = [await open(), await open()];
    const bucket = `test:${randomUUID()}`;
    const results = [];
    for (const limiter of [a, b, a, b, a]) results.push(await limiter.consume(bucket, 4, 60_000));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, true, false]);
    expect(results.map((result) => result.remaining)).toEqual([3, 2, 1, 0, 0]);
    expect(results[4]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(results[4]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("opens a new window when the old one expires", async () => {
    const limiter = await open();
    const bucket = `test:${randomUUID()}`;
    expect((await limiter.consume(bucket, 1, 300)).allowed).toBe(true);
    expect((await limiter.consume(bucket, 1, 300)).allowed).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await limiter.consume(bucket, 1, 300)).allowed).toBe(true);
  });

  it("is what createRateLimiter picks with REDIS_URL, and enforces budgets through the pipeline", async () => {
    const config = testConfig({ REDIS_URL, RATE_LIMIT_READS_PER_MINUTE: "2" });
    const limiter = createRateLimiter(config);
    expect(limiter).toBeInstanceOf(RedisRateLimiter);
    limiters.push(limiter as RedisRateLimiter);
    await (limiter as RedisRateLimiter).ready();
    install(makeRuntime(noDatabase, config, limiter));
    const ip = `10.${randomInt()}.${randomInt()}.${randomInt()}`;
    expect((await read(ip)).status).toBe(200);
    expect((await read(ip)).status).toBe(200);
    expectRateLimited(await read(ip));
  });
});

describe("Redis outage", () => {
  it("falls back to per-instance limits instead of refusing or throwing", async () => {
    const limiter = new RedisRateLimiter("redis://127.0.0.1:1");
    try {
      const started = Date.now();
      expect(await limiter.consume("outage", 1, 60_000)).toMatchObject({ allowed: true });
      expect(await limiter.consume("outage", 1, 60_000)).toMatchObject({ allowed: false });
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await limiter.close();
    }
  });
});

function randomInt(): number {
  return Math.floor(Math.random() * 250) + 1;
}

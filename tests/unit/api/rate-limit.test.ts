import { describe, expect, it } from "vitest";
import { clientIp } from "@/lib/api/budgets";
import { MemoryRateLimiter } from "@/lib/rate-limit";

function clock(start = 1_000_000) {
  const state = { now: start };
  return { now: () => state.now, advance: (ms: number) => void (state.now += ms) };
}

describe("MemoryRateLimiter", () => {
  it("allows `limit` hits per window, then refuses with Retry-After in whole seconds", async () => {
    const time = clock();
    const limiter = new MemoryRateLimiter(time.now);
    for (let i = 1; i <= 3; i++)
      expect(await limiter.consume("a", 3, 60_000)).toEqual({ allowed: true, remaining: 3 - i, retryAfterSeconds: 60 });
    time.advance(20_500);
    expect(await limiter.consume("a", 3, 60_000)).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 40 });
  });

  it("opens a fresh window when the old one ends", async () => {
    const time = clock();
    const limiter = new MemoryRateLimiter(time.now);
    await limiter.consume("a", 1, 1_000);
    expect((await limiter.consume("a", 1, 1_000)).allowed).toBe(false);
    time.advance(1_000);
    expect(await limiter.consume("a", 1, 1_000)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 1 });
  });

  it("rounds Retry-After up and never below one second", async () => {
    const time = clock();
    const limiter = new MemoryRateLimiter(time.now);
    await limiter.consume("a", 1, 60_000);
    time.advance(59_999);
    expect(await limiter.consume("a", 1, 60_000)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
  });

  it("keeps buckets apart", async () => {
    const limiter = new MemoryRateLimiter(clock().now);
    await limiter.consume("a", 1, 60_000);
    expect((await limiter.consume("a", 1, 60_000)).allowed).toBe(false);
    expect((await limiter.consume("b", 1, 60_000)).allowed).toBe(true);
  });

  it("evicts expired buckets and stays under its cap", async () => {
    const time = clock();
    const limiter = new MemoryRateLimiter(time.now, 50);
    for (let i = 0; i < 40; i++) await limiter.consume(`ip-${i}`, 5, 1_000);
    expect(limiter.size).toBe(40);
    time.advance(1_000);
    await limiter.consume("fresh", 5, 1_000);
    expect(limiter.size).toBe(1);
    for (let i = 0; i < 500; i++) await limiter.consume(`flood-${i}`, 5, 60_000);
    expect(limiter.size).toBeLessThanOrEqual(50);
  });
});

describe("clientIp", () => {
  const request = (headers: Record<string, string>) => new Request("http://localhost/api/v1", { headers });
  it.each([
    [{ "x-forwarded-for": "203.0.113.9" }, "203.0.113.9"],
    [{ "x-forwarded-for": "1.2.3.4, 198.51.100.7" }, "198.51.100.7"], // a client-sent first entry is ignored
    [{ "x-forwarded-for": "spoofed, 2001:db8::1" }, "2001:db8::1"],
    [{ "x-forwarded-for": "::ffff:127.0.0.1" }, "127.0.0.1"],
    [{ "x-forwarded-for": "not-an-ip" }, "unknown"],
    [{ "x-forwarded-for": "x".repeat(10_000) }, "unknown"],
    [{}, "unknown"],
  ])("%j → %s", (headers, expected) => {
    expect(clientIp(request(headers))).toBe(expected);
  });
});

describe("clientIp behind our own proxies", () => {
  it("skips TRUSTED_PROXY_HOPS entries from the right", () => {
    const req = new Request("http://x/", { headers: { "x-forwarded-for": "198.51.100.9, 203.0.113.1, 10.0.0.2" } });
    expect(clientIp(req, 0)).toBe("10.0.0.2");
    expect(clientIp(req, 1)).toBe("203.0.113.1");
    expect(clientIp(req, 2)).toBe("198.51.100.9");
    expect(clientIp(req, 3)).toBe("unknown");
  });
});

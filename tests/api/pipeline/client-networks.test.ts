// Rate-limit keys an attacker cannot spread or evict (issue 21 item 6): an IPv6 /64 is one
// client for every per-IP budget; a drop's claim-code checks are counted per caller, so a
// handful of addresses cannot drain one bucket that every collector of the drop shares; a
// flood of new buckets does not evict the ones that are refusing. No database is needed:
// first-party calls to a route naming no drop never read the key store.
import { afterAll, describe, expect, it } from "vitest";
import { callerOf, claimCodeCheckBudgets, spendBudgets } from "@/lib/api/budgets";
import { MemoryRateLimiter } from "@/lib/rate-limit";
import { FIRST_PARTY } from "@/lib/auth/context";
import { install, invoke, makeRuntime, request, rootRoute, SITE_ORIGIN, testConfig, unusableDatabase } from "./harness";

const noDatabase = await unusableDatabase();
const read = (ip: string) => invoke(rootRoute, request("/", { origin: SITE_ORIGIN, ip }));

describe("per-IP budgets key IPv6 by its /64", () => {
  const runtime = install(makeRuntime(noDatabase, testConfig({ RATE_LIMIT_READS_PER_MINUTE: "3" })));
  afterAll(() => runtime.close());

  it("addresses of one /64 share one read budget; the next /64 has its own", async () => {
    for (const host of ["1", "2", "3"]) expect((await read(`2001:db8:aa:1::${host}`)).status).toBe(200);
    expect((await read("2001:db8:aa:1:ffff:ffff:ffff:4")).status).toBe(429);
    expect((await read("2001:0db8:00aa:0001::5")).status).toBe(429); // another spelling of the same /64
    expect((await read("2001:db8:aa:2::1")).status).toBe(200);
  });
});

describe("a drop's claim-code checks", () => {
  const config = testConfig({ CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "5", CLAIM_CODE_CHECKS_PER_DROP_PER_MINUTE: "10" });
  const drop = "3c8e4b9e-6a70-4cf2-9b51-1a0e9e7c2f11";
  const check = (limiter: MemoryRateLimiter, ip: string) =>
    spendBudgets(limiter, claimCodeCheckBudgets(config, callerOf(FIRST_PARTY, ip), drop)).then(
      () => "allowed",
      (error: { code?: string }) => error.code,
    );

  it("a few addresses spending their whole budget leave every other collector's checks alone", async () => {
    const limiter = new MemoryRateLimiter();
    // Each attacker address spends all it may; together they pass the old per-drop figure.
    for (const attacker of ["198.51.100.1", "198.51.100.2", "198.51.100.3"])
      for (let i = 0; i < 5; i++) expect(await check(limiter, attacker)).toBe("allowed");
    expect(await check(limiter, "198.51.100.1")).toBe("RATE_LIMITED");
    expect(await check(limiter, "203.0.113.9")).toBe("allowed");
  });
});

describe("the in-memory limiter at its bucket cap", () => {
  it("keeps a refusing bucket while a flood of new buckets evicts others", async () => {
    const limiter = new MemoryRateLimiter(Date.now, 100);
    expect((await limiter.consume("attacker", 1, 60_000)).allowed).toBe(true);
    expect((await limiter.consume("attacker", 1, 60_000)).allowed).toBe(false);
    for (let i = 0; i < 500; i++) await limiter.consume(`flood:${i}`, 10, 60_000);
    expect(limiter.size).toBeLessThanOrEqual(100);
    expect((await limiter.consume("attacker", 1, 60_000)).allowed).toBe(false);
  });
});

// Top holders are computed at most once per HOLDERS_CACHE_SECONDS per drop, concurrent
// requests share one computation, and chain-backed reads spend their own per-IP budget. On
// PGlite and (when reachable) PostgreSQL, with the seeded demo drops and the real embedded
// chain behind a wrapper that only counts (and, for concurrency, holds) its calls.
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryRateLimiter } from "@/lib/rate-limit";
import { openEmbeddedChain, type Chain } from "@/lib/chain";
import { topHoldersResponseSchema } from "@/lib/schemas/leaderboards";
import { installRuntime, type Runtime } from "@/lib/server/runtime";
import { fixedClock } from "@/lib/services/context";
import { getTopHolders, HOLDERS_UNAVAILABLE } from "@/lib/services/leaderboards";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

/** The real chain, counting every call by method; `hold()` makes getMintOwners wait until released. */
function countingChain(chain: Chain) {
  const calls = new Map<string, number>();
  let gate: Promise<void> | null = null;
  let release = () => {};
  const wrapped = new Proxy(chain, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        calls.set(String(property), (calls.get(String(property)) ?? 0) + 1);
        if (property === "getMintOwners" && gate) await gate;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    chain: wrapped,
    count: (method: string) => calls.get(method) ?? 0,
    total: () => [...calls.values()].reduce((sum, n) => sum + n, 0),
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const firstParty = (ip: string) => ({ headers: { origin: TEST_SITE_ORIGIN, "x-forwarded-for": ip } });

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`holders cache and chain budget on ${target.name}`, () => {
    let app: TestApp;
    let spritesId: string;
    /** Installs the app with `changes`, and a fresh in-memory limiter; returns the runtime. */
    const install = (changes: Partial<Runtime> = {}, chainReadsPerMinute = 100_000): Runtime => {
      const config = { ...app.runtime.config, rateLimit: { ...app.runtime.config.rateLimit, chainReadsPerMinute } };
      const runtime = { ...app.runtime, config, rateLimiter: new MemoryRateLimiter(), ...changes };
      installRuntime(runtime);
      return runtime;
    };

    beforeAll(async () => {
      app = await startTestApp(target); // HOLDERS_CACHE_SECONDS: the default
      spritesId = (await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } }))
        .id;
    });
    afterAll(() => app?.close());

    it("the default interval is 30 seconds", () => {
      expect(app.runtime.config.holdersCacheSeconds).toBe(30);
    });

    it("N concurrent top-holders requests cause one computation, and the interval reuses it", async () => {
      const counting = countingChain(app.runtime.chain);
      install({ chain: counting.chain });
      // Resolve the drop once first, so the concurrent requests below differ only in the holders step.
      expect((await callJson("GET", "/api/v1/collections/sprites/top-minters", firstParty(freshIp()))).status).toBe(
        200,
      );

      counting.hold();
      const N = 12;
      const pending = Array.from({ length: N }, () =>
        callJson("GET", "/api/v1/collections/sprites/top-holders", firstParty(freshIp())),
      );
      await vi.waitFor(() => expect(counting.count("getMintOwners")).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 100)); // let every request reach the holders step
      counting.release();
      const results = await Promise.all(pending);

      expect(results.map((result) => result.status)).toEqual(Array(N).fill(200));
      const board = topHoldersResponseSchema.strict().parse(results[0]!.body);
      expect(board.total).toBe(4);
      for (const result of results) expect(result.body).toEqual(board);
      expect(counting.count("getMintOwners")).toBe(1);
      expect(counting.total()).toBe(1); // no other chain call either

      // Later requests within the interval reuse the board: still one computation.
      for (let i = 0; i < 5; i++)
        expect((await callJson("GET", "/api/v1/collections/sprites/top-holders", firstParty(freshIp()))).body).toEqual(
          board,
        );
      expect(counting.count("getMintOwners")).toBe(1);
    });

    it("computes again once the interval has passed (service clock)", async () => {
      const counting = countingChain(app.runtime.chain);
      const db = app.runtime.database.prisma;
      // HOLDERS_CACHE_SECONDS is the default 30 (the first test checks it).
      const at = (now: number, collectionId = spritesId) =>
        getTopHolders(app.context({ chain: counting.chain, clock: fixedClock(now) }), collectionId);
      const t0 = 1_700_000_000_000;
      const first = await at(t0);
      expect(await at(t0 + 29_999)).toEqual(first);
      expect(counting.count("getMintOwners")).toBe(1);
      expect(await at(t0 + 30_000)).toEqual(first);
      expect(counting.count("getMintOwners")).toBe(2);
      // Each drop has its own board.
      const aurora = (await db.collection.findUniqueOrThrow({ where: { shortId: "aurora" } })).id;
      await at(t0 + 30_001, aurora);
      expect(counting.count("getMintOwners")).toBe(3);
    });

    it("a board the chain could not be read for is never reused", async () => {
      const closed = await openEmbeddedChain({
        dir: path.join(app.runtime.config.dataDir, "closed-chain-cache"),
        cluster: "localnet",
      });
      await closed.close();
      const counting = countingChain(closed);
      const at = (now: number) =>
        getTopHolders(app.context({ chain: counting.chain, clock: fixedClock(now) }), spritesId);
      expect(await at(1)).toEqual({ topHolders: [], total: 0, error: HOLDERS_UNAVAILABLE });
      expect(await at(2)).toEqual({ topHolders: [], total: 0, error: HOLDERS_UNAVAILABLE });
      expect(counting.count("getMintOwners")).toBe(2);
    });

    describe("the chain budget (3 per minute per IP here)", () => {
      const get = (url: string, ip: string) => callJson("GET", url, firstParty(ip));
      const expect429 = (result: Awaited<ReturnType<typeof get>>) =>
        expect([result.status, result.body?.code]).toEqual([429, "RATE_LIMITED"]);
      let phases: { gated: string; ungated: string };
      beforeAll(async () => {
        const rows = await app.runtime.database.prisma.phase.findMany({
          where: { collectionId: spritesId },
          include: { gateRules: true },
        });
        phases = {
          gated: rows.find((p) => p.isGated && p.gateRules.length > 0)!.id,
          ungated: rows.find((p) => !p.isGated)!.id,
        };
      });

      it("top-holders answers 429 after the figure, cached board or not; other reads and other IPs go on", async () => {
        install({}, 3);
        const ip = freshIp();
        for (let i = 0; i < 3; i++) expect((await get("/api/v1/collections/sprites/top-holders", ip)).status).toBe(200);
        const refused = await get("/api/v1/collections/sprites/top-holders", ip);
        expect429(refused);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
        // Reads that do not reach the chain, and mint calls, are not held back by it.
        expect((await get("/api/v1/collections/sprites/top-minters", ip)).status).toBe(200);
        expect((await get("/api/v1/collections/sprites", ip)).status).toBe(200);
        const prepare = await callJson("POST", "/api/v1/prepare-mint", { ...firstParty(ip), body: {} });
        expect([prepare.status, prepare.body?.code]).toEqual([400, "INVALID_REQUEST"]);
        expect((await get("/api/v1/collections/sprites/top-holders", freshIp())).status).toBe(200);
      });

      it("eligibility and wallet-mints spend it when they read holdings from the chain, and only then", async () => {
        install({}, 3);
        const ip = freshIp();
        const [first, second, third, fourth] = Array.from({ length: 4 }, () => Keypair.generate().publicKey.toBase58());
        const gated = (wallet: string) => `/api/v1/collections/sprites/eligibility/${phases.gated}/${wallet}`;
        const ungated = `/api/v1/collections/sprites/eligibility/${phases.ungated}/${first}`;
        for (let i = 0; i < 5; i++) expect((await get(ungated, ip)).status).toBe(200); // no chain read: no chain budget
        expect((await get(gated(first!), ip)).status).toBe(200);
        // The same wallet again within HOLDINGS_MAX_AGE_MS: its holdings come from the instance's cache, not the chain.
        expect((await get(gated(first!), ip)).status).toBe(200);
        expect((await get(gated(second!), ip)).status).toBe(200);
        expect((await get(`/api/v1/collections/sprites/wallet-mints/${third}`, ip)).status).toBe(200);
        expect429(await get(gated(fourth!), ip));
        expect429(await get(`/api/v1/collections/sprites/wallet-mints/${fourth}`, ip));
        expect((await get(gated(first!), ip)).status).toBe(200); // still cached
        expect((await get(ungated, ip)).status).toBe(200);
      });

      it("the local balance route spends it on every request", async () => {
        install({}, 3);
        const ip = freshIp();
        const wallet = Keypair.generate().publicKey.toBase58();
        for (let i = 0; i < 3; i++)
          expect((await get(`/api/localnet/balance/${wallet}`, ip)).body).toEqual({
            success: true,
            address: wallet,
            lamports: 0,
          });
        expect429(await get(`/api/localnet/balance/${wallet}`, ip));
        expect((await get(`/api/localnet/balance/${wallet}`, freshIp())).status).toBe(200);
      });
    });
  });
}

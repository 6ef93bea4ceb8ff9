// GET /token-prices against a stub CoinGecko-compatible provider on loopback: prices from the
// provider and the static table, the server-side cache, and failures that answer price 0 /
// "unavailable" instead of an error. PGlite and PostgreSQL (only the key check touches the database).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { installRuntime } from "@/lib/server/runtime";
import { tokenPricesResponseSchema } from "@/lib/schemas/token-prices";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { startPriceProviderStub, unreachableUrl, type PriceProviderStub } from "../helpers/price-provider-stub";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`token prices API on ${target.name}`, () => {
    let app: TestApp;
    let stub: PriceProviderStub;
    let scopedKey: string;
    let providerEnv: Record<string, string>;

    /** Installs a copy of the runtime with other price settings (a fresh price book). */
    const withPriceEnv = (overrides: Record<string, string>) => {
      const config = parseConfig({
        DATA_DIR: app.runtime.config.dataDir,
        PUBLIC_URL: TEST_SITE_ORIGIN,
        LOG_LEVEL: "silent",
        RATE_LIMIT_READS_PER_MINUTE: "100000",
        ...providerEnv,
        ...overrides,
      });
      installRuntime({ ...app.runtime, config });
    };
    const prices = async (key = scopedKey) => {
      const response = await callJson("GET", "/api/v1/token-prices", { headers: { "x-api-key": key } });
      expect(response.status).toBe(200);
      return tokenPricesResponseSchema.strict().parse(response.body);
    };

    beforeAll(async () => {
      stub = await startPriceProviderStub({ solana: 150.25, bonk: 0.0000213, "usd-coin": 0.9998 });
      providerEnv = {
        TOKEN_PRICE_PROVIDER_URL: stub.url,
        TOKEN_PRICE_PROVIDER_IDS: JSON.stringify({ sol: "solana", BONK: "bonk", JUP: "jupiter", USDC: "usd-coin" }),
        STATIC_TOKEN_PRICES: JSON.stringify({ USDC: 1, eurc: 1.08 }),
      };
      app = await startTestApp(target, { seed: false, env: providerEnv });
      await app.runtime.database.prisma.collection.create({
        data: { shortId: "solo", chain: "solana-localnet", treasuryAddress: "11111111111111111111111111111111" },
      });
      scopedKey = await app.createKey({ keyClass: "live", collections: ["solo"] });
    });
    // Every test starts from a fresh price book and a provider that answers and was never asked.
    beforeEach(() => {
      stub.mode = "ok";
      stub.requests.length = 0;
      withPriceEnv({});
    });
    afterAll(async () => {
      installRuntime(app.runtime);
      await stub?.close();
      await app?.close();
    });

    it("prices from the provider and the static table, each with its source", async () => {
      const before = Date.now();
      const body = await prices();
      expect(body).toEqual({
        success: true,
        prices: { USDC: 1, EURC: 1.08, SOL: 150.25, BONK: 0.0000213, JUP: 0 },
        sources: { USDC: "static", EURC: "static", SOL: "coingecko", BONK: "coingecko", JUP: "unavailable" },
        // The v1 shape keeps 0 for an unavailable price; `reasons` says why, for exactly those symbols.
        reasons: { JUP: "The price source (coingecko) has no usable price for JUP." },
        timestamp: expect.any(Number),
        cacheTTL: 60,
      });
      expect(body.timestamp).toBeGreaterThanOrEqual(before);
      expect(body.timestamp).toBeLessThanOrEqual(Date.now());
      // Pinned symbols are never asked of the provider.
      expect(stub.requests).toEqual(["/api/v3/simple/price?ids=solana%2Cbonk%2Cjupiter&vs_currencies=usd"]);
    });

    it("serves one snapshot for cacheTTL seconds: the provider is asked once", async () => {
      const first = await prices();
      const second = await prices(await app.createKey({ keyClass: "live", collections: "all" }));
      expect(second).toEqual(first);
      expect(stub.requests).toHaveLength(1);
    });

    it("asks again once the snapshot is older than its TTL", async () => {
      // Within the TTL, the snapshot is kept (tests/unit/prices/price-book.test.ts, on a clock of its own).
      withPriceEnv({ TOKEN_PRICE_CACHE_SECONDS: "1" });
      const first = await prices();
      expect(first.cacheTTL).toBe(1);
      const asked = stub.requests.length;
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const later = await prices();
      expect(stub.requests.length).toBe(asked + 1);
      expect(later.timestamp).toBeGreaterThan(first.timestamp);
    });

    it("answers price 0, 'unavailable' and the reason when the provider fails, never an error", async () => {
      const unavailable = { USDC: 1, EURC: 1.08, SOL: 0, BONK: 0, JUP: 0 };
      const sources = { USDC: "static", EURC: "static", SOL: "unavailable", BONK: "unavailable", JUP: "unavailable" };
      const failed =
        "The price source (coingecko) could not be reached or gave no usable answer; it is asked again within 60 seconds.";
      const reasons = { SOL: failed, BONK: failed, JUP: failed };
      for (const mode of ["error", "junk"] as const) {
        stub.mode = mode;
        withPriceEnv({});
        expect(await prices()).toMatchObject({ prices: unavailable, sources, reasons });
      }
      stub.mode = "ok";
      withPriceEnv({ TOKEN_PRICE_PROVIDER_URL: await unreachableUrl() });
      expect(await prices()).toMatchObject({ prices: unavailable, sources, reasons });
      // Switched off (offline): the provider's symbols are listed as unavailable, each with its reason.
      withPriceEnv({ TOKEN_PRICE_PROVIDER_URL: "none", STATIC_TOKEN_PRICES: "" });
      const offline = await prices();
      expect(offline).toMatchObject({
        prices: { SOL: 0, BONK: 0, JUP: 0, USDC: 0 },
        sources: { SOL: "unavailable", USDC: "unavailable" },
      });
      expect(offline.reasons.USDC).toBe("No price provider is configured on this server, so USDC has no price.");
      // Exactly the unavailable symbols carry a reason, and each of them has price 0.
      for (const body of [offline, await prices()]) {
        const unavailableSymbols = Object.keys(body.sources).filter((s) => body.sources[s] === "unavailable");
        expect(Object.keys(body.reasons).sort()).toEqual(unavailableSymbols.sort());
        for (const symbol of unavailableSymbols) expect(body.prices[symbol]).toBe(0);
      }
    });

    it("the site's own /api/public/token-prices answers the same snapshot, reasons included", async () => {
      withPriceEnv({ TOKEN_PRICE_PROVIDER_URL: "none" });
      const v1 = await prices();
      const site = await callJson("GET", "/api/public/token-prices", { headers: { origin: TEST_SITE_ORIGIN } });
      expect(site.status).toBe(200);
      const body = tokenPricesResponseSchema.strict().parse(site.body);
      expect(body).toEqual({ ...v1, timestamp: body.timestamp });
      expect(body.reasons.SOL).toMatch(/No price provider is configured/);
      expect(body.sources.SOL).toBe("unavailable");
    });

    it("needs no collection scope, but still a key (or the site's own origin)", async () => {
      const sandbox = await app.createKey({ keyClass: "test", collections: ["solo"] });
      expect((await prices(sandbox)).success).toBe(true);
      expect((await callJson("GET", "/api/v1/token-prices", { headers: { origin: TEST_SITE_ORIGIN } })).status).toBe(
        200,
      );
      const anonymous = await callJson("GET", "/api/v1/token-prices");
      expect([anonymous.status, errorBodySchema.parse(anonymous.body).code]).toEqual([401, "API_KEY_REQUIRED"]);
      const post = await callJson("POST", "/api/v1/token-prices", { headers: { "x-api-key": scopedKey }, body: {} });
      expect([post.status, post.body!.code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
    });

    it("refuses bad price settings at start-up, naming the variable", () => {
      expect(() => parseConfig({ STATIC_TOKEN_PRICES: '{"SOL": -1}' })).toThrow(/STATIC_TOKEN_PRICES/);
      expect(() => parseConfig({ TOKEN_PRICE_PROVIDER_IDS: "solana" })).toThrow(/TOKEN_PRICE_PROVIDER_IDS/);
      expect(() => parseConfig({ TOKEN_PRICE_PROVIDER_URL: "ftp://prices" })).toThrow(/TOKEN_PRICE_PROVIDER_URL/);
    });
  });
}

// First-party discovery (/api/public): platform-capabilities, token-prices, the five feeds,
// the collection list and collection search, against the seeded demo drops (sprites,
// aurora and packs live with an active phase; nightfall coming soon) plus fixtures made
// here. Shapes through the response schemas in strict mode; pagination and limits. PGlite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/db/generated/client";
import {
  collectionListResponseSchema,
  featuredResponseSchema,
  liveMintsResponseSchema,
  recentSoldoutsResponseSchema,
  searchCollectionsResponseSchema,
  trendingResponseSchema,
  upcomingMintsResponseSchema,
} from "@/lib/schemas/discovery";
import { platformCapabilitiesResponseSchema } from "@/lib/schemas/platform-capabilities";
import { tokenPricesResponseSchema } from "@/lib/schemas/token-prices";
import { errorBodySchema } from "../../helpers/error-body";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { installRuntime } from "@/lib/server/runtime";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";

const site = { origin: TEST_SITE_ORIGIN };
const get = (path: string) => callJson("GET", `/api/public/${path}`, { headers: site });
const DAY = 86_400_000;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`first-party discovery on ${target.name}`, () => {
    let app: TestApp;
    let prisma: PrismaClient;

    beforeAll(async () => {
      app = await startTestApp(target);
      prisma = app.runtime.database.prisma;
      const now = Date.now();
      const treasury = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
      // An ended drop that sold out (1 of 1 minted an hour ago), and 25 ended drops on devnet for paging.
      const soldOut = await prisma.collection.create({
        data: {
          shortId: "tiny-sold",
          name: "Tiny Sold",
          symbol: "TINY",
          chain: "solana-localnet",
          treasuryAddress: treasury,
          totalSupply: 1,
          phases: { create: { name: "Only", startDate: new Date(now - 2 * DAY), endDate: new Date(now - DAY) } },
        },
      });
      await prisma.nft.create({
        data: {
          collectionId: soldOut.id,
          tokenId: 1,
          name: "Tiny #1",
          status: "minted",
          mintedAt: new Date(now - 3_600_000),
          mintAddress: "TinyMint1111111111111111111111111111",
        },
      });
      await prisma.collection.createMany({
        data: Array.from({ length: 25 }, (_, i) => ({
          shortId: `page-${String(i).padStart(2, "0")}`,
          name: `Paging Drop ${i}`,
          symbol: "PGD",
          chain: "solana-devnet",
          treasuryAddress: treasury,
          totalSupply: 10,
        })),
      });
    });
    afterAll(() => app?.close());

    it("platform-capabilities: the cluster's chain and the optional features", async () => {
      const { status, body } = await get("platform-capabilities");
      expect(status).toBe(200);
      const parsed = platformCapabilitiesResponseSchema.strict().parse(body);
      expect(parsed.chains).toEqual([{ name: "solana-localnet", cluster: "localnet", isProduction: false }]);
      expect(parsed.features).toMatchObject({ claimCodes: true, faucet: true, collectionSearch: true });
      // The running configuration (test-app.ts sets these budgets), not constants.
      const { config } = app.runtime;
      expect(parsed.limits).toEqual({
        readsPerMinute: 100_000,
        mintsPerMinute: config.rateLimit.mintsPerMinute,
        chainReadsPerMinute: 100_000,
        sessionTtlSeconds: config.sessionTtlSeconds,
        platformFeeLamports: Number(config.platformFeeLamports),
      });
      expect(parsed.features.peggedPricing).toBe(parsed.priceSource !== "none");
    });

    it("platform-capabilities follows the configuration: no price source, no pegged pricing; another budget, another limit", async () => {
      const other = await startTestApp(target, {
        seed: false,
        env: { TOKEN_PRICE_PROVIDER_URL: "none", STATIC_TOKEN_PRICES: "{}", RATE_LIMIT_READS_PER_MINUTE: "77" },
      });
      try {
        const parsed = platformCapabilitiesResponseSchema.strict().parse((await get("platform-capabilities")).body);
        expect(parsed.priceSource).toBe("none");
        expect(parsed.features.peggedPricing).toBe(false);
        expect(parsed.limits.readsPerMinute).toBe(77);
      } finally {
        await other.close();
        installRuntime(app.runtime); // the other app replaced it for the route handlers
      }
    });

    it("token-prices: the v1 snapshot shape", async () => {
      const { status, body } = await get("token-prices");
      expect(status).toBe(200);
      tokenPricesResponseSchema.strict().parse(body);
    });

    it("featured: only drops the operator flagged", async () => {
      const { status, body } = await get("featured");
      expect(status).toBe(200);
      const parsed = featuredResponseSchema.strict().parse(body);
      expect(parsed.collections.map((c) => c.shortId).sort()).toEqual(["aurora", "sprites"]);
      expect(parsed).toMatchObject({ total: 2, limit: 20, offset: 0, hasMore: false });
    });

    it("live-mints: published drops with a phase active now and supply left (not sold-out lastlight)", async () => {
      const { status, body } = await get("live-mints");
      expect(status).toBe(200);
      const parsed = liveMintsResponseSchema.strict().parse(body);
      expect(parsed.mints.map((c) => c.shortId).sort()).toEqual([
        "aurora",
        "doves",
        "lanterns",
        "letters",
        "packs",
        "relics",
        "shells",
        "sprites",
        "tapes",
      ]);
      expect(parsed.mints.every((c) => c.status === "active" && c.launchStatus === "live")).toBe(true);
    });

    it("upcoming-mints: the pre-launch drop, with no price", async () => {
      const { body } = await get("upcoming-mints");
      const parsed = upcomingMintsResponseSchema.strict().parse(body);
      expect(parsed.mints.map((c) => c.shortId)).toEqual(["nightfall"]);
      expect(parsed.mints[0]).toMatchObject({ launchStatus: "coming_soon", status: "upcoming", price: null });
    });

    it("trending: ranked by mints in the last 24 hours, type mints_24h", async () => {
      const { status, body } = await get("trending");
      expect(status).toBe(200);
      const parsed = trendingResponseSchema.strict().parse(body);
      expect(parsed.type).toBe("mints_24h");
      expect(parsed.windowHours).toBe(24);
      // sprites 12 demo mints in the window, lastlight 8, relics 5, then doves and aurora 4 each, letters 3, tapes 2.
      expect(parsed.collections.map((c) => c.shortId).slice(0, 3)).toEqual(["sprites", "lastlight", "relics"]);
      expect(parsed.collections.map((c) => c.shortId).sort()).toEqual([
        "aurora",
        "doves",
        "lastlight",
        "letters",
        "relics",
        "sprites",
        "tapes",
      ]);
      const counts = parsed.collections.map((c) => c.windowMints);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const second = trendingResponseSchema.strict().parse((await get("trending?limit=1&offset=1")).body);
      expect(second.collections.map((c) => c.shortId)).toEqual(["lastlight"]);
      expect(second).toMatchObject({ total: 7, limit: 1, offset: 1, hasMore: true });
    });

    it("recent-soldouts: no success member, the sold-out drop with its sell-out time", async () => {
      const { status, body } = await get("recent-soldouts");
      expect(status).toBe(200);
      expect(body).not.toHaveProperty("success");
      const parsed = recentSoldoutsResponseSchema.strict().parse(body);
      // The demo's sold-out drop sold out 3 hours before the start; this suite's tiny drop more recently.
      expect(parsed.collections.map((c) => c.shortId)).toEqual(["tiny-sold", "lastlight"]);
      expect(parsed.collections[0]!.stats).toMatchObject({ totalSupply: 1, mintedCount: 1, percentMinted: 100 });
      expect(parsed.collections[1]!.stats).toMatchObject({ totalSupply: 8, mintedCount: 8, percentMinted: 100 });
      expect(Date.now() - Date.parse(parsed.collections[0]!.soldOutAt)).toBeGreaterThan(3_000_000);
    });

    it("collections: default 20, max 100, offset pages, blockchain and status filters", async () => {
      const first = collectionListResponseSchema.strict().parse((await get("collections")).body);
      expect(first.collections).toHaveLength(20);
      expect(first).toMatchObject({ total: 37, limit: 20, offset: 0, hasMore: true });
      const rest = collectionListResponseSchema.strict().parse((await get("collections?offset=20&limit=100")).body);
      expect(rest.collections).toHaveLength(17);
      expect(new Set([...first.collections, ...rest.collections].map((c) => c.id)).size).toBe(37);

      const devnet = collectionListResponseSchema
        .strict()
        .parse((await get("collections?blockchain=solana-devnet&limit=5")).body);
      expect(devnet).toMatchObject({ total: 25, limit: 5 });
      expect((await get("collections?blockchain=solana")).body!.total).toBe(37);
      expect((await get("collections?blockchain=ethereum")).body!.total).toBe(0);

      const active = collectionListResponseSchema.strict().parse((await get("collections?status=active")).body);
      expect(active.collections.map((c) => c.shortId).sort()).toEqual([
        "aurora",
        "doves",
        "lanterns",
        "letters",
        "packs",
        "relics",
        "shells",
        "sprites",
        "tapes",
      ]);
      const upcoming = collectionListResponseSchema.strict().parse((await get("collections?status=upcoming")).body);
      expect(upcoming.collections.map((c) => c.shortId)).toEqual(["nightfall"]);
      const ended = collectionListResponseSchema.strict().parse((await get("collections?status=ended&limit=100")).body);
      // tiny-sold (phase over), lastlight (sold out in its active phase) and the 25 drops without phases
      expect(ended.total).toBe(27);
      expect(ended.collections.every((c) => c.status === "ended")).toBe(true);
    });

    it.each([
      "featured",
      "live-mints",
      "trending",
      "upcoming-mints",
      "recent-soldouts",
      "collections",
      "collections/search?q=sp&",
    ])(
      "%s caps a limit above 100 (served as 100), and refuses a limit below 1, not a number, or a bad offset with 400 INVALID_REQUEST",
      async (path) => {
        const sep = path.includes("?") ? "" : "?";
        for (const query of ["limit=0", "limit=abc", "limit=2.5", "offset=-1"]) {
          const { status, body } = await get(`${path}${sep}${query}`);
          expect([status, errorBodySchema.parse(body).code], `${path} ${query}`).toEqual([400, "INVALID_REQUEST"]);
        }
        for (const limit of [100, 101, 5000]) {
          const { status, body } = await get(`${path}${sep}limit=${limit}`);
          expect([status, (body as { limit?: number }).limit], `${path} limit=${limit}`).toEqual([200, 100]);
        }
      },
    );

    it("collections: an unknown status is a 400", async () => {
      const { status, body } = await get("collections?status=live");
      expect([status, errorBodySchema.parse(body).code]).toEqual([400, "INVALID_REQUEST"]);
    });

    it("search: case-insensitive on name, symbol and short ID, snake_case items, published drops only", async () => {
      const byName = searchCollectionsResponseSchema.strict().parse((await get("collections/search?q=SOLSTICE")).body);
      expect(byName.collections).toEqual([
        expect.objectContaining({
          short_id: "sprites",
          name: "Solstice Sprites",
          symbol: "SPRT",
          total_supply: 100,
          minted_count: 12,
          blockchain_network: "solana-localnet",
          is_verified: true,
        }),
      ]);
      expect(byName.collections[0]!.image).toBe(`${TEST_SITE_ORIGIN}/art/sprites/cover.svg`);
      const bySymbol = searchCollectionsResponseSchema.strict().parse((await get("collections/search?q=aur")).body);
      expect(bySymbol.collections.map((c) => c.short_id)).toEqual(["aurora"]);
      const byShortId = searchCollectionsResponseSchema.strict().parse((await get("collections/search?q=PAGE-0")).body);
      expect(byShortId.collections).toHaveLength(10);
      // The pre-launch drop is not searchable; wildcards are literal.
      expect((await get("collections/search?q=nightfall")).body!.collections).toEqual([]);
      expect((await get("collections/search?q=%25%25")).body!.collections).toEqual([]);
      expect((await get("collections/search?q=__")).body!.collections).toEqual([]);
    });

    it("search: pages default 20, at most 100", async () => {
      const first = searchCollectionsResponseSchema.strict().parse((await get("collections/search?q=paging")).body);
      expect(first.collections).toHaveLength(20);
      expect(first).toMatchObject({ limit: 20, offset: 0, hasMore: true });
      expect(first.collections.map((c) => c.name)).toEqual([...first.collections.map((c) => c.name)].sort());
      const second = searchCollectionsResponseSchema
        .strict()
        .parse((await get("collections/search?q=paging&offset=20")).body);
      expect(second.collections).toHaveLength(5);
      expect(second.hasMore).toBe(false);
      expect(new Set([...first.collections, ...second.collections].map((c) => c.id)).size).toBe(25);
      const exact = searchCollectionsResponseSchema
        .strict()
        .parse((await get("collections/search?q=paging&offset=5&limit=20")).body);
      expect(exact.hasMore).toBe(false);
      expect(exact.collections).toHaveLength(20);
    });

    it("search: q needs at least 2 characters (after trimming)", async () => {
      for (const q of ["", "a", "%20a%20"]) {
        const { status, body } = await get(`collections/search?q=${q}`);
        expect([status, errorBodySchema.parse(body).code], q).toEqual([400, "INVALID_REQUEST"]);
      }
      const { status, body } = await get("collections/search");
      expect([status, errorBodySchema.parse(body).code]).toEqual([400, "INVALID_REQUEST"]);
    });
  });
}

// GET /phases/{phaseId}/dutch-price and /pegged-price. The demo drops have neither model, so
// this suite makes its own drops, phases and landed mints with Prisma; pegged quotes price
// from a stub provider on loopback. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import type { PrismaClient, Prisma } from "@/lib/db/generated/client";
import { installRuntime } from "@/lib/server/runtime";
import { dutchPriceResponseSchema } from "@/lib/schemas/dutch-price";
import { nativePeggedPriceSchema, usdPeggedPriceSchema } from "@/lib/schemas/pegged-price";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { startPriceProviderStub, type PriceProviderStub } from "../helpers/price-provider-stub";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const MIN = 60_000;
const TREASURY = "11111111111111111111111111111111";
const BUYER = "So11111111111111111111111111111111111111112";
// Base 1 SOL, −0.1 per quiet 10 minutes down to 0.4, +0.5 while 3+ mints land in 30 minutes, at most 1.6.
const DUTCH = {
  basePrice: "1000000000",
  floorPrice: "400000000",
  ceilingPrice: "1600000000",
  decayAmount: "100000000",
  decayIntervalMinutes: 10,
  surgePremium: "500000000",
  surgeThreshold: 3,
  surgeWindowMinutes: 30,
};
const DUTCH_SETTINGS = {
  basePrice: 1,
  floorPrice: 0.4,
  ceilingPrice: 1.6,
  decayAmount: 0.1,
  decayIntervalMinutes: 10,
  surgePremium: 0.5,
  surgeThreshold: 3,
  surgeWindowMinutes: 30,
};

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`phase price API on ${target.name}`, () => {
    let app: TestApp;
    let prisma: PrismaClient;
    let stub: PriceProviderStub;
    let keys: { all: string; alpha: string; beta: string };
    const phases: Record<string, string> = {};
    let providerEnv: Record<string, string>;
    const now = Date.now();
    const ago = (minutes: number) => new Date(now - minutes * MIN);

    const get = (path: string, key = keys.all) =>
      callJson("GET", `/api/v1/phases/${path}`, { headers: { "x-api-key": key } });
    const dutch = async (name: string) => {
      const { status, body } = await get(`${phases[name]}/dutch-price`);
      expect(status).toBe(200);
      return dutchPriceResponseSchema.strict().parse(body);
    };

    beforeAll(async () => {
      stub = await startPriceProviderStub({ solana: 150 });
      providerEnv = {
        TOKEN_PRICE_PROVIDER_URL: stub.url,
        TOKEN_PRICE_PROVIDER_IDS: '{"SOL":"solana","JUP":"jupiter"}',
        STATIC_TOKEN_PRICES: '{"USDC":1}',
      };
      app = await startTestApp(target, { seed: false, env: providerEnv });
      prisma = app.runtime.database.prisma;
      const drop = (shortId: string) =>
        prisma.collection.create({ data: { shortId, chain: "solana-localnet", treasuryAddress: TREASURY } });
      const alpha = await drop("alpha");
      const beta = await drop("beta");
      keys = {
        all: await app.createKey({ keyClass: "live", collections: "all" }),
        alpha: await app.createKey({ keyClass: "live", collections: ["alpha"] }),
        beta: await app.createKey({ keyClass: "live", collections: ["beta"] }),
      };
      const phase = async (
        name: string,
        data: Omit<Prisma.PhaseUncheckedCreateInput, "collectionId">,
        collectionId = alpha.id,
      ) => (phases[name] = (await prisma.phase.create({ data: { collectionId, name, ...data } })).id);
      await phase("quiet", { priceModel: "dutch", dutchConfig: DUTCH, startDate: ago(65) });
      await phase("surging", { priceModel: "dutch", dutchConfig: DUTCH, startDate: ago(120) });
      await phase("fresh", { priceModel: "dutch", dutchConfig: DUTCH, startDate: ago(-60) });
      await phase("floored", { priceModel: "dutch", dutchConfig: DUTCH, startDate: ago(600), endDate: ago(60) });
      await phase("badDutch", { priceModel: "dutch", dutchConfig: { ...DUTCH, floorPrice: "2000000000" } });
      await phase("usd", {
        priceModel: "pegged",
        pegConfig: { pegMode: "usd", target: 30, validitySeconds: 45, slippageTolerance: 0.01 },
      });
      await phase("native", {
        priceModel: "pegged",
        currency: "USDC",
        currencyDecimals: 6,
        pegConfig: { pegMode: "native", target: 0.5 },
      });
      await phase("unpriced", {
        priceModel: "pegged",
        pegConfig: { pegMode: "usd", target: 5, tokenSymbol: "JUP", tokenDecimals: 6 },
      });
      await phase("badPeg", { priceModel: "pegged", pegConfig: { pegMode: "eur", target: 5 } });
      await phase("fixed", { priceModel: "fixed", price: 100_000_000n });
      await phase("betaDutch", { priceModel: "dutch", dutchConfig: DUTCH, startDate: ago(5) }, beta.id);

      // Landed mints: quiet has 3 (one in the 30-minute window), surging 4 in the window
      // (plus a BOGO bonus that does not count as demand), floored one long ago.
      const mint = async (phaseName: string, minutesAgo: number, kind: "paid" | "bogo_bonus" = "paid") => {
        const nft = await prisma.nft.create({ data: { collectionId: alpha.id, status: "minted" } });
        await prisma.mint.create({
          data: {
            collectionId: alpha.id,
            phaseId: phases[phaseName]!,
            nftId: nft.id,
            walletAddress: BUYER,
            kind,
            mintedAt: ago(minutesAgo),
          },
        });
      };
      for (const m of [55, 45, 25]) await mint("quiet", m);
      for (const m of [28, 20, 12, 5]) await mint("surging", m);
      await mint("surging", 5, "bogo_bonus");
      await mint("floored", 590);
    });
    afterAll(async () => {
      installRuntime(app.runtime);
      await stub?.close();
      await app?.close();
    });

    it("shows the same live prices as the collection's priceDisplay", async () => {
      const { body } = await callJson("GET", "/api/v1/collections/alpha", { headers: { "x-api-key": keys.all } });
      const display = Object.fromEntries(
        (body!.phases.all as Array<{ name: string; priceDisplay: unknown }>).map((p) => [p.name, p.priceDisplay]),
      );
      // The dutch auction's live figure, as /dutch-price answers it.
      expect(display.quiet).toEqual({ kind: "amount", amount: 0.8, currency: "SOL", isFree: false });
      // 30 USD at 150 USD/SOL = 0.2 SOL, approximate because it follows the token price.
      expect(display.usd).toEqual({ kind: "amount", amount: 0.2, currency: "SOL", isFree: false, approximate: true });
      // Broken auction settings never show a price.
      expect(display.badDutch).toEqual({ kind: "unknown" });
    });

    describe("dutch price", () => {
      it("decays per quiet interval since the last mint", async () => {
        const body = await dutch("quiet");
        expect(body).toEqual({
          success: true,
          price: 0.8, // 25 minutes since the last mint: two 10-minute steps
          basePrice: 1,
          surgePremium: 0,
          decayAmount: 0.2,
          isSurging: false,
          mintsInWindow: 1,
          totalMints: 3,
          surgeThreshold: 3,
          floorPrice: 0.4,
          ceilingPrice: 1.6,
          surgeWindowMinutes: 30,
          startedAt: ago(65).toISOString(),
          lastMintAt: ago(25).toISOString(),
          config: DUTCH_SETTINGS,
          timestamp: expect.any(Number),
          currency: "SOL",
        });
        expect(body.timestamp).toBeGreaterThanOrEqual(now);
      });

      it("adds the surge premium while the window reaches the threshold (bonus mints excluded)", async () => {
        expect(await dutch("surging")).toMatchObject({
          price: 1.5,
          basePrice: 1,
          decayAmount: 0,
          surgePremium: 0.5,
          isSurging: true,
          mintsInWindow: 4,
          totalMints: 4,
        });
      });

      it("holds the base price before the start, and an ended auction's price at its end, at the floor", async () => {
        expect(await dutch("fresh")).toMatchObject({
          price: 1,
          decayAmount: 0,
          totalMints: 0,
          lastMintAt: null,
          startedAt: ago(-60).toISOString(),
        });
        // Ended 60 minutes ago, 530 quiet minutes after its only mint: 53 steps, clamped at 0.4.
        expect(await dutch("floored")).toMatchObject({
          price: 0.4,
          decayAmount: 0.6,
          mintsInWindow: 0,
          totalMints: 1,
          isSurging: false,
        });
      });

      it("answers 409 PHASE_NOT_DUTCH for another price model or broken settings", async () => {
        for (const name of ["fixed", "usd", "badDutch"]) {
          const { status, body } = await get(`${phases[name]}/dutch-price`);
          expect([name, status, errorBodySchema.parse(body).code]).toEqual([name, 409, "PHASE_NOT_DUTCH"]);
        }
      });
    });

    describe("pegged price", () => {
      it("usd mode: the SOL amount worth the USD target, valid for validitySeconds", async () => {
        const before = Date.now();
        const { status, body } = await get(`${phases.usd}/pegged-price`, keys.alpha);
        expect(status).toBe(200);
        const quote = usdPeggedPriceSchema.strict().parse(body);
        expect(quote).toEqual({
          success: true,
          phaseId: phases.usd,
          pegMode: "usd",
          usdEquivalent: 30,
          tokenAmount: 0.2,
          tokenSymbol: "SOL",
          tokenDecimals: 9,
          tokenPrice: 150,
          usdValue: 30,
          slippageTolerance: 0.01,
          source: "coingecko",
          isStale: false,
          quotedAt: expect.any(Number),
          expiresAt: quote.quotedAt + 45_000,
          validitySeconds: 45,
        });
        expect(quote.quotedAt).toBeGreaterThanOrEqual(before);
      });

      it("native mode: worth 0.5 SOL, paid in the phase currency (USDC)", async () => {
        const { status, body } = await get(`${phases.native}/pegged-price`);
        expect(status).toBe(200);
        expect(nativePeggedPriceSchema.strict().parse(body)).toMatchObject({
          pegMode: "native",
          nativeEquivalent: 0.5,
          nativePrice: 150,
          tokenAmount: 75,
          tokenSymbol: "USDC",
          tokenDecimals: 6,
          tokenPrice: 1,
          usdValue: 75,
          slippageTolerance: 0.02,
          source: "static+coingecko",
          validitySeconds: 60,
        });
      });

      it("answers 409 PHASE_NOT_PEGGED for another model or broken settings, 503 PRICE_UNAVAILABLE without a price", async () => {
        for (const name of ["fixed", "quiet", "badPeg"]) {
          const { status, body } = await get(`${phases[name]}/pegged-price`);
          expect([name, status, errorBodySchema.parse(body).code]).toEqual([name, 409, "PHASE_NOT_PEGGED"]);
        }
        const { status, body } = await get(`${phases.unpriced}/pegged-price`);
        expect([status, errorBodySchema.parse(body).code]).toEqual([503, "PRICE_UNAVAILABLE"]);
      });

      it("flags a quote stale when the provider fails after its TTL and only the last good price is left", async () => {
        const config = parseConfig({
          DATA_DIR: app.runtime.config.dataDir,
          PUBLIC_URL: TEST_SITE_ORIGIN,
          LOG_LEVEL: "silent",
          ...providerEnv,
          TOKEN_PRICE_CACHE_SECONDS: "1",
        });
        installRuntime({ ...app.runtime, config });
        try {
          expect((await get(`${phases.usd}/pegged-price`)).body).toMatchObject({ isStale: false, tokenPrice: 150 });
          stub.mode = "error";
          await new Promise((resolve) => setTimeout(resolve, 1100));
          const stale = await get(`${phases.usd}/pegged-price`);
          expect(stale.status).toBe(200);
          expect(stale.body).toMatchObject({ isStale: true, tokenPrice: 150, tokenAmount: 0.2, source: "coingecko" });
          // The display endpoint reports the same moment as unavailable.
          expect(
            (await callJson("GET", "/api/v1/token-prices", { headers: { "x-api-key": keys.all } })).body,
          ).toMatchObject({
            prices: { SOL: 0 },
            sources: { SOL: "unavailable" },
          });
        } finally {
          stub.mode = "ok";
          installRuntime(app.runtime);
        }
      });
    });

    describe("scope and input edges", () => {
      it("are scoped through the phase's own drop", async () => {
        for (const endpoint of ["dutch-price", "pegged-price"]) {
          const phaseOfAlpha = endpoint === "dutch-price" ? phases.quiet : phases.usd;
          expect((await get(`${phaseOfAlpha}/${endpoint}`, keys.alpha)).status).toBe(200);
          const foreign = await get(`${phaseOfAlpha}/${endpoint}`, keys.beta);
          const unknownScoped = await get(`00000000-0000-4000-8000-000000000000/${endpoint}`, keys.beta);
          expect([foreign.status, errorBodySchema.parse(foreign.body).code]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
          expect(unknownScoped.text).toBe(foreign.text); // an unknown phase looks the same to a scoped key
          const unknown = await get(`00000000-0000-4000-8000-000000000000/${endpoint}`);
          expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "PHASE_NOT_FOUND"]);
          for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-00000000000g", "%20"]) {
            const response = await get(`${bad}/${endpoint}`);
            expect([bad, response.status, errorBodySchema.parse(response.body).code]).toEqual([
              bad,
              400,
              "INVALID_REQUEST",
            ]);
          }
        }
        expect((await get(`${phases.betaDutch}/dutch-price`, keys.beta)).body).toMatchObject({
          price: 1,
          totalMints: 0,
        });
        // Upper-case UUIDs name the same phase.
        expect((await get(`${phases.quiet!.toUpperCase()}/dutch-price`)).body).toMatchObject({ price: 0.8 });
      });

      it("accept GET only", async () => {
        const { status, body } = await callJson("POST", `/api/v1/phases/${phases.quiet}/dutch-price`, {
          headers: { "x-api-key": keys.all },
          body: {},
        });
        expect([status, body!.code]).toEqual([405, "METHOD_NOT_ALLOWED"]);
      });
    });
  });
}

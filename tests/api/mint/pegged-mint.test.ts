// A USD-pegged phase at prepare-mint: the live quote is charged (0.2 SOL for 30 USD at 150 USD
// per SOL, from a static price), and a buyer who sends the quote it saw is charged the live
// one only within the quote's slippage tolerance; beyond it, 409 PRICE_MOVED and nothing held.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { installRuntime } from "@/lib/server/runtime";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { usdPeggedPriceSchema } from "@/lib/schemas/pegged-price";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startPriceProviderStub } from "../../helpers/price-provider-stub";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a pegged phase at prepare-mint on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;

    const prepare = (walletAddress: string, extra: Record<string, unknown> = {}) =>
      callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: { collectionId: drop.collectionId, phaseId: drop.phaseId, walletAddress, quantity: 1, ...extra },
      });

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false, env: { STATIC_TOKEN_PRICES: '{"SOL":150}' } });
      drop = await createFixtureDrop(app, { shortId: "fixture-pegged", price: 0n, supply: 5 });
      await app.runtime.database.prisma.phase.update({
        where: { id: drop.phaseId },
        data: { priceModel: "pegged", pegConfig: { pegMode: "usd", target: 30, slippageTolerance: 0.02 } },
      });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-pegged"] });
    });
    afterAll(() => app?.close());

    it("charges the live quote, the one GET pegged-price answers, and the chain takes exactly that", async () => {
      const quote = usdPeggedPriceSchema.parse(
        (await callJson("GET", `/api/v1/phases/${drop.phaseId}/pegged-price`, { headers: { "x-api-key": key } })).body,
      );
      expect(quote).toMatchObject({ tokenAmount: 0.2, slippageTolerance: 0.02 });
      const wallet = await fundedWallet(app);
      const response = await prepare(wallet.publicKey.toBase58(), { quotedTokenAmount: quote.tokenAmount });
      expect(response.status, response.text).toBe(200);
      const body = preparedMintResponseSchema.parse(response.body);
      expect(body.pricing).toMatchObject({ priceModel: "pegged", unitPriceRaw: 200_000_000, subtotalRaw: 200_000_000 });

      const before = await app.runtime.chain.getBalance(drop.treasury);
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
        },
      });
      expect(executeMintResultSchema.parse(executed.body).minted).toBe(1);
      expect((await app.runtime.chain.getBalance(drop.treasury)) - before).toBe(200_000_000n);
    });

    it("accepts a quote the live price exceeds by less than the slippage tolerance, and charges the live price", async () => {
      // 0.197 × 1.02 = 0.20094 ≥ 0.2: within tolerance.
      const wallet = await fundedWallet(app);
      const response = await prepare(wallet.publicKey.toBase58(), { quotedTokenAmount: 0.197 });
      expect(response.status, response.text).toBe(200);
      expect(preparedMintResponseSchema.parse(response.body).pricing.unitPriceRaw).toBe(200_000_000);
    });

    it("refuses with PRICE_MOVED when the live price exceeds the quote by more than its tolerance, and holds nothing", async () => {
      // 0.19 × 1.02 = 0.1938 < 0.2.
      const wallet = await fundedWallet(app);
      const response = await prepare(wallet.publicKey.toBase58(), { quotedTokenAmount: 0.19 });
      expect(response.status).toBe(409);
      expect(errorBodySchema.parse(response.body)).toMatchObject({
        code: "PRICE_MOVED",
        tokenAmount: 0.2,
        quotedTokenAmount: 0.19,
        slippageTolerance: 0.02,
      });
      expect(
        await app.runtime.database.prisma.mintSession.count({ where: { walletAddress: wallet.publicKey.toBase58() } }),
      ).toBe(0);
    });

    it("refuses with PRICE_STALE when only a price older than the cache lifetime is left, and holds nothing", async () => {
      const stub = await startPriceProviderStub({ solana: 150 });
      const config = parseConfig({
        DATA_DIR: app.runtime.config.dataDir,
        PUBLIC_URL: TEST_SITE_ORIGIN,
        LOG_LEVEL: "silent",
        TOKEN_PRICE_PROVIDER_URL: stub.url,
        TOKEN_PRICE_PROVIDER_IDS: '{"SOL":"solana"}',
        TOKEN_PRICE_CACHE_SECONDS: "1",
      });
      installRuntime({ ...app.runtime, config });
      try {
        const fresh = await fundedWallet(app);
        const live = await prepare(fresh.publicKey.toBase58());
        expect(live.status, live.text).toBe(200);
        stub.mode = "error";
        await new Promise((resolve) => setTimeout(resolve, 1100));
        // The quote endpoint still shows the last good price, flagged stale; prepare never charges it.
        const quote = await callJson("GET", `/api/v1/phases/${drop.phaseId}/pegged-price`, {
          headers: { "x-api-key": key },
        });
        expect(quote.body).toMatchObject({ isStale: true, tokenAmount: 0.2 });
        const wallet = await fundedWallet(app);
        for (const extra of [{}, { quotedTokenAmount: 0.2 }]) {
          const stale = await prepare(wallet.publicKey.toBase58(), extra);
          expect([stale.status, errorBodySchema.parse(stale.body).code], JSON.stringify(extra)).toEqual([
            503,
            "PRICE_STALE",
          ]);
        }
        expect(
          await app.runtime.database.prisma.mintSession.count({
            where: { walletAddress: wallet.publicKey.toBase58() },
          }),
        ).toBe(0);
      } finally {
        installRuntime(app.runtime);
        await stub.close();
      }
    });

    it("charges the live quote when no quote is sent, and refuses a malformed one", async () => {
      const wallet = await fundedWallet(app);
      const plain = await prepare(wallet.publicKey.toBase58());
      expect(plain.status, plain.text).toBe(200);
      expect(preparedMintResponseSchema.parse(plain.body).pricing.unitPriceRaw).toBe(200_000_000);
      for (const quotedTokenAmount of [-1, 0, "0.2"]) {
        const refused = await prepare(wallet.publicKey.toBase58(), { quotedTokenAmount });
        expect([refused.status, errorBodySchema.parse(refused.body).code], String(quotedTokenAmount)).toEqual([
          400,
          "INVALID_REQUEST",
        ]);
      }
    });
  });
}

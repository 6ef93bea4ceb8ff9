// The demo's stablecoin drop (issue 22, item 1): `shells` is priced in the local chain's test
// stablecoin (DUSD), minted on the embedded chain at seed. A collector takes DUSD from the
// localnet-only faucet, mints a shell with it, and the creator's token account receives the
// price; the faucet does not exist on any other cluster.
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { installRuntime } from "@/lib/server/runtime";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { collectionResponseSchema } from "@/lib/schemas/collection";
import { stablecoinBalanceResponseSchema, stablecoinFaucetResponseSchema } from "@/lib/schemas/faucet";
import { databaseTargets } from "../helpers/databases";
import { errorBodySchema } from "../helpers/error-body";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { fundedWallet, signPrepared } from "./mint/fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the stablecoin demo drop and its faucet on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    beforeAll(async () => {
      app = await startTestApp(target);
      key = await app.createKey({ keyClass: "live", collections: ["shells"] });
    });
    afterAll(() => app?.close());

    it("hands out DUSD on localnet, then a shell is minted with it and its price lands in the creator's token account", async () => {
      const wallet = await fundedWallet(app);
      const address = wallet.publicKey.toBase58();
      const before = stablecoinBalanceResponseSchema.parse(
        (await callJson("GET", `/api/localnet/balance/${address}/stablecoin`)).body,
      );
      expect(before).toMatchObject({ symbol: "DUSD", decimals: 6, amountRaw: 0 });
      const dropped = await callJson("POST", "/api/localnet/faucet/stablecoin", { body: { address, amount: 20 } });
      expect(dropped.status, dropped.text).toBe(200);
      expect(stablecoinFaucetResponseSchema.parse(dropped.body)).toMatchObject({ amount: 20, amountRaw: 20_000_000 });

      const view = collectionResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/shells", { headers: { "x-api-key": key } })).body,
      );
      expect(view.capabilities.supportedBySurface).toBe(true);
      const phase = view.phases.active[0]!;
      expect(phase.priceDisplay).toMatchObject({ kind: "amount", amount: 5, currency: "DUSD" });

      const prepared = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: { collectionId: view.collection.id, phaseId: phase.id, walletAddress: address, quantity: 1 },
      });
      expect(prepared.status, prepared.text).toBe(200);
      const body = preparedMintResponseSchema.parse(prepared.body);
      expect(body.pricing).toMatchObject({ currency: "DUSD", currencyMint: before.mint, unitPriceRaw: 5_000_000 });
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
        },
      });
      expect(executed.status, executed.text).toBe(200);
      expect(executeMintResultSchema.parse(executed.body)).toMatchObject({
        minted: 1,
        currency: "DUSD",
        totalCost: 5.05,
      });

      const treasury = (
        await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "shells" } })
      ).treasuryAddress;
      const creator = stablecoinBalanceResponseSchema.parse(
        (await callJson("GET", `/api/localnet/balance/${treasury}/stablecoin`)).body,
      );
      expect(creator.amountRaw).toBe(5_000_000);
      const after = stablecoinBalanceResponseSchema.parse(
        (await callJson("GET", `/api/localnet/balance/${address}/stablecoin`)).body,
      );
      expect(after.amountRaw).toBe(20_000_000 - 5_050_000);
    });

    it("refuses bad stablecoin faucet input with a code", async () => {
      for (const body of [
        { address: "not-an-address" },
        { address: Keypair.generate().publicKey.toBase58(), amount: 1_000_000 },
        { amount: 1 },
      ]) {
        const response = await callJson("POST", "/api/localnet/faucet/stablecoin", { body });
        expect(response.status).toBe(400);
        expect(errorBodySchema.parse(response.body).code).toBe("INVALID_REQUEST");
      }
    });

    it("does not exist on any other cluster", async () => {
      const devnet = parseConfig({
        SOLANA_CLUSTER: "devnet",
        SOLANA_RPC_URL: "http://127.0.0.1:9",
        MINT_AUTHORITY_SECRET_KEY: JSON.stringify([...Keypair.generate().secretKey]),
        PRIZE_ACCOUNT_SECRET: "11".repeat(32),
      });
      installRuntime({ ...app.runtime, config: devnet });
      try {
        const address = Keypair.generate().publicKey.toBase58();
        const faucet = await callJson("POST", "/api/localnet/faucet/stablecoin", { body: { address } });
        expect([faucet.status, errorBodySchema.parse(faucet.body).code]).toEqual([404, "NOT_FOUND"]);
        const balance = await callJson("GET", `/api/localnet/balance/${address}/stablecoin`);
        expect(balance.status).toBe(404);
      } finally {
        installRuntime(app.runtime);
      }
    });
  });
}

// Issue 22 item 6: an NFT-redemption code granting several mints keeps its remaining uses
// after the first mint lands. The wallet that redeemed the NFT mints the rest for free (with
// or without entering the code again, in one prepare of several NFTs too), the benefits
// endpoint shows what is left, and the NFT still backs no second wallet.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimCodeBenefitsResponseSchema } from "@/lib/schemas/claim-codes";
import {
  executeMintBatchResponseSchema,
  executeMintResultSchema,
  preparedMintResponseSchema,
  type PreparedMintResponse,
} from "@/lib/schemas/mint";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`NFT-redemption codes keep their uses on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;

    const headers = () => ({ "x-api-key": key });
    const prepare = (wallet: Keypair, extra: Record<string, unknown>) =>
      callJson("POST", "/api/v1/prepare-mint", {
        headers: headers(),
        body: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          ...extra,
        },
      });
    const prepared = async (wallet: Keypair, extra: Record<string, unknown>): Promise<PreparedMintResponse> => {
      const response = await prepare(wallet, extra);
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.parse(response.body);
    };
    /** Hands every transaction of a prepare back in one batch; each one's error code (null when it landed). */
    const executeAll = async (body: PreparedMintResponse, wallet: Keypair) => {
      const transactions = body.sessions.map((session, i) => ({
        sessionId: session.sessionId,
        signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
      }));
      const response = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(),
        body: { transactions },
      });
      expect(response.status, response.text).toBe(200);
      return executeMintBatchResponseSchema.parse(response.body).results.map((r) => r.errorCode ?? null);
    };
    const benefits = async (wallet: Keypair) => {
      const path = `/api/v1/collections/${drop.collectionId}/claim-codes/benefits/${wallet.publicKey.toBase58()}`;
      const response = await callJson("GET", path, { headers: headers() });
      expect(response.status, response.text).toBe(200);
      return claimCodeBenefitsResponseSchema.parse(response.body);
    };

    beforeAll(async () => {
      app = await startTestApp(target, { env: { CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "1000" } });
      drop = await createFixtureDrop(app, { shortId: "fixture-redeem", price: 100_000_000n, maxPerWallet: 10 });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-redeem"] });
    });
    afterAll(() => app?.close());

    it("lets the redeeming wallet mint the code's remaining NFTs free, and the benefits show them", async () => {
      const prisma = app.runtime.database.prisma;
      const holder = await fundedWallet(app);
      const bought = await prepared(holder, { quantity: 1 });
      const landed = await callJson("POST", "/api/v1/execute-mint", {
        headers: headers(),
        body: {
          sessionId: bought.sessions[0]!.sessionId,
          signedTransaction: signPrepared(bought.transactions[0]!.transaction, holder),
        },
      });
      const nftMint = executeMintResultSchema.parse(landed.body).nfts![0]!.mintAddress;
      const batch = await prisma.claimCodeBatch.create({
        data: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          name: "Holders get three",
          grantType: "nft_redemption",
          mintAllocation: 3,
        },
      });
      await prisma.claimCode.createMany({
        data: [
          { batchId: batch.id, collectionId: drop.collectionId, code: "HOLD-THREE", redeemNftMint: nftMint },
          { batchId: batch.id, collectionId: drop.collectionId, code: "HOLD-THREE-B", redeemNftMint: nftMint },
        ],
      });

      // The first use lands: two of the three remain, and the benefits endpoint says so.
      const first = await prepared(holder, { quantity: 1, claimCode: "hold-three" });
      expect(first.pricing.items.map((i) => [i.kind, i.priceRaw])).toEqual([["claim_code", 0]]);
      expect(await executeAll(first, holder)).toEqual([null]);
      expect(await benefits(holder)).toMatchObject({
        success: true,
        freeMints: 2,
        source: { type: "free_mint", batchId: batch.id, allocation: 3, used: 1 },
      });

      // Entering the code again is accepted (the NFT was redeemed by this very wallet).
      const again = await prepared(holder, { quantity: 1, claimCode: "HOLD-THREE" });
      expect(again.pricing.items.map((i) => i.kind)).toEqual(["claim_code"]);
      // Its session is left to expire, releasing the use it held.
      await prisma.mintSession.updateMany({
        where: { id: { in: again.sessions.map((s) => s.sessionId) } },
        data: { expiresAt: new Date(0) },
      });

      // Without the code, the redemption prices the next two NFTs free, and both land.
      const rest = await prepared(holder, { quantity: 3 });
      expect(rest.pricing.items.map((i) => i.kind)).toEqual(["claim_code", "claim_code", "paid"]);
      expect(await executeAll(rest, holder)).toEqual([null, null, null]);
      expect(await benefits(holder)).toMatchObject({
        freeMints: 0,
        source: { type: "free_mint", batchId: batch.id, allocation: 3, used: 3 },
      });

      // Another code naming the same NFT gives the redeeming wallet nothing more.
      const otherCode = await prepare(holder, { quantity: 1, claimCode: "HOLD-THREE-B" });
      expect([otherCode.status, errorBodySchema.parse(otherCode.body).code]).toEqual([400, "CLAIM_CODE_INVALID"]);
      // The NFT, passed on or not, backs no other wallet.
      const other = await fundedWallet(app);
      const refused = await prepare(other, { quantity: 1, claimCode: "HOLD-THREE-B" });
      expect([refused.status, errorBodySchema.parse(refused.body).code]).toEqual([400, "CLAIM_CODE_INVALID"]);
    });
  });
}

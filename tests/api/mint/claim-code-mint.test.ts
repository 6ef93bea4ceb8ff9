// A claim code entered at prepare-mint: the seeded sprites codes on an allowlisted wallet
// (free mint lands for nothing and is redeemed once), discounts capped by their uses on a
// fixture drop, refusals that do not tell unknown codes from other drops' codes, holds
// released by expired sessions, and maxUses / the wallet's share under parallel prepares.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimCodeBenefitsResponseSchema } from "@/lib/schemas/claim-codes";
import { executeMintResultSchema, preparedMintResponseSchema, type PreparedMintResponse } from "@/lib/schemas/mint";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

const PRICE = 100_000_000n; // 0.1 SOL

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`claim codes at prepare-mint on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let spritesId: string;
    let allowlistPhaseId: string;
    let drop: FixtureDrop;

    const prisma = () => app.runtime.database.prisma;
    const prepare = (body: Record<string, unknown>) => callJson("POST", "/api/v1/prepare-mint", { headers: { "x-api-key": key }, body });
    const prepared = async (body: Record<string, unknown>): Promise<PreparedMintResponse> => {
      const response = await prepare(body);
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.strict().parse(response.body);
    };
    const refusal = async (body: Record<string, unknown>) => {
      const response = await prepare(body);
      return { status: response.status, body: errorBodySchema.parse(response.body) };
    };
    const execute = (sessionId: string, signedTransaction: string) =>
      callJson("POST", "/api/v1/execute-mint", { headers: { "x-api-key": key }, body: { sessionId, signedTransaction } });
    /** A funded wallet on the sprites Allowlist phase (gated). */
    const allowlisted = async (): Promise<Keypair> => {
      const wallet = await fundedWallet(app);
      await prisma().allowlistEntry.create({ data: { phaseId: allowlistPhaseId, walletAddress: wallet.publicKey.toBase58(), allocation: 3 } });
      return wallet;
    };
    const sprites = (wallet: Keypair, extra: Record<string, unknown>) => ({
      collectionId: "sprites",
      phaseId: allowlistPhaseId,
      walletAddress: wallet.publicKey.toBase58(),
      ...extra,
    });
    const onFixture = (wallet: Keypair, extra: Record<string, unknown>) => ({
      collectionId: drop.collectionId,
      phaseId: drop.phaseId,
      walletAddress: wallet.publicKey.toBase58(),
      ...extra,
    });
    const fixtureCode = async (code: string, batch: Record<string, unknown>, maxUses: number | null = null) => {
      const created = await prisma().claimCodeBatch.create({ data: { collectionId: drop.collectionId, phaseId: drop.phaseId, name: code, grantType: "free_mint", ...batch } });
      return prisma().claimCode.create({ data: { batchId: created.id, collectionId: drop.collectionId, code, maxUses } });
    };

    beforeAll(async () => {
      app = await startTestApp(target);
      const collection = await prisma().collection.findUniqueOrThrow({ where: { shortId: "sprites" }, include: { phases: true } });
      spritesId = collection.id;
      allowlistPhaseId = collection.phases.find((p) => p.name === "Allowlist")!.id;
      drop = await createFixtureDrop(app, { shortId: "fixture-codes", price: PRICE, maxPerWallet: 10 });
      key = await app.createKey({ keyClass: "live", collections: ["sprites", "fixture-codes"] });
    });
    afterAll(() => app?.close());

    it("mints for nothing with a free-mint code, redeems it once, and refuses it the second time", async () => {
      const wallet = await allowlisted();
      const address = wallet.publicKey.toBase58();
      const chain = app.runtime.chain;
      const collection = await prisma().collection.findUniqueOrThrow({ where: { id: spritesId } });
      const feeAccount = app.runtime.keys.platformFeeAccount.toBase58();
      const before = await Promise.all([address, collection.treasuryAddress, feeAccount].map((a) => chain.getBalance(a)));

      const body = await prepared(sprites(wallet, { quantity: 1, claimCode: "  sprite-free " }));
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw, i.discountRaw, i.platformFeeRaw])).toEqual([["claim_code", 0, 100_000_000, 0]]);
      expect(body.pricing).toMatchObject({ paidQuantity: 0, claimCodeQuantity: 1, bonusQuantity: 0, subtotalRaw: 0, platformFeeRaw: 0, totalRaw: 0, discountRaw: 100_000_000 });
      const code = await prisma().claimCode.findUniqueOrThrow({ where: { collectionId_code: { collectionId: spritesId, code: "SPRITE-FREE" } } });
      expect(await prisma().mintSession.findUniqueOrThrow({ where: { id: body.sessions[0]!.sessionId } })).toMatchObject({ claimCodeId: code.id, kind: "claim_code" });
      // Held, not consumed, while the session lives.
      expect(code.usesCount).toBe(0);
      expect(await prisma().claimCodeRedemption.count({ where: { codeId: code.id } })).toBe(0);

      const result = await execute(body.sessions[0]!.sessionId, signPrepared(body.transactions[0]!.transaction, wallet));
      expect(result.status, result.text).toBe(200);
      expect(executeMintResultSchema.parse(result.body)).toMatchObject({ minted: 1, totalCost: 0 });
      const after = await Promise.all([address, collection.treasuryAddress, feeAccount].map((a) => chain.getBalance(a)));
      expect(after[1]).toBe(before[1]);
      expect(after[2]).toBe(before[2]);
      expect(before[0]! - after[0]!).toBe(BigInt(body.pricing.networkCostRaw));
      expect(body.pricing.walletDebitRaw).toBe(body.pricing.networkCostRaw);

      expect(await prisma().claimCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usesCount: 1 });
      expect(await prisma().claimCodeRedemption.findUniqueOrThrow({ where: { codeId_walletAddress: { codeId: code.id, walletAddress: address } } })).toMatchObject({
        allocation: 1,
        used: 1,
      });
      expect(await prisma().mint.findFirstOrThrow({ where: { sessionId: body.sessions[0]!.sessionId } })).toMatchObject({ kind: "claim_code", pricePaid: 0n, feePaid: 0n });

      const benefits = await callJson("GET", `/api/v1/collections/sprites/claim-codes/benefits/${address}`, { headers: { "x-api-key": key } });
      expect(benefits.status, benefits.text).toBe(200);
      expect(claimCodeBenefitsResponseSchema.strict().parse(benefits.body)).toMatchObject({ success: true, freeMints: 0, source: { type: "free_mint", allocation: 1, used: 1 } });

      const again = await refusal(sprites(wallet, { quantity: 1, claimCode: "SPRITE-FREE" }));
      expect(again.status).toBe(400);
      expect(again.body.code).toBe("CLAIM_CODE_INVALID");
      // Without the code the wallet pays the full price.
      const paid = await prepared(sprites(wallet, { quantity: 1 }));
      expect(paid.pricing.items[0]).toMatchObject({ kind: "paid", priceRaw: 100_000_000 });
    });

    it("takes a fixed discount off one paid NFT (SPRITE-TENTH), the bonus stays free", async () => {
      const wallet = await allowlisted();
      const body = await prepared(sprites(wallet, { quantity: 2, claimCode: "sprite-tenth" }));
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw, i.discountRaw, i.platformFeeRaw])).toEqual([
        ["paid", 90_000_000, 10_000_000, 5_000_000],
        ["paid", 100_000_000, 0, 5_000_000],
        ["bogo_bonus", 0, 0, 0],
      ]);
      expect(body.pricing).toMatchObject({ paidQuantity: 2, bonusQuantity: 1, subtotalRaw: 190_000_000, discountRaw: 10_000_000 });
    });

    it("halves the paid NFTs up to the discount's uses; a new prepare supersedes the unsigned sessions and their hold", async () => {
      const code = await fixtureCode("FIX-HALF", { grantType: "discount", discountPercent: 50, discountUses: 2 });
      const wallet = await fundedWallet(app);
      const address = wallet.publicKey.toBase58();
      const body = await prepared(onFixture(wallet, { quantity: 3, claimCode: "fix-half" }));
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw, i.discountRaw, i.platformFeeRaw])).toEqual([
        ["paid", 50_000_000, 50_000_000, 5_000_000],
        ["paid", 50_000_000, 50_000_000, 5_000_000],
        ["paid", 100_000_000, 0, 5_000_000],
      ]);
      expect(body.pricing).toMatchObject({ paidQuantity: 3, claimCodeQuantity: 0, subtotalRaw: 200_000_000, discountRaw: 100_000_000, platformFeeRaw: 15_000_000 });

      const result = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: { "x-api-key": key },
        body: { transactions: [{ sessionId: body.sessions[0]!.sessionId, signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet) }] },
      });
      expect(result.body?.totalMinted, result.text).toBe(1);
      expect(await prisma().claimCodeRedemption.findUniqueOrThrow({ where: { codeId_walletAddress: { codeId: code.id, walletAddress: address } } })).toMatchObject({
        allocation: 2,
        used: 1,
      });
      const benefits = await callJson("GET", `/api/v1/collections/${drop.collectionId}/claim-codes/benefits/${address}`, { headers: { "x-api-key": key } });
      expect(claimCodeBenefitsResponseSchema.strict().parse(benefits.body)).toMatchObject({
        discountPercent: 50,
        discountRemaining: 1,
        source: { type: "discount", allocation: 2, used: 1, remaining: 1 },
      });

      // The second use was held by the unsigned session; this wallet's new prepare supersedes it and takes the use.
      const superseding = await prepared(onFixture(wallet, { quantity: 2, claimCode: "FIX-HALF" }));
      expect(await prisma().mintSession.findUniqueOrThrow({ where: { id: body.sessions[1]!.sessionId } })).toMatchObject({ status: "superseded" });
      expect(superseding.pricing.items.map((i) => [i.kind, i.priceRaw])).toEqual([
        ["paid", 50_000_000],
        ["paid", 100_000_000],
      ]);
      expect(await prisma().claimCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usesCount: 1 });
    });

    it("answers an unknown code and another drop's code identically, and refuses unusable codes", async () => {
      const aurora = await prisma().collection.findUniqueOrThrow({ where: { shortId: "aurora" } });
      const batch = await prisma().claimCodeBatch.create({ data: { collectionId: aurora.id, name: "Aurora gift", grantType: "free_mint", mintAllocation: 1 } });
      await prisma().claimCode.create({ data: { batchId: batch.id, collectionId: aurora.id, code: "AURORA-GIFT" } });
      const wallet = await allowlisted();
      const unknown = await prepare(sprites(wallet, { quantity: 1, claimCode: "NO-SUCH-CODE" }));
      const other = await prepare(sprites(wallet, { quantity: 1, claimCode: "aurora-gift" }));
      expect(unknown.status).toBe(400);
      expect(errorBodySchema.parse(unknown.body).code).toBe("CLAIM_CODE_INVALID");
      expect(other.status).toBe(unknown.status);
      expect(other.body).toEqual(unknown.body);

      // Whitelist and external codes are not applied by prepare-mint.
      for (const code of ["SPRITE-LIST", "SPRITE-PARTNER", "SPRITE-REDEEM"]) {
        expect((await refusal(sprites(wallet, { quantity: 1, claimCode: code }))).body.code, code).toBe("CLAIM_CODE_INVALID");
      }
      const disabled = await fixtureCode("FIX-OFF", {});
      await prisma().claimCode.update({ where: { id: disabled.id }, data: { disabled: true } });
      await fixtureCode("FIX-OLD", { expiresAt: new Date(Date.now() - 1000) });
      await fixtureCode("FIX-DONE", {}, 1).then((c) => prisma().claimCode.update({ where: { id: c.id }, data: { usesCount: 1 } }));
      const otherPhase = await prisma().phase.create({
        data: { collectionId: drop.collectionId, name: "Later", startDate: new Date(Date.now() + 86_400_000), priceModel: "fixed", price: PRICE },
      });
      const later = await prisma().claimCodeBatch.create({ data: { collectionId: drop.collectionId, phaseId: otherPhase.id, grantType: "free_mint" } });
      await prisma().claimCode.create({ data: { batchId: later.id, collectionId: drop.collectionId, code: "FIX-LATER" } });
      const buyer = await fundedWallet(app);
      for (const code of ["FIX-OFF", "FIX-OLD", "FIX-DONE", "FIX-LATER"]) {
        const refused = await refusal(onFixture(buyer, { quantity: 1, claimCode: code }));
        expect([refused.status, refused.body.code], code).toEqual([400, "CLAIM_CODE_INVALID"]);
      }
      expect(await prisma().mintSession.count({ where: { walletAddress: { in: [wallet.publicKey.toBase58(), buyer.publicKey.toBase58()] } } })).toBe(0);
    });

    it("refuses a malformed code with INVALID_REQUEST; null means no code", async () => {
      const wallet = await fundedWallet(app);
      for (const claimCode of ["abc", "   ab   ", "x".repeat(1025), 12345, ""]) {
        const refused = await refusal(onFixture(wallet, { quantity: 1, claimCode }));
        expect([refused.status, refused.body.code], String(claimCode)).toEqual([400, "INVALID_REQUEST"]);
      }
      const plain = await prepared(onFixture(wallet, { quantity: 1, claimCode: null }));
      expect(plain.pricing.items[0]).toMatchObject({ kind: "paid", priceRaw: 100_000_000 });
    });

    it("keeps maxUses across wallets and the wallet's share under parallel prepares", async () => {
      const code = await fixtureCode("FIX-RUSH", { mintAllocation: 1 }, 2);
      const wallets = await Promise.all(Array.from({ length: 3 }, () => fundedWallet(app)));
      const rush = await Promise.all([...wallets, wallets[0]!].map((w) => prepare(onFixture(w, { quantity: 1, claimCode: "FIX-RUSH" }))));
      const ok = rush.filter((r) => r.status === 200).map((r) => preparedMintResponseSchema.parse(r.body));
      for (const r of rush.filter((r) => r.status !== 200)) expect(errorBodySchema.parse(r.body).code).toBe("CLAIM_CODE_INVALID");
      // wallets[0] asks twice: its second prepare may supersede its first, so 2 or 3 answer, but only 2 hold the code.
      expect(ok.length).toBeGreaterThanOrEqual(2);
      expect(ok.every((b) => b.pricing.items[0]!.kind === "claim_code")).toBe(true);
      const holders = await prisma().mintSession.findMany({ where: { claimCodeId: code.id, status: "prepared" }, select: { walletAddress: true } });
      expect(holders).toHaveLength(2);
      expect(new Set(holders.map((h) => h.walletAddress)).size).toBe(2);

      // A wallet that redeemed the code earlier (1 of 2 used) gets nothing more while the code's maximum is held.
      const earlier = await fundedWallet(app);
      await prisma().claimCodeRedemption.create({
        data: { codeId: code.id, batchId: code.batchId, collectionId: drop.collectionId, walletAddress: earlier.publicKey.toBase58(), allocation: 2, used: 1 },
      });
      const plain = await prepared(onFixture(earlier, { quantity: 1 }));
      expect(plain.pricing.items[0]).toMatchObject({ kind: "paid", priceRaw: 100_000_000 });
      expect((await refusal(onFixture(earlier, { quantity: 1, claimCode: "FIX-RUSH" }))).body.code).toBe("CLAIM_CODE_INVALID");
    });
  });
}

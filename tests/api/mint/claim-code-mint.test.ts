// A claim code entered at prepare-mint: the seeded sprites codes on an allowlisted wallet
// (free mint lands for nothing and is redeemed once), an allowlist code that admits a
// wallet to a gated phase, an external code answered with its URL, discounts capped by their uses on a
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
    const prepare = (body: Record<string, unknown>) =>
      callJson("POST", "/api/v1/prepare-mint", { headers: { "x-api-key": key }, body });
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
      callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: { sessionId, signedTransaction },
      });
    /** A funded wallet on the sprites Allowlist phase (gated). */
    const allowlisted = async (): Promise<Keypair> => {
      const wallet = await fundedWallet(app);
      await prisma().allowlistEntry.create({
        data: { phaseId: allowlistPhaseId, walletAddress: wallet.publicKey.toBase58(), allocation: 3 },
      });
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
      const created = await prisma().claimCodeBatch.create({
        data: { collectionId: drop.collectionId, phaseId: drop.phaseId, name: code, grantType: "free_mint", ...batch },
      });
      return prisma().claimCode.create({
        data: { batchId: created.id, collectionId: drop.collectionId, code, maxUses },
      });
    };

    beforeAll(async () => {
      // Every test here checks codes from one address: the per-IP code-check budget (tested on its own) stays out of the way.
      app = await startTestApp(target, { env: { CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "1000" } });
      const collection = await prisma().collection.findUniqueOrThrow({
        where: { shortId: "sprites" },
        include: { phases: true },
      });
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
      const before = await Promise.all(
        [address, collection.treasuryAddress, feeAccount].map((a) => chain.getBalance(a)),
      );

      const body = await prepared(sprites(wallet, { quantity: 1, claimCode: "  sprite-free " }));
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw, i.discountRaw, i.platformFeeRaw])).toEqual([
        ["claim_code", 0, 100_000_000, 0],
      ]);
      expect(body.pricing).toMatchObject({
        paidQuantity: 0,
        claimCodeQuantity: 1,
        bonusQuantity: 0,
        subtotalRaw: 0,
        platformFeeRaw: 0,
        totalRaw: 0,
        discountRaw: 100_000_000,
      });
      const code = await prisma().claimCode.findUniqueOrThrow({
        where: { collectionId_code: { collectionId: spritesId, code: "SPRITE-FREE" } },
      });
      expect(
        await prisma().mintSession.findUniqueOrThrow({ where: { id: body.sessions[0]!.sessionId } }),
      ).toMatchObject({ claimCodeId: code.id, kind: "claim_code" });
      // Held, not consumed, while the session lives.
      expect(code.usesCount).toBe(0);
      expect(await prisma().claimCodeRedemption.count({ where: { codeId: code.id } })).toBe(0);

      const result = await execute(
        body.sessions[0]!.sessionId,
        signPrepared(body.transactions[0]!.transaction, wallet),
      );
      expect(result.status, result.text).toBe(200);
      expect(executeMintResultSchema.parse(result.body)).toMatchObject({ minted: 1, totalCost: 0 });
      const after = await Promise.all(
        [address, collection.treasuryAddress, feeAccount].map((a) => chain.getBalance(a)),
      );
      expect(after[1]).toBe(before[1]);
      expect(after[2]).toBe(before[2]);
      expect(before[0]! - after[0]!).toBe(BigInt(body.pricing.networkCostRaw));
      expect(body.pricing.walletDebitRaw).toBe(body.pricing.networkCostRaw);

      expect(await prisma().claimCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usesCount: 1 });
      expect(
        await prisma().claimCodeRedemption.findUniqueOrThrow({
          where: { codeId_walletAddress: { codeId: code.id, walletAddress: address } },
        }),
      ).toMatchObject({
        allocation: 1,
        used: 1,
      });
      expect(await prisma().mint.findFirstOrThrow({ where: { sessionId: body.sessions[0]!.sessionId } })).toMatchObject(
        { kind: "claim_code", pricePaid: 0n, feePaid: 0n },
      );

      const benefits = await callJson("GET", `/api/v1/collections/sprites/claim-codes/benefits/${address}`, {
        headers: { "x-api-key": key },
      });
      expect(benefits.status, benefits.text).toBe(200);
      expect(claimCodeBenefitsResponseSchema.strict().parse(benefits.body)).toMatchObject({
        success: true,
        freeMints: 0,
        source: { type: "free_mint", allocation: 1, used: 1 },
      });

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
      expect(body.pricing).toMatchObject({
        paidQuantity: 2,
        bonusQuantity: 1,
        subtotalRaw: 190_000_000,
        discountRaw: 10_000_000,
      });
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
      expect(body.pricing).toMatchObject({
        paidQuantity: 3,
        claimCodeQuantity: 0,
        subtotalRaw: 200_000_000,
        discountRaw: 100_000_000,
        platformFeeRaw: 15_000_000,
      });

      const result = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: { "x-api-key": key },
        body: {
          transactions: [
            {
              sessionId: body.sessions[0]!.sessionId,
              signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
            },
          ],
        },
      });
      expect(result.body?.totalMinted, result.text).toBe(1);
      expect(
        await prisma().claimCodeRedemption.findUniqueOrThrow({
          where: { codeId_walletAddress: { codeId: code.id, walletAddress: address } },
        }),
      ).toMatchObject({
        allocation: 2,
        used: 1,
      });
      const benefits = await callJson(
        "GET",
        `/api/v1/collections/${drop.collectionId}/claim-codes/benefits/${address}`,
        { headers: { "x-api-key": key } },
      );
      expect(claimCodeBenefitsResponseSchema.strict().parse(benefits.body)).toMatchObject({
        discountPercent: 50,
        discountRemaining: 1,
        source: { type: "discount", allocation: 2, used: 1, remaining: 1 },
      });

      // The second use was held by the unsigned session; this wallet's new prepare supersedes it and takes the use.
      const superseding = await prepared(onFixture(wallet, { quantity: 2, claimCode: "FIX-HALF" }));
      expect(
        await prisma().mintSession.findUniqueOrThrow({ where: { id: body.sessions[1]!.sessionId } }),
      ).toMatchObject({ status: "superseded" });
      expect(superseding.pricing.items.map((i) => [i.kind, i.priceRaw])).toEqual([
        ["paid", 50_000_000],
        ["paid", 100_000_000],
      ]);
      expect(await prisma().claimCode.findUniqueOrThrow({ where: { id: code.id } })).toMatchObject({ usesCount: 1 });
    });

    it("answers an unknown code and another drop's code identically, and refuses unusable codes", async () => {
      const aurora = await prisma().collection.findUniqueOrThrow({ where: { shortId: "aurora" } });
      const batch = await prisma().claimCodeBatch.create({
        data: { collectionId: aurora.id, name: "Aurora gift", grantType: "free_mint", mintAllocation: 1 },
      });
      await prisma().claimCode.create({ data: { batchId: batch.id, collectionId: aurora.id, code: "AURORA-GIFT" } });
      const wallet = await allowlisted();
      const unknown = await prepare(sprites(wallet, { quantity: 1, claimCode: "NO-SUCH-CODE" }));
      const other = await prepare(sprites(wallet, { quantity: 1, claimCode: "aurora-gift" }));
      expect(unknown.status).toBe(400);
      expect(errorBodySchema.parse(unknown.body).code).toBe("CLAIM_CODE_INVALID");
      expect(other.status).toBe(unknown.status);
      expect(other.body).toEqual(unknown.body);

      // The seeded NFT-redemption code names no NFT: nothing to redeem.
      expect((await refusal(sprites(wallet, { quantity: 1, claimCode: "SPRITE-REDEEM" }))).body.code).toBe(
        "CLAIM_CODE_INVALID",
      );
      const disabled = await fixtureCode("FIX-OFF", {});
      await prisma().claimCode.update({ where: { id: disabled.id }, data: { disabled: true } });
      await fixtureCode("FIX-OLD", { expiresAt: new Date(Date.now() - 1000) });
      await fixtureCode("FIX-DONE", {}, 1).then((c) =>
        prisma().claimCode.update({ where: { id: c.id }, data: { usesCount: 1 } }),
      );
      const otherPhase = await prisma().phase.create({
        data: {
          collectionId: drop.collectionId,
          name: "Later",
          startDate: new Date(Date.now() + 86_400_000),
          priceModel: "fixed",
          price: PRICE,
        },
      });
      const later = await prisma().claimCodeBatch.create({
        data: { collectionId: drop.collectionId, phaseId: otherPhase.id, grantType: "free_mint" },
      });
      await prisma().claimCode.create({
        data: { batchId: later.id, collectionId: drop.collectionId, code: "FIX-LATER" },
      });
      const buyer = await fundedWallet(app);
      for (const code of ["FIX-OFF", "FIX-OLD", "FIX-DONE", "FIX-LATER"]) {
        const refused = await refusal(onFixture(buyer, { quantity: 1, claimCode: code }));
        expect([refused.status, refused.body.code], code).toEqual([400, "CLAIM_CODE_INVALID"]);
      }
      expect(
        await prisma().mintSession.count({
          where: { walletAddress: { in: [wallet.publicKey.toBase58(), buyer.publicKey.toBase58()] } },
        }),
      ).toBe(0);
    });

    it("admits a wallet to a gated phase with an allowlist code's spots, redeems it with the first landed mint, and keeps the wallet eligible without it", async () => {
      const wallet = await fundedWallet(app);
      const address = wallet.publicKey.toBase58();
      const eligibility = async () =>
        (
          await callJson("GET", `/api/v1/collections/sprites/eligibility/${allowlistPhaseId}/${address}`, {
            headers: { "x-api-key": key },
          })
        ).body as Record<string, unknown>;
      expect((await refusal(sprites(wallet, { quantity: 1 }))).body.code).toBe("NOT_ELIGIBLE");
      expect(await eligibility()).toMatchObject({ meetsRequirements: false, onAllowlist: false });

      const code = await prisma().claimCode.findFirstOrThrow({
        where: { collectionId: spritesId, code: "SPRITE-LIST" },
      });
      const body = await prepared(sprites(wallet, { quantity: 1, claimCode: "sprite-list" }));
      // The code changes who may mint, not the price.
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw])).toEqual([["paid", 100_000_000]]);
      // Every session of the prepare carries the code as its admission; none prices it.
      expect(
        await prisma().mintSession.findUniqueOrThrow({
          where: { id: body.sessions[0]!.sessionId },
          select: { claimCodeId: true, admissionCodeId: true },
        }),
      ).toEqual({ claimCodeId: null, admissionCodeId: code.id });
      const result = await execute(
        body.sessions[0]!.sessionId,
        signPrepared(body.transactions[0]!.transaction, wallet),
      );
      expect(result.status, result.text).toBe(200);
      expect(executeMintResultSchema.parse(result.body).minted).toBe(1);
      expect(
        await prisma().claimCodeRedemption.findUniqueOrThrow({
          where: { codeId_walletAddress: { codeId: code.id, walletAddress: address } },
        }),
      ).toMatchObject({
        allocation: 2,
        used: 1,
      });
      expect((await prisma().claimCode.findUniqueOrThrow({ where: { id: code.id } })).usesCount).toBe(
        code.usesCount + 1,
      );

      // Redeemed: eligible with the code's 2 spots, one of them used, without entering it again.
      await expect
        .poll(eligibility)
        .toMatchObject({ meetsRequirements: true, onAllowlist: true, spotsAllocated: 2, spotsRemaining: 1 });
      const second = await prepared(sprites(wallet, { quantity: 3 }));
      expect(second).toMatchObject({ totalQuantity: 1, quantityAdjusted: true });
      expect(
        await prisma().mintSession.findUniqueOrThrow({
          where: { id: second.sessions[0]!.sessionId },
          select: { claimCodeId: true, admissionCodeId: true },
        }),
      ).toEqual({ claimCodeId: null, admissionCodeId: null });
      // Entering it again takes no second use and adds no spots.
      const again = await prepared(sprites(wallet, { quantity: 3, claimCode: "SPRITE-LIST" }));
      expect(again.totalQuantity).toBe(1);
      expect(
        await prisma().mintSession.findUniqueOrThrow({
          where: { id: again.sessions[0]!.sessionId },
          select: { claimCodeId: true, admissionCodeId: true },
        }),
      ).toEqual({ claimCodeId: null, admissionCodeId: null });
    });

    it("answers an external code with its URL and reserves nothing; an allowlist code in an open phase spends no use", async () => {
      const wallet = await allowlisted();
      const external = await refusal(sprites(wallet, { quantity: 1, claimCode: "sprite-partner" }));
      expect(external.status).toBe(409);
      expect(external.body).toMatchObject({
        code: "CLAIM_CODE_EXTERNAL",
        externalUrl: "https://partner.dropmint.example/perk",
      });
      expect(await prisma().mintSession.count({ where: { walletAddress: wallet.publicKey.toBase58() } })).toBe(0);

      await fixtureCode("FIX-LIST", { grantType: "whitelist", mintAllocation: 4 }, 1);
      const buyer = await fundedWallet(app);
      const plain = await prepared(onFixture(buyer, { quantity: 1, claimCode: "FIX-LIST" }));
      expect(plain.pricing.items[0]).toMatchObject({ kind: "paid", priceRaw: 100_000_000 });
      expect(
        await prisma().mintSession.count({
          where: { walletAddress: buyer.publicKey.toBase58(), claimCodeId: { not: null } },
        }),
      ).toBe(0);
    });

    it("opens a pack tier with a pack code: its free mint comes from the tier, other mints never do, and an empty tier is sold out", async () => {
      const packs = await createFixtureDrop(app, {
        shortId: "fixture-packs",
        price: PRICE,
        supply: 6,
        maxPerWallet: 10,
      });
      // Tokens 5 and 6 are the gold tier.
      await prisma().nft.updateMany({ where: { id: { in: packs.nftIds.slice(4) } }, data: { packTierName: "gold" } });
      await prisma().phase.update({ where: { id: packs.phaseId }, data: { isPackPhase: true } });
      const batch = await prisma().claimCodeBatch.create({
        data: {
          collectionId: packs.collectionId,
          name: "Gold packs",
          grantType: "pack",
          packTierId: "gold",
          mintAllocation: 1,
        },
      });
      await prisma().claimCode.createMany({
        data: ["GOLD-ONE", "GOLD-TWO", "GOLD-THREE"].map((code) => ({
          batchId: batch.id,
          collectionId: packs.collectionId,
          code,
        })),
      });
      const packKey = await app.createKey({ keyClass: "live", collections: ["fixture-packs"] });
      const prepareOn = (wallet: Keypair, extra: Record<string, unknown>) =>
        callJson("POST", "/api/v1/prepare-mint", {
          headers: { "x-api-key": packKey },
          body: {
            collectionId: packs.collectionId,
            phaseId: packs.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            ...extra,
          },
        });
      const tokenIdsOf = async (body: PreparedMintResponse) =>
        Promise.all(
          body.sessions.map(
            async (s) => (await prisma().nft.findUniqueOrThrow({ where: { id: s.nftIds[0]! } })).tokenId,
          ),
        );

      const opener = await fundedWallet(app);
      const opened = preparedMintResponseSchema.parse(
        (await prepareOn(opener, { quantity: 2, claimCode: "gold-one" })).body,
      );
      expect(opened.pricing.items.map((i) => i.kind)).toEqual(["claim_code", "paid"]);
      expect(await tokenIdsOf(opened)).toEqual([5, 1]);
      const batchResult = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: { "x-api-key": packKey },
        body: {
          transactions: opened.sessions.map((s, i) => ({
            sessionId: s.sessionId,
            signedTransaction: signPrepared(opened.transactions[i]!.transaction, opener),
          })),
        },
      });
      expect((batchResult.body as { totalMinted: number }).totalMinted).toBe(2);
      const benefits = await callJson(
        "GET",
        `/api/v1/collections/${packs.collectionId}/claim-codes/benefits/${opener.publicKey.toBase58()}`,
        {
          headers: { "x-api-key": packKey },
        },
      );
      expect(claimCodeBenefitsResponseSchema.parse(benefits.body)).toMatchObject({
        freeMints: 0,
        source: { type: "free_mint", packTierId: "gold", used: 1 },
      });

      // Without a pack code, only the untiered NFTs: 3 are left of the 4, so 5 asked become 3.
      const plain = preparedMintResponseSchema.parse((await prepareOn(await fundedWallet(app), { quantity: 5 })).body);
      expect(plain).toMatchObject({ totalQuantity: 3, quantityAdjusted: true });
      expect((await tokenIdsOf(plain)).sort()).toEqual([2, 3, 4]);

      expect(
        await tokenIdsOf(
          preparedMintResponseSchema.parse(
            (await prepareOn(await fundedWallet(app), { quantity: 1, claimCode: "GOLD-TWO" })).body,
          ),
        ),
      ).toEqual([6]);
      const empty = await prepareOn(await fundedWallet(app), { quantity: 1, claimCode: "GOLD-THREE" });
      expect([empty.status, errorBodySchema.parse(empty.body).code]).toEqual([409, "SOLD_OUT"]);
    });

    it("redeems the NFT an NFT-redemption code names, only for the wallet holding it, and only once", async () => {
      const holder = await fundedWallet(app);
      const bought = await prepared(onFixture(holder, { quantity: 1 }));
      const landed = await execute(
        bought.sessions[0]!.sessionId,
        signPrepared(bought.transactions[0]!.transaction, holder),
      );
      const nftMint = executeMintResultSchema.parse(landed.body).nfts![0]!.mintAddress;
      const batch = await prisma().claimCodeBatch.create({
        data: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          name: "Holder redemption",
          grantType: "nft_redemption",
          mintAllocation: 1,
        },
      });
      await prisma().claimCode.createMany({
        data: [
          { batchId: batch.id, collectionId: drop.collectionId, code: "FIX-REDEEM", redeemNftMint: nftMint },
          { batchId: batch.id, collectionId: drop.collectionId, code: "FIX-REDEEM-TOO", redeemNftMint: nftMint },
        ],
      });

      const stranger = await fundedWallet(app);
      const refused = await refusal(onFixture(stranger, { quantity: 1, claimCode: "FIX-REDEEM" }));
      expect([refused.status, refused.body.code, refused.body.error]).toEqual([
        400,
        "CLAIM_CODE_INVALID",
        "This code redeems an NFT this wallet does not hold.",
      ]);

      const body = await prepared(onFixture(holder, { quantity: 1, claimCode: "fix-redeem" }));
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw])).toEqual([["claim_code", 0]]);
      expect(
        (await execute(body.sessions[0]!.sessionId, signPrepared(body.transactions[0]!.transaction, holder))).status,
      ).toBe(200);
      expect(
        await prisma().redeemedNft.findMany({
          where: { batchId: batch.id },
          select: { nftMint: true, walletAddress: true },
        }),
      ).toEqual([{ nftMint, walletAddress: holder.publicKey.toBase58() }]);
      // The same NFT through another code of the batch: already redeemed.
      const twice = await refusal(onFixture(holder, { quantity: 1, claimCode: "FIX-REDEEM-TOO" }));
      expect([twice.status, twice.body.error]).toEqual([400, "The NFT this code redeems has been redeemed already."]);
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
      const rush = await Promise.all(
        [...wallets, wallets[0]!].map((w) => prepare(onFixture(w, { quantity: 1, claimCode: "FIX-RUSH" }))),
      );
      const ok = rush.filter((r) => r.status === 200).map((r) => preparedMintResponseSchema.parse(r.body));
      for (const r of rush.filter((r) => r.status !== 200))
        expect(errorBodySchema.parse(r.body).code).toBe("CLAIM_CODE_INVALID");
      // wallets[0] asks twice: its second prepare may supersede its first, so 2 or 3 answer, but only 2 hold the code.
      expect(ok.length).toBeGreaterThanOrEqual(2);
      expect(ok.every((b) => b.pricing.items[0]!.kind === "claim_code")).toBe(true);
      const holders = await prisma().mintSession.findMany({
        where: { claimCodeId: code.id, status: "prepared" },
        select: { walletAddress: true },
      });
      expect(holders).toHaveLength(2);
      expect(new Set(holders.map((h) => h.walletAddress)).size).toBe(2);

      // A wallet that redeemed the code earlier (1 of 2 used) gets nothing more while the code's maximum is held.
      const earlier = await fundedWallet(app);
      await prisma().claimCodeRedemption.create({
        data: {
          codeId: code.id,
          batchId: code.batchId,
          collectionId: drop.collectionId,
          walletAddress: earlier.publicKey.toBase58(),
          allocation: 2,
          used: 1,
        },
      });
      const plain = await prepared(onFixture(earlier, { quantity: 1 }));
      expect(plain.pricing.items[0]).toMatchObject({ kind: "paid", priceRaw: 100_000_000 });
      expect((await refusal(onFixture(earlier, { quantity: 1, claimCode: "FIX-RUSH" }))).body.code).toBe(
        "CLAIM_CODE_INVALID",
      );
    });
  });
}

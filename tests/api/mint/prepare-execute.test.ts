// prepare-mint → wallet signs → execute-mint, for real on the embedded chain: a paid mint
// lands and pays exactly what `pricing` said, several NFTs in one prepare, BOGO bonus,
// limits that reduce the quantity, INSUFFICIENT_BALANCE, expiry and the read endpoints.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedChain } from "@/lib/chain";
import {
  executeMintBatchResponseSchema,
  executeMintResultSchema,
  preparedMintResponseSchema,
  type PreparedMintResponse,
} from "@/lib/schemas/mint";
import { walletMintsResponseSchema } from "@/lib/schemas/wallet-mints";
import { availabilityResponseSchema } from "@/lib/schemas/availability";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { SHORT_SUPPLY_SWEEP_MS } from "@/lib/domain/mint-session";
import { createFixtureDrop, fundedWallet, onChainMetadataName, signPrepared, type FixtureDrop } from "./fixtures";

const PRICE = 100_000_000n; // 0.1 SOL

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`prepare-mint and execute-mint on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let paid: FixtureDrop;
    let bogo: FixtureDrop;
    let buyOneGetOne: FixtureDrop;
    let single: FixtureDrop;
    let frozen: FixtureDrop;
    // The first-mint test's own drop: its figures (NFT #1, 1 of 20 minted) hold in any test order.
    let first: FixtureDrop;

    const headers = () => ({ "x-api-key": key });
    const prepare = (body: Record<string, unknown>) =>
      callJson("POST", "/api/v1/prepare-mint", { headers: headers(), body });
    const prepared = async (body: Record<string, unknown>): Promise<PreparedMintResponse> => {
      const response = await prepare(body);
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.strict().parse(response.body);
    };
    const execute = (sessionId: string, signedTransaction: string) =>
      callJson("POST", "/api/v1/execute-mint", { headers: headers(), body: { sessionId, signedTransaction } });
    const executeBatch = (items: Array<{ sessionId: string; signedTransaction: string }>) =>
      callJson("POST", "/api/v1/execute-mint/batch", { headers: headers(), body: { transactions: items } });

    beforeAll(async () => {
      app = await startTestApp(target);
      paid = await createFixtureDrop(app, { shortId: "fixture-paid", price: PRICE, maxPerWallet: 5 });
      first = await createFixtureDrop(app, { shortId: "fixture-first", price: PRICE, maxPerWallet: 5 });
      bogo = await createFixtureDrop(app, {
        shortId: "fixture-bogo",
        price: PRICE,
        bogo: { buy: 2, get: 1 },
        maxPerWallet: 3,
      });
      buyOneGetOne = await createFixtureDrop(app, { shortId: "fixture-b1g1", price: PRICE, bogo: { buy: 1, get: 1 } });
      single = await createFixtureDrop(app, { shortId: "fixture-one", price: PRICE, supply: 1 });
      frozen = await createFixtureDrop(app, { shortId: "fixture-frozen", price: PRICE, supply: 2 });
      await app.runtime.database.prisma.collection.update({
        where: { id: frozen.collectionId },
        data: { isFrozen: true },
      });
      key = await app.createKey({
        keyClass: "live",
        collections: [
          "fixture-paid",
          "fixture-first",
          "fixture-bogo",
          "fixture-b1g1",
          "fixture-one",
          "fixture-frozen",
          "aurora",
          "sprites",
        ],
      });
    });
    afterAll(() => app?.close());

    it("mints a paid NFT: owned on chain, named on chain, paid exactly as priced", async () => {
      const wallet = await fundedWallet(app);
      const chain = app.runtime.chain;
      const feeAccount = app.runtime.keys.platformFeeAccount.toBase58();
      const before = await Promise.all(
        [wallet.publicKey.toBase58(), first.treasury, feeAccount].map((a) => chain.getBalance(a)),
      );

      const body = await prepared({
        collectionId: first.collectionId,
        phaseId: first.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: "1",
        walletProvider: "Phantom",
      });
      expect(body).toMatchObject({
        requestedQuantity: 1,
        totalQuantity: 1,
        quantityAdjusted: false,
        adjustmentReason: null,
        bogo: null,
        chainType: "solana",
      });
      expect(body.sessions).toHaveLength(1);
      expect(body.transactions).toEqual([
        { transaction: expect.any(String), isVersionedTransaction: false, nftCount: 1 },
      ]);
      // The session ends 15 s before its blockhash (150 blocks of 400 ms) can no longer land.
      expect(body.expiresInMs).toBeLessThanOrEqual(150 * 400 - 15_000);
      expect(body.expiresInMs).toBeGreaterThan(30_000);
      expect(body.pricing).toMatchObject({
        currency: "SOL",
        unitPriceRaw: 100_000_000,
        unitPrice: 0.1,
        paidQuantity: 1,
        bonusQuantity: 0,
        platformFeeRaw: 5_000_000,
        totalRaw: 105_000_000,
      });
      const session = await app.runtime.database.prisma.mintSession.findUniqueOrThrow({
        where: { id: body.sessions[0]!.sessionId },
      });
      expect(session).toMatchObject({
        status: "prepared",
        walletProvider: "Phantom",
        kind: "paid",
        priceAmount: PRICE,
      });

      const result = await execute(
        body.sessions[0]!.sessionId,
        signPrepared(body.transactions[0]!.transaction, wallet),
      );
      expect(result.status, result.text).toBe(200);
      const executed = executeMintResultSchema.strict().parse(result.body);
      expect(executed).toMatchObject({
        success: true,
        minted: 1,
        chainType: "solana",
        totalCost: 0.105,
        currency: "SOL",
        isPlatformPaid: false,
        bountyInfo: null,
      });
      expect(executed.transactionHash).toBe(executed.signature);
      const nft = executed.nfts![0]!;
      expect(nft).toMatchObject({
        nftId: body.sessions[0]!.nftIds[0],
        name: "Fixture #1",
        tokenId: 1,
        isRevealed: true,
      });
      expect(executed.collectionStats).toEqual({
        totalSupply: 20,
        mintedCount: 1,
        percentMinted: 5,
        isMintedOut: false,
      });
      expect(executed.collectionUpdate).toEqual({ itemsRedeemed: 1, isFrozen: false, autoUnfrozen: false });

      expect((await chain.getMintOwners([nft.mintAddress])).get(nft.mintAddress)).toBe(wallet.publicKey.toBase58());
      expect(await onChainMetadataName(app, nft.mintAddress)).toBe("Fixture #1");
      const after = await Promise.all(
        [wallet.publicKey.toBase58(), first.treasury, feeAccount].map((a) => chain.getBalance(a)),
      );
      expect(after[1]! - before[1]!).toBe(BigInt(body.pricing.subtotalRaw));
      expect(after[2]! - before[2]!).toBe(BigInt(body.pricing.platformFeeRaw));
      expect(before[0]! - after[0]!).toBe(BigInt(body.pricing.walletDebitRaw));

      const counts = await callJson(
        "GET",
        `/api/v1/collections/${first.shortId}/wallet-mints/${wallet.publicKey.toBase58()}`,
        { headers: headers() },
      );
      expect(walletMintsResponseSchema.parse(counts.body)).toMatchObject({
        totalMinted: 1,
        phaseMints: { [first.phaseId]: { minted: 1, remaining: 4 } },
      });
      const availability = await callJson("GET", `/api/v1/collections/${first.shortId}/availability`, {
        headers: headers(),
      });
      expect(availabilityResponseSchema.parse(availability.body).stats).toMatchObject({
        total: 20,
        minted: 1,
        available: 19,
      });
      const recent = await callJson("GET", `/api/v1/collections/${first.shortId}/recently-minted`, {
        headers: headers(),
      });
      expect(recent.status, recent.text).toBe(200);
      expect(recent.text).toContain(nft.mintAddress);

      const replay = await execute(
        body.sessions[0]!.sessionId,
        signPrepared(body.transactions[0]!.transaction, wallet),
      );
      expect(replay.status).toBe(409);
      expect(errorBodySchema.parse(replay.body).code).toBe("ALREADY_COMPLETED");
    });

    it("reports collectionUpdate on every mint, and lifts a drop's freeze with the mint that sells it out, once", async () => {
      const mintOne = async () => {
        const wallet = await fundedWallet(app);
        const body = await prepared({
          collectionId: frozen.collectionId,
          phaseId: frozen.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        });
        const result = await execute(
          body.sessions[0]!.sessionId,
          signPrepared(body.transactions[0]!.transaction, wallet),
        );
        expect(result.status, result.text).toBe(200);
        return executeMintResultSchema.strict().parse(result.body);
      };
      expect((await mintOne()).collectionUpdate).toEqual({ itemsRedeemed: 1, isFrozen: true, autoUnfrozen: false });
      const last = await mintOne();
      expect(last.collectionUpdate).toEqual({ itemsRedeemed: 2, isFrozen: false, autoUnfrozen: true });
      expect(last.collectionStats).toMatchObject({ mintedCount: 2, isMintedOut: true });
      expect(
        await app.runtime.database.prisma.collection.findUniqueOrThrow({
          where: { id: frozen.collectionId },
          select: { isFrozen: true },
        }),
      ).toEqual({ isFrozen: false });
    });

    it("charges an NFT without a rarity rank the range's minimum, the low end priceDisplay shows, never the maximum", async () => {
      const range = await createFixtureDrop(app, { shortId: "fixture-unranked", price: 200_000_000n, supply: 4 });
      const prisma = app.runtime.database.prisma;
      await prisma.phase.update({
        where: { id: range.phaseId },
        data: { priceModel: "range", priceMax: 600_000_000n },
      });
      // Token 1 is the rarest of two ranked NFTs (the maximum), token 2 the last rank (the minimum); 3 and 4 have no rank.
      await prisma.nft.update({ where: { id: range.nftIds[0]! }, data: { rarityRank: 1 } });
      await prisma.nft.update({ where: { id: range.nftIds[1]! }, data: { rarityRank: 2 } });
      const rangeKey = await app.createKey({ keyClass: "live", collections: ["fixture-unranked"] });
      const shown = await callJson("GET", `/api/v1/collections/${range.shortId}`, {
        headers: { "x-api-key": rangeKey },
      });
      const display = JSON.stringify(shown.body);
      expect(display).toContain('"priceDisplay":{"kind":"range","min":0.2,"max":0.6');
      const wallet = await fundedWallet(app);
      const response = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": rangeKey },
        body: {
          collectionId: range.collectionId,
          phaseId: range.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 4,
        },
      });
      expect(response.status, response.text).toBe(200);
      const body = preparedMintResponseSchema.strict().parse(response.body);
      expect(body.pricing.items.map((item) => item.priceRaw)).toEqual([
        600_000_000, 200_000_000, 200_000_000, 200_000_000,
      ]);
      expect(body.pricing.subtotalRaw).toBe(1_200_000_000);
    });

    it("charges each NFT of a range phase its own price by rarity, and the chain takes exactly that", async () => {
      const range = await createFixtureDrop(app, { shortId: "fixture-range", price: 200_000_000n, supply: 5 });
      const prisma = app.runtime.database.prisma;
      await prisma.phase.update({
        where: { id: range.phaseId },
        data: { priceModel: "range", priceMax: 600_000_000n },
      });
      // Token 1 is the commonest (rank 5: the minimum), token 2 the rarest (rank 1: the maximum), token 3 in the middle.
      const ranks = [5, 1, 3, 2, 4];
      for (const [i, id] of range.nftIds.entries())
        await prisma.nft.update({ where: { id }, data: { rarityRank: ranks[i]! } });
      const rangeKey = await app.createKey({ keyClass: "live", collections: ["fixture-range"] });
      const wallet = await fundedWallet(app);
      const response = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": rangeKey },
        body: {
          collectionId: range.collectionId,
          phaseId: range.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 3,
        },
      });
      expect(response.status, response.text).toBe(200);
      const body = preparedMintResponseSchema.strict().parse(response.body);
      expect(body.pricing).toMatchObject({
        priceModel: "range",
        unitPriceRaw: 200_000_000,
        paidQuantity: 3,
        subtotalRaw: 1_200_000_000,
      });
      expect(body.pricing.items.map((item) => item.priceRaw)).toEqual([200_000_000, 600_000_000, 400_000_000]);

      const before = await app.runtime.chain.getBalance(range.treasury);
      const batch = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: { "x-api-key": rangeKey },
        body: {
          transactions: body.sessions.map((s, i) => ({
            sessionId: s.sessionId,
            signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
          })),
        },
      });
      expect(executeMintBatchResponseSchema.parse(batch.body).totalMinted).toBe(3);
      expect((await app.runtime.chain.getBalance(range.treasury)) - before).toBe(1_200_000_000n);
      const paid = await prisma.mint.findMany({
        where: { collectionId: range.collectionId },
        select: { pricePaid: true },
        orderBy: { pricePaid: "asc" },
      });
      expect(paid.map((m) => m.pricePaid)).toEqual([200_000_000n, 400_000_000n, 600_000_000n]);
    });

    it("prepares three sessions for quantity 3 and mints them in one batch", async () => {
      const wallet = await fundedWallet(app);
      const body = await prepared({
        collectionId: paid.shortId,
        phaseId: paid.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 3,
      });
      expect(body.sessions).toHaveLength(3);
      expect(body.transactions).toHaveLength(3);
      expect(new Set(body.sessions.flatMap((s) => s.nftIds)).size).toBe(3);
      expect(body.pricing.items.map((i) => i.sessionId)).toEqual(body.sessions.map((s) => s.sessionId));
      const batch = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(),
        body: {
          transactions: body.sessions.map((s, i) => ({
            sessionId: s.sessionId,
            signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
          })),
        },
      });
      expect(batch.status, batch.text).toBe(200);
      const parsed = executeMintBatchResponseSchema.strict().parse(batch.body);
      expect(parsed).toMatchObject({ success: true, totalMinted: 3, successfulTransactions: 3, failedTransactions: 0 });
      const owners = await app.runtime.chain.getMintOwners(
        parsed.results.flatMap((r) => r.minted.map((m) => m.mintAddress)),
      );
      expect([...owners.values()]).toEqual(Array(3).fill(wallet.publicKey.toBase58()));
    });

    it("adds the BOGO bonus as free transactions and counts it against the wallet limit", async () => {
      const wallet = await fundedWallet(app);
      const body = await prepared({
        collectionId: bogo.collectionId,
        phaseId: bogo.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 2,
      });
      expect(body).toMatchObject({
        requestedQuantity: 2,
        totalQuantity: 3,
        quantityAdjusted: false,
        bogo: { buy: 2, get: 1, bonusQuantity: 1 },
      });
      expect(body.pricing).toMatchObject({
        paidQuantity: 2,
        bonusQuantity: 1,
        subtotalRaw: 200_000_000,
        platformFeeRaw: 10_000_000,
      });
      expect(body.pricing.items.map((i) => i.kind)).toEqual(["paid", "paid", "bogo_bonus"]);
      const signed = body.sessions.map((s, i) => ({
        sessionId: s.sessionId,
        signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
      }));
      // Bonus listed first: the batch still executes the purchases first, then the bonus they earned.
      const batch = await executeBatch([signed[2]!, signed[0]!, signed[1]!]);
      expect(batch.status, batch.text).toBe(200);
      const parsed = executeMintBatchResponseSchema.strict().parse(batch.body);
      expect(parsed).toMatchObject({ success: true, totalMinted: 3, successfulTransactions: 3, failedTransactions: 0 });
      expect(parsed.results.map((r) => r.sessionId)).toEqual([
        signed[2]!.sessionId,
        signed[0]!.sessionId,
        signed[1]!.sessionId,
      ]);
      const mints = await app.runtime.database.prisma.mint.findMany({
        where: { collectionId: bogo.collectionId, walletAddress: wallet.publicKey.toBase58() },
      });
      expect(mints.map((m) => m.kind).sort()).toEqual(["bogo_bonus", "paid", "paid"]);
      const again = await prepare({
        collectionId: bogo.collectionId,
        phaseId: bogo.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
      });
      expect(again.status).toBe(409);
      expect(errorBodySchema.parse(again.body).code).toBe("WALLET_LIMIT_REACHED");
    });

    it("lands a buy-1-get-1 prepare of quantity 1 with one execute: the paid NFT and its bonus together", async () => {
      const wallet = await fundedWallet(app);
      const address = wallet.publicKey.toBase58();
      const before = await app.runtime.chain.getBalance(address);
      const body = await prepared({
        collectionId: buyOneGetOne.collectionId,
        phaseId: buyOneGetOne.phaseId,
        walletAddress: address,
        quantity: 1,
      });
      expect(body).toMatchObject({ requestedQuantity: 1, totalQuantity: 2, bogo: { bonusQuantity: 1 } });
      expect(body.pricing.items.map((i) => i.kind)).toEqual(["paid", "bogo_bonus"]);
      // Quantity 1: one transaction for the wallet to sign, one session naming both NFTs.
      expect(body.transactions).toEqual([
        { transaction: expect.any(String), isVersionedTransaction: false, nftCount: 2 },
      ]);
      expect(body.sessions).toHaveLength(1);
      expect(body.sessions[0]!.nftCount).toBe(2);
      expect(body.sessions[0]!.nftIds).toHaveLength(2);
      const prisma = app.runtime.database.prisma;
      const group = await prisma.mintSession.findMany({
        where: { walletAddress: address, collectionId: buyOneGetOne.collectionId },
      });
      const bonus = group.find((s) => s.kind === "bogo_bonus")!;
      const signed = signPrepared(body.transactions[0]!.transaction, wallet);

      // The bonus never lands alone: its own session cannot be executed with anything the wallet holds.
      const alone = await execute(bonus.id, signed);
      expect(alone.status).toBe(400);
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: bonus.id } })).toMatchObject({
        status: "prepared",
      });

      const result = await execute(body.sessions[0]!.sessionId, signed);
      expect(result.status, result.text).toBe(200);
      const executed = executeMintResultSchema.strict().parse(result.body);
      expect(executed.minted).toBe(2);
      expect(executed.nfts!.map((n) => n.nftId).sort()).toEqual([...body.sessions[0]!.nftIds].sort());
      const mints = await prisma.mint.findMany({
        where: { collectionId: buyOneGetOne.collectionId, walletAddress: address },
      });
      expect(mints.map((m) => m.kind).sort()).toEqual(["bogo_bonus", "paid"]);
      const owners = await app.runtime.chain.getMintOwners(executed.nfts!.map((n) => n.mintAddress));
      expect([...owners.values()]).toEqual([address, address]);
      // The wallet paid what pricing said, the bonus's rent and fees included (the server is reimbursed in the paid transaction).
      expect(before - (await app.runtime.chain.getBalance(address))).toBe(BigInt(body.pricing.walletDebitRaw));
    });

    it("reduces the quantity to the wallet's limit, and then refuses", async () => {
      const wallet = await fundedWallet(app);
      const bogoRoom = await prepared({
        collectionId: bogo.collectionId,
        phaseId: bogo.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 3,
      });
      // 3 paid + 1 bonus would exceed 3: 2 paid + 1 bonus instead.
      expect(bogoRoom).toMatchObject({
        requestedQuantity: 3,
        totalQuantity: 3,
        quantityAdjusted: true,
        pricing: { paidQuantity: 2, bonusQuantity: 1 },
      });
      expect(bogoRoom.adjustmentReason).toMatch(/3 more/);

      const aurora = await app.runtime.database.prisma.collection.findUniqueOrThrow({
        where: { shortId: "aurora" },
        include: { phases: true },
      });
      const body = await prepared({
        collectionId: "aurora",
        phaseId: aurora.phases[0]!.id,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 5,
      });
      expect(body).toMatchObject({ requestedQuantity: 5, totalQuantity: 2, quantityAdjusted: true });
      expect(body.pricing).toMatchObject({
        unitPriceRaw: 0,
        freeQuantity: 2,
        paidQuantity: 0,
        platformFeeRaw: 0,
        totalRaw: 0,
      });
      expect(body.adjustmentReason).toEqual(expect.any(String));
      // Editions, never the master.
      const nfts = await app.runtime.database.prisma.nft.findMany({
        where: { id: { in: body.sessions.flatMap((s) => s.nftIds) } },
      });
      expect(nfts.every((n) => !n.isMasterEdition && n.status === "reserved" && n.editionNumber !== null)).toBe(true);
      // Landed mints count: once both are minted, the wallet has nothing left.
      const minted = await executeBatch(
        body.sessions.map((s, i) => ({
          sessionId: s.sessionId,
          signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
        })),
      );
      expect(executeMintBatchResponseSchema.parse(minted.body).totalMinted).toBe(2);
      const again = await prepare({
        collectionId: "aurora",
        phaseId: aurora.phases[0]!.id,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
      });
      expect(again.status).toBe(409);
      expect(errorBodySchema.parse(again.body).code).toBe("WALLET_LIMIT_REACHED");
    });

    it("never hands one NFT to two sessions, nor more than the limits, under concurrent prepares", async () => {
      const small = await createFixtureDrop(app, {
        shortId: "fixture-small",
        price: PRICE,
        supply: 7,
        maxPerWallet: 4,
        phaseSupply: 6,
      });
      const allKey = await app.createKey({ keyClass: "live", collections: "all" });
      const wallets = await Promise.all(Array.from({ length: 4 }, () => fundedWallet(app)));
      const ask = (wallet: Keypair, quantity: number) =>
        callJson("POST", "/api/v1/prepare-mint", {
          headers: { "x-api-key": allKey },
          body: {
            collectionId: small.collectionId,
            phaseId: small.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity,
          },
        });
      // One wallet asking four times at once for 2 (limit 4), three others for 2 each (phaseSupply 6).
      const responses = await Promise.all([
        ...Array.from({ length: 4 }, () => ask(wallets[0]!, 2)),
        ...wallets.slice(1).map((w) => ask(w, 2)),
      ]);
      for (const r of responses.filter((r) => r.status !== 200))
        expect(["WALLET_LIMIT_REACHED", "SOLD_OUT"]).toContain(errorBodySchema.parse(r.body).code);
      // Each prepare of wallet 0 supersedes its previous one: only live sessions hold NFTs.
      const prisma = app.runtime.database.prisma;
      const live = await prisma.mintSession.findMany({ where: { phaseId: small.phaseId, status: "prepared" } });
      const heldIds = live.map((s) => s.nftId);
      expect(new Set(heldIds).size).toBe(heldIds.length);
      expect(heldIds.length).toBe(6);
      expect(live.filter((s) => s.walletAddress === wallets[0]!.publicKey.toBase58()).length).toBeLessThanOrEqual(2);
      const reserved = await prisma.nft.findMany({ where: { collectionId: small.collectionId, status: "reserved" } });
      expect(reserved.map((n) => n.reservedBySession).sort()).toEqual(live.map((s) => s.id).sort());
    });

    it("applies the wallet's redeemed claim codes: a free mint, then one discount", async () => {
      const prisma = app.runtime.database.prisma;
      const wallet = await fundedWallet(app);
      const address = wallet.publicKey.toBase58();
      const redeem = async (grant: { grantType: "free_mint" | "discount"; discountPercent?: number }, code: string) => {
        const batch = await prisma.claimCodeBatch.create({
          data: { collectionId: paid.collectionId, phaseId: paid.phaseId, name: code, ...grant },
        });
        const created = await prisma.claimCode.create({
          data: { batchId: batch.id, collectionId: paid.collectionId, code },
        });
        await prisma.claimCodeRedemption.create({
          data: {
            codeId: created.id,
            batchId: batch.id,
            collectionId: paid.collectionId,
            walletAddress: address,
            allocation: 1,
          },
        });
        return created.id;
      };
      const freeCode = await redeem({ grantType: "free_mint" }, "FIX-FREE");
      await redeem({ grantType: "discount", discountPercent: 50 }, "FIX-HALF");
      const body = await prepared({
        collectionId: paid.collectionId,
        phaseId: paid.phaseId,
        walletAddress: address,
        quantity: 3,
      });
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw, i.discountRaw, i.platformFeeRaw])).toEqual([
        ["claim_code", 0, 100_000_000, 0],
        ["paid", 50_000_000, 50_000_000, 5_000_000],
        ["paid", 100_000_000, 0, 5_000_000],
      ]);
      expect(body.pricing).toMatchObject({
        paidQuantity: 2,
        claimCodeQuantity: 1,
        subtotalRaw: 150_000_000,
        discountRaw: 150_000_000,
        platformFeeRaw: 10_000_000,
      });
      // A second prepare supersedes the first: its codes are free again for the new sessions.
      const second = await prepared({
        collectionId: paid.collectionId,
        phaseId: paid.phaseId,
        walletAddress: address,
        quantity: 1,
      });
      expect(second.pricing.items[0]).toMatchObject({ kind: "claim_code", priceRaw: 0 });
      const superseded = await executeBatch([
        {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
        },
      ]);
      expect(executeMintBatchResponseSchema.parse(superseded.body).results[0]).toMatchObject({
        success: false,
        errorCode: "SESSION_SUPERSEDED",
      });

      const result = await execute(
        second.sessions[0]!.sessionId,
        signPrepared(second.transactions[0]!.transaction, wallet),
      );
      expect(result.status, result.text).toBe(200);
      expect(executeMintResultSchema.parse(result.body).totalCost).toBe(0);
      expect(await prisma.claimCode.findUniqueOrThrow({ where: { id: freeCode } })).toMatchObject({ usesCount: 1 });
      expect(await prisma.claimCodeRedemption.findFirstOrThrow({ where: { codeId: freeCode } })).toMatchObject({
        used: 1,
      });
      expect(await prisma.mint.findFirstOrThrow({ where: { sessionId: second.sessions[0]!.sessionId } })).toMatchObject(
        { kind: "claim_code", pricePaid: 0n, feePaid: 0n },
      );
    });

    it("charges a dutch auction's live price, the figure /dutch-price quotes", async () => {
      const prisma = app.runtime.database.prisma;
      const dutch = await createFixtureDrop(app, { shortId: "fixture-dutch", price: 0n, supply: 3 });
      const lamports = (sol: number) => String(Math.round(sol * 1e9));
      await prisma.phase.update({
        where: { id: dutch.phaseId },
        data: {
          priceModel: "dutch",
          startDate: new Date(Date.now() - 25 * 60_000),
          dutchConfig: {
            basePrice: lamports(0.5),
            floorPrice: lamports(0.1),
            ceilingPrice: lamports(1),
            decayAmount: lamports(0.05),
            decayIntervalMinutes: 10,
            surgePremium: lamports(0.2),
            surgeThreshold: 5,
            surgeWindowMinutes: 10,
          },
        },
      });
      const allKey = await app.createKey({ keyClass: "live", collections: "all" });
      const quote = await callJson("GET", `/api/v1/phases/${dutch.phaseId}/dutch-price`, {
        headers: { "x-api-key": allKey },
      });
      expect(quote.body?.price).toBe(0.4);
      const wallet = await fundedWallet(app);
      const response = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": allKey },
        body: {
          collectionId: dutch.collectionId,
          phaseId: dutch.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
      expect(response.status, response.text).toBe(200);
      expect(preparedMintResponseSchema.parse(response.body).pricing).toMatchObject({
        priceModel: "dutch",
        unitPrice: 0.4,
        unitPriceRaw: 400_000_000,
      });
    });

    it("refuses a wallet that cannot pay, before reserving anything", async () => {
      const wallet = await fundedWallet(app, 50_000_000n); // 0.05 SOL < 0.105 SOL
      const prisma = app.runtime.database.prisma;
      const reservedBefore = await prisma.nft.count({ where: { collectionId: paid.collectionId, status: "reserved" } });
      const response = await prepare({
        collectionId: paid.collectionId,
        phaseId: paid.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
      });
      expect(response.status).toBe(402);
      expect(errorBodySchema.parse(response.body).code).toBe("INSUFFICIENT_BALANCE");
      // Enough for one but not for two: refused too, nothing held.
      const some = await fundedWallet(app, 150_000_000n);
      const two = await prepare({
        collectionId: paid.collectionId,
        phaseId: paid.phaseId,
        walletAddress: some.publicKey.toBase58(),
        quantity: 2,
      });
      expect(errorBodySchema.parse(two.body).code).toBe("INSUFFICIENT_BALANCE");
      expect(
        await prisma.mintSession.count({
          where: { walletAddress: { in: [wallet.publicKey.toBase58(), some.publicKey.toBase58()] } },
        }),
      ).toBe(0);
      expect(await prisma.nft.count({ where: { collectionId: paid.collectionId, status: "reserved" } })).toBe(
        reservedBefore,
      );
    });

    it("refuses an expired session; its NFT is free again once its blockhash has passed, and can be minted again", async () => {
      // A drop of one NFT: the next prepare comes up short, so it sweeps the drop's dead sessions at once.
      const wallet: Keypair = await fundedWallet(app);
      const body = await prepared({
        collectionId: single.collectionId,
        phaseId: single.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
      });
      const sessionId = body.sessions[0]!.sessionId;
      const nftId = body.sessions[0]!.nftIds[0]!;
      const prisma = app.runtime.database.prisma;
      await prisma.mintSession.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const other = await fundedWallet(app);
      // Its blockhash can still land: the NFT stays held, and the drop answers sold out.
      const held = await prepare({
        collectionId: single.collectionId,
        phaseId: single.phaseId,
        walletAddress: other.publicKey.toBase58(),
        quantity: 1,
      });
      expect(errorBodySchema.parse(held.body).code).toBe("SOLD_OUT");
      await (app.runtime.chain as EmbeddedChain).expireBlockhash();
      const response = await execute(sessionId, signPrepared(body.transactions[0]!.transaction, wallet));
      expect(response.status).toBe(410);
      expect(errorBodySchema.parse(response.body).code).toBe("SESSION_EXPIRED");
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({
        status: "expired",
      });
      // Freed by the next prepare of the drop, at once since it came up short: the blockhash has passed and the mint account does not exist.
      await new Promise((resolve) => setTimeout(resolve, SHORT_SUPPLY_SWEEP_MS));
      const again = await prepared({
        collectionId: single.collectionId,
        phaseId: single.phaseId,
        walletAddress: other.publicKey.toBase58(),
        quantity: 1,
      });
      expect(again.sessions[0]!.nftIds).toEqual([nftId]);
      const minted = await execute(
        again.sessions[0]!.sessionId,
        signPrepared(again.transactions[0]!.transaction, other),
      );
      expect(minted.status, minted.text).toBe(200);
    });
  });
}

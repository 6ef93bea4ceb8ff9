// Every limit is consumed by what lands (issue 21, items 4, 5, 8 and 12): a single-use
// allowlist code, a gate NFT, a redemption NFT, a BOGO bonus, a phase's supply and a code's
// uses, each tried as an attacker would with real keypairs on the embedded chain. Real
// PGlite and PostgreSQL.
import { Keypair, PublicKey, Transaction } from "@solana/web3.js";
import {
  TOKEN_2022_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/services/context";
import { prepareMint } from "@/lib/services/mint/prepare";
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

const PRICE = 100_000_000n; // 0.1 SOL

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`limits consumed by what lands on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    const prisma = () => app.runtime.database.prisma;
    const shortIds: string[] = [];

    const prepare = (on: FixtureDrop, wallet: Keypair, extra: Record<string, unknown> = {}) =>
      callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: on.collectionId,
          phaseId: on.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          ...extra,
        },
      });
    const prepared = async (on: FixtureDrop, wallet: Keypair, extra: Record<string, unknown> = {}) => {
      const response = await prepare(on, wallet, extra);
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.parse(response.body);
    };
    const codeOf = (response: { body: unknown }) => errorBodySchema.parse(response.body).code;
    const signed = (body: PreparedMintResponse, wallet: Keypair, positions: number[]) =>
      positions.map((i) => ({
        sessionId: body.sessions[i]!.sessionId,
        signedTransaction: signPrepared(body.transactions[i]!.transaction, wallet),
      }));
    const batch = async (items: Array<{ sessionId: string; signedTransaction: string }>) => {
      const response = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: { "x-api-key": key },
        body: { transactions: items },
      });
      expect(response.status, response.text).toBe(200);
      return executeMintBatchResponseSchema.parse(response.body);
    };
    const execute = (body: PreparedMintResponse, wallet: Keypair) =>
      callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: signed(body, wallet, [0])[0],
      });
    /** The database's clock passes a session's expiry (the reservation then ends as it would in time). */
    const expireSessions = (ids: string[]) =>
      prisma().mintSession.updateMany({
        where: { id: { in: ids } },
        data: { expiresAt: new Date(Date.now() - 1_000) },
      });
    const drops: Record<string, FixtureDrop> = {};
    const fixture = async (shortId: string, options: Omit<Parameters<typeof createFixtureDrop>[1], "shortId">) => {
      drops[shortId] = await createFixtureDrop(app, { shortId, ...options });
      shortIds.push(shortId);
      return drops[shortId];
    };
    /** Moves one NFT (Token-2022, 0 decimals) from `from` to `to` on the embedded chain, signed by its holder. */
    const transferNft = async (mint: string, from: Keypair, to: PublicKey) => {
      const mintKey = new PublicKey(mint);
      const source = getAssociatedTokenAddressSync(mintKey, from.publicKey, false, TOKEN_2022_PROGRAM_ID);
      const target = getAssociatedTokenAddressSync(mintKey, to, false, TOKEN_2022_PROGRAM_ID);
      const { blockhash } = await app.runtime.chain.getLatestBlockhash();
      const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: blockhash }).add(
        createAssociatedTokenAccountIdempotentInstruction(from.publicKey, target, to, mintKey, TOKEN_2022_PROGRAM_ID),
        createTransferCheckedInstruction(source, mintKey, target, from.publicKey, 1, 0, [], TOKEN_2022_PROGRAM_ID),
      );
      tx.sign(from);
      await app.runtime.chain.sendRawTransaction(tx.serialize());
    };
    /** Mints one NFT of `on` for `wallet` through prepare and execute; its mint address. */
    const mintOne = async (on: FixtureDrop, wallet: Keypair) => {
      const body = await prepared(on, wallet, { quantity: 1 });
      const result = await execute(body, wallet);
      expect(result.status, result.text).toBe(200);
      return executeMintResultSchema.parse(result.body).nfts![0]!.mintAddress;
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false, env: { CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "1000" } });
      // Every drop is shaped before its first prepare (drop facts are cached from then on).
      const listed = await fixture("limits-listed", { price: PRICE, supply: 20 });
      await prisma().phase.update({ where: { id: listed.phaseId }, data: { isGated: true } });
      const batchRow = await prisma().claimCodeBatch.create({
        data: {
          collectionId: listed.collectionId,
          phaseId: listed.phaseId,
          name: "One allowlist spot",
          grantType: "whitelist",
          mintAllocation: 3,
        },
      });
      await prisma().claimCode.create({
        data: { batchId: batchRow.id, collectionId: listed.collectionId, code: "LIST-ONCE", maxUses: 1 },
      });

      await fixture("limits-gate-source", { price: PRICE, supply: 5 });
      const gated = await fixture("limits-gated", { price: PRICE, supply: 20 });
      const source = await prisma().collection.findUniqueOrThrow({
        where: { id: drops["limits-gate-source"]!.collectionId },
      });
      await prisma().phase.update({ where: { id: gated.phaseId }, data: { isGated: true } });
      await prisma().gateRule.create({
        data: {
          phaseId: gated.phaseId,
          kind: "nft_gate",
          ruleName: "Source holders",
          collections: [source.collectionAddress!],
          multiplier: 1,
        },
      });

      await fixture("limits-phase", { price: PRICE, supply: 10, phaseSupply: 2 });
      await fixture("limits-codes", { price: PRICE, supply: 10 });
      await fixture("limits-bogo", { price: PRICE, supply: 20, bogo: { buy: 1, get: 1 } });
      await fixture("limits-bogo-range", { price: PRICE, supply: 4, bogo: { buy: 1, get: 1 } });
      const range = drops["limits-bogo-range"]!;
      await prisma().phase.update({
        where: { id: range.phaseId },
        data: { priceModel: "range", priceMax: PRICE * 10n },
      });
      // Token 1 is the commonest, token 2 the rarest.
      for (const [i, rank] of [4, 1, 3, 2].entries())
        await prisma().nft.update({ where: { id: range.nftIds[i]! }, data: { rarityRank: rank } });
      key = await app.createKey({ keyClass: "live", collections: shortIds });
    });
    afterAll(() => app?.close());

    it("a single-use allowlist code admits one wallet, however its sessions are executed (item 4)", async () => {
      const listed = drops["limits-listed"]!;
      const code = () => prisma().claimCode.findFirstOrThrow({ where: { code: "LIST-ONCE" } });
      const first = await fundedWallet(app);
      const body = await prepared(listed, first, { quantity: 3, claimCode: "list-once" });
      expect(body.totalQuantity).toBe(3);
      // The attack: execute every session but one, and let that one expire.
      const result = await batch(signed(body, first, [1, 2]));
      expect(result.totalMinted).toBe(2);
      await expireSessions([body.sessions[0]!.sessionId]);
      // What landed consumed the code's one use.
      expect((await code()).usesCount).toBe(1);

      const second = await fundedWallet(app);
      const refused = await prepare(listed, second, { quantity: 3, claimCode: "list-once" });
      expect([refused.status, codeOf(refused)]).toEqual([400, "CLAIM_CODE_INVALID"]);
      expect(await prisma().mint.count({ where: { phaseId: listed.phaseId } })).toBe(2);
      // The first wallet keeps the spots it redeemed.
      const again = await prepared(listed, first, { quantity: 3 });
      expect(again.totalQuantity).toBe(1);
    });

    it("a gate NFT admits one wallet per phase: passed on, it admits nobody else, and eligibility says so (item 5)", async () => {
      const gated = drops["limits-gated"]!;
      // Other tests of this file mint in the same phase, in any order: count this test's own.
      const mintedBefore = await prisma().mint.count({ where: { phaseId: gated.phaseId } });
      const holder = await fundedWallet(app);
      const gateMint = await mintOne(drops["limits-gate-source"]!, holder);
      await mintOne(gated, holder);

      const next = await fundedWallet(app);
      await transferNft(gateMint, holder, next.publicKey);
      const eligibility = await callJson(
        "GET",
        `/api/v1/collections/${gated.collectionId}/eligibility/${gated.phaseId}/${next.publicKey.toBase58()}`,
        { headers: { "x-api-key": key } },
      );
      expect(eligibility.status, eligibility.text).toBe(200);
      expect(eligibility.body).toMatchObject({ meetsRequirements: false });
      const refused = await prepare(gated, next, { quantity: 1 });
      expect([refused.status, codeOf(refused)]).toEqual([403, "NOT_ELIGIBLE"]);
      expect(await prisma().mint.count({ where: { phaseId: gated.phaseId } })).toBe(mintedBefore + 1);
    });

    it("a gate NFT held at prepare but passed on before execute admits the wallet that executes while holding it (item 5)", async () => {
      const gated = drops["limits-gated"]!;
      const holder = await fundedWallet(app);
      const gateMint = await mintOne(drops["limits-gate-source"]!, holder);
      const early = await prepared(gated, holder, { quantity: 1 });
      const next = await fundedWallet(app);
      await transferNft(gateMint, holder, next.publicKey);
      const late = await prepared(gated, next, { quantity: 1 });
      // The first wallet no longer holds it: refused at execute, nothing sent.
      const stale = await execute(early, holder);
      expect([stale.status, codeOf(stale)]).toEqual([403, "NOT_ELIGIBLE"]);
      expect((await execute(late, next)).status).toBe(200);
      expect(
        await prisma().mint.count({ where: { phaseId: gated.phaseId, walletAddress: holder.publicKey.toBase58() } }),
      ).toBe(0);
    });

    it("a redemption NFT backs one mint, even when passed on between two codes' sessions (item 5)", async () => {
      const drop = drops["limits-codes"]!;
      const holder = await fundedWallet(app);
      const nftMint = await mintOne(drop, holder);
      const batchRow = await prisma().claimCodeBatch.create({
        data: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          name: "Redeem",
          grantType: "nft_redemption",
          mintAllocation: 1,
        },
      });
      await prisma().claimCode.createMany({
        data: ["LIM-REDEEM-A", "LIM-REDEEM-B"].map((code) => ({
          batchId: batchRow.id,
          collectionId: drop.collectionId,
          code,
          redeemNftMint: nftMint,
        })),
      });
      const first = await prepared(drop, holder, { quantity: 1, claimCode: "LIM-REDEEM-A" });
      const next = await fundedWallet(app);
      await transferNft(nftMint, holder, next.publicKey);
      const second = await prepared(drop, next, { quantity: 1, claimCode: "LIM-REDEEM-B" });
      const results = [await execute(first, holder), await execute(second, next)];
      expect(results.map((r) => r.status)).toEqual([400, 200]);
      expect(codeOf(results[0]!)).toBe("CLAIM_CODE_INVALID");
      expect(await prisma().redeemedNft.count({ where: { batchId: batchRow.id } })).toBe(1);
      expect(
        await prisma().mintSession.count({ where: { claimCode: { batchId: batchRow.id }, status: "minted" } }),
      ).toBe(1);
    });

    it("prepare counts phase supply and code holds on the database's clock, not its own (item 12)", async () => {
      const phaseDrop = drops["limits-phase"]!;
      const ahead = app.context({ clock: fixedClock(new Date(Date.now() + 10 * 60_000)) });
      const ref = { id: phaseDrop.collectionId } as Parameters<typeof prepareMint>[1];
      const first = await fundedWallet(app);
      const held = await prepared(phaseDrop, first, { quantity: 2 });
      expect(held.totalQuantity).toBe(2);
      const skewed = await fundedWallet(app);
      const refused = await prepareMint(ahead, ref, {
        phaseId: phaseDrop.phaseId,
        walletAddress: skewed.publicKey.toBase58(),
        quantity: 2,
      } as Parameters<typeof prepareMint>[2]).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: "SOLD_OUT" });

      const codes = drops["limits-codes"]!;
      const batchRow = await prisma().claimCodeBatch.create({
        data: { collectionId: codes.collectionId, phaseId: codes.phaseId, name: "Free once", grantType: "free_mint" },
      });
      await prisma().claimCode.create({
        data: { batchId: batchRow.id, collectionId: codes.collectionId, code: "FREE-ONCE", maxUses: 1 },
      });
      await prepared(codes, await fundedWallet(app), { quantity: 1, claimCode: "FREE-ONCE" });
      const codeRefused = await prepareMint(
        ahead,
        { id: codes.collectionId } as Parameters<typeof prepareMint>[1],
        {
          phaseId: codes.phaseId,
          walletAddress: (await fundedWallet(app)).publicKey.toBase58(),
          quantity: 1,
          claimCode: "FREE-ONCE",
        } as Parameters<typeof prepareMint>[2],
      ).catch((e: unknown) => e);
      expect(codeRefused).toMatchObject({ code: "CLAIM_CODE_INVALID" });
    });

    it("a bonus is signed only once every purchase of its group has landed (item 8)", async () => {
      const drop = drops["limits-bogo"]!;
      const wallet = await fundedWallet(app);
      const body = await prepared(drop, wallet, { quantity: 2 });
      expect(body.pricing.items.map((i) => i.kind)).toEqual(["paid", "paid", "bogo_bonus", "bogo_bonus"]);
      // One purchase and one bonus: the bonus waits for the other purchase.
      const partial = await batch(signed(body, wallet, [0, 2]));
      expect(partial.results.map((r) => r.errorCode ?? "ok")).toEqual(["ok", "BONUS_WITHOUT_PURCHASE"]);
      const rest = await batch(signed(body, wallet, [1, 2, 3]));
      expect(rest.totalMinted).toBe(3);
    });

    it("an NFT a discount made free earns no bonus (item 8)", async () => {
      const drop = drops["limits-bogo"]!;
      const batchRow = await prisma().claimCodeBatch.create({
        data: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          name: "All off",
          grantType: "discount",
          discountPercent: 100,
          discountUses: 5,
        },
      });
      await prisma().claimCode.create({
        data: { batchId: batchRow.id, collectionId: drop.collectionId, code: "ALL-OFF" },
      });
      const body = await prepared(drop, await fundedWallet(app), { quantity: 1, claimCode: "ALL-OFF" });
      expect(body.pricing.items.map((i) => [i.kind, i.priceRaw])).toEqual([["paid", 0]]);
      expect(body.pricing.bonusQuantity).toBe(0);
    });

    it("the server gives the commonest NFTs of a group as bonuses, never the buyer's pick (item 8)", async () => {
      const drop = drops["limits-bogo-range"]!;
      const body = await prepared(drop, await fundedWallet(app), { quantity: 2 });
      const ranks = await Promise.all(
        body.sessions.map(
          async (s) => (await prisma().nft.findUniqueOrThrow({ where: { id: s.nftIds[0]! } })).rarityRank,
        ),
      );
      const kinds = body.pricing.items.map((i) => i.kind);
      const paidRanks = ranks.filter((_, i) => kinds[i] === "paid");
      const bonusRanks = ranks.filter((_, i) => kinds[i] === "bogo_bonus");
      // Rank 1 is the rarest: every bonus is commoner than every purchase.
      expect(Math.min(...bonusRanks.map(Number))).toBeGreaterThan(Math.max(...paidRanks.map(Number)));
    });
  });
}

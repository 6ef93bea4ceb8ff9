// Bounties pay out, for real on the embedded chain, from the drop's prize account: a SOL
// prize, a token prize and an NFT from the inventory (which moves unassigned → assigned →
// claimed) arrive in the winner's wallet, paid by the payout worker's run after the mint that
// won them (never inside execute: issue 22 item 12); a free-mint prize
// mints the winner another NFT of the drop, counted like any mint. Settling is idempotent:
// a payout interrupted after it was written ahead (sent or not) is finished by maintenance,
// and nothing is ever paid twice, even by two instances at once.
import { PublicKey, type Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFungibleMintToTransaction, buildFungibleMintTransaction, type Chain } from "@/lib/chain";
import { bountyPrizesResponseSchema } from "@/lib/schemas/bounties";
import { executeMintResultSchema, preparedMintResponseSchema } from "@/lib/schemas/mint";
import { walletMintsResponseSchema } from "@/lib/schemas/wallet-mints";
import { prizeAccountOf, settleAward, settlePendingAwards } from "@/lib/services/bounty-payouts";
import type { ServiceContext } from "@/lib/services/context";
import { serviceContextOf } from "@/lib/server/runtime";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

const SOL_PRIZE = 500_000_000n;
const TOKEN_PRIZE = 7_000_000n; // 7 tokens of 6 decimals

for (const target of databaseTargets) {
  // A story, in order: each mint wins the next bounty of the drop (shuffle off: the order is the test).
  describe.skipIf(!target.available)(`bounty payouts on ${target.name}`, { shuffle: false }, () => {
    let app: TestApp;
    let ctx: ServiceContext;
    let key: string;
    let drop: FixtureDrop;
    let prizeAccount: string;
    let prizeToken: string;
    let prizeNft: string;

    const chain = () => app.runtime.chain;
    /** One run of the payout worker. */
    const payOut = () => settlePendingAwards(ctx);
    const tokenBalance = async (owner: string, mint: string) =>
      (await chain().getTokenBalances(owner)).find((b) => b.mint === mint)?.amount ?? 0n;
    /** Mints one NFT of the drop for a new funded wallet; answers the wallet and the execute result. */
    const mintOne = async () => {
      const wallet = await fundedWallet(app);
      const response = await callJson("POST", "/api/v1/prepare-mint", {
        headers: { "x-api-key": key },
        body: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
      const prepared = preparedMintResponseSchema.parse(response.body);
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers: { "x-api-key": key },
        body: {
          sessionId: prepared.sessions[0]!.sessionId,
          signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
        },
      });
      expect(executed.status, executed.text).toBe(200);
      return {
        wallet,
        result: executeMintResultSchema.parse(executed.body),
        walletDebit: BigInt(prepared.pricing.walletDebitRaw),
      };
    };
    /** A fungible token (or, with decimals 0 and amount 1, an NFT) minted into the prize account. */
    const tokenInPrizeAccount = async (decimals: number, amount: bigint) => {
      const authority = app.runtime.keys.mintAuthority;
      const { transaction, mint } = buildFungibleMintTransaction({
        mintAuthority: authority,
        decimals,
        recentBlockhash: (await chain().getLatestBlockhash()).blockhash,
      });
      await chain().sendRawTransaction(transaction.serialize());
      const mintTo = buildFungibleMintToTransaction({
        mintAuthority: authority,
        mint: mint.publicKey,
        recipients: [{ owner: new PublicKey(prizeAccount), amount }],
        recentBlockhash: (await chain().getLatestBlockhash()).blockhash,
      });
      await chain().sendRawTransaction(mintTo.serialize());
      return mint.publicKey.toBase58();
    };
    /** An award won by an earlier mint, pending, as the triggers write it. */
    const pendingSolAward = async (winner: Keypair) => {
      const nft = await app.runtime.database.prisma.nft.findFirstOrThrow({
        where: { collectionId: drop.collectionId, status: "minted" },
      });
      return app.runtime.database.prisma.bountyAward.create({
        data: {
          collectionId: drop.collectionId,
          nftId: nft.id,
          walletAddress: winner.publicKey.toBase58(),
          bountyType: "token",
          amount: 1_000_000n,
          tokenSymbol: "SOL",
        },
      });
    };
    /** The chain as a process sees it when its connection drops: a send may or may not have happened, and nothing can be asked. */
    const droppingChain = (sendFirst: boolean): ServiceContext => {
      const real: Chain = chain();
      const cut = () => Promise.reject(new Error("connection reset"));
      const dropping = Object.create(real) as Chain;
      dropping.sendRawTransaction = async (wire, options) => {
        if (sendFirst) await real.sendRawTransaction(wire, options);
        return cut();
      };
      dropping.getSignatureStatus = cut;
      return { ...ctx, chain: dropping };
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      ctx = serviceContextOf(app.runtime);
      drop = await createFixtureDrop(app, { shortId: "fixture-bounty", price: 10_000_000n, supply: 10 });
      prizeAccount = prizeAccountOf(ctx, drop.collectionId);
      await chain().airdrop(prizeAccount, 5_000_000_000n);
      prizeToken = await tokenInPrizeAccount(6, 100_000_000n);
      prizeNft = await tokenInPrizeAccount(0, 1n);
      const prisma = app.runtime.database.prisma;
      await prisma.collection.update({ where: { id: drop.collectionId }, data: { bountyPrizesEnabled: true } });
      const base = { collectionId: drop.collectionId };
      await prisma.bounty.create({
        data: {
          ...base,
          name: "First mint",
          bountyType: "token",
          triggerMintCount: 1,
          tokenSymbol: "SOL",
          tokenDecimals: 9,
          amount: SOL_PRIZE,
        },
      });
      await prisma.bounty.create({
        data: {
          ...base,
          name: "Second mint",
          bountyType: "token",
          triggerMintCount: 2,
          tokenSymbol: "PRZ",
          tokenDecimals: 6,
          tokenMint: prizeToken,
          amount: TOKEN_PRIZE,
        },
      });
      const relic = await prisma.bounty.create({
        data: { ...base, name: "Third mint", bountyType: "nft", triggerMintCount: 3, nftName: "Relic" },
      });
      await prisma.bountyInventoryItem.create({
        data: { ...base, bountyId: relic.id, name: "Relic", mintAddress: prizeNft },
      });
      await prisma.bounty.create({
        data: { ...base, name: "Fourth mint", bountyType: "free_mint", triggerMintCount: 4 },
      });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-bounty"] });
    });
    afterAll(() => app?.close());

    it("names the prize account that pays the prizes", async () => {
      const prizes = bountyPrizesResponseSchema.parse(
        (await callJson("GET", "/api/v1/collections/fixture-bounty/bounty-prizes", { headers: { "x-api-key": key } }))
          .body,
      );
      expect(prizes).toMatchObject({ enabled: true, prize_account: prizeAccount });
    });

    it("pays a SOL prize with the mint that wins it, from the prize account", async () => {
      const prizeBefore = await chain().getBalance(prizeAccount);
      const walletStart = 5_000_000_000n;
      const { wallet, result, walletDebit } = await mintOne();
      expect(result.bountyInfo!.directBounties).toEqual([
        expect.objectContaining({
          name: "First mint",
          bountyType: "token",
          payoutStatus: "pending",
          amount: Number(SOL_PRIZE),
        }),
      ]);
      // Execute answered without paying: the worker's run does.
      expect(await chain().getBalance(prizeAccount)).toBe(prizeBefore);
      expect(await payOut()).toEqual({ paid: 1, pending: 0 });
      expect(await chain().getBalance(wallet.publicKey.toBase58())).toBe(walletStart - walletDebit + SOL_PRIZE);
      // The prize and one signature fee.
      expect(prizeBefore - (await chain().getBalance(prizeAccount))).toBe(SOL_PRIZE + 5_000n);
    });

    it("pays a token prize into the winner's token account", async () => {
      const { wallet, result } = await mintOne();
      expect(result.bountyInfo!.directBounties[0]).toMatchObject({ name: "Second mint", payoutStatus: "pending" });
      await payOut();
      expect(await tokenBalance(wallet.publicKey.toBase58(), prizeToken)).toBe(TOKEN_PRIZE);
      expect(await tokenBalance(prizeAccount, prizeToken)).toBe(100_000_000n - TOKEN_PRIZE);
    });

    it("hands over the inventory NFT, and the item moves to claimed", async () => {
      const item = () =>
        app.runtime.database.prisma.bountyInventoryItem.findFirstOrThrow({ where: { mintAddress: prizeNft } });
      expect((await item()).state).toBe("unassigned");
      const { wallet, result } = await mintOne();
      expect(result.bountyInfo!.directBounties[0]).toMatchObject({
        name: "Third mint",
        payoutStatus: "pending",
        memo: "Relic",
      });
      await payOut();
      expect(await tokenBalance(wallet.publicKey.toBase58(), prizeNft)).toBe(1n);
      expect(await item()).toMatchObject({ state: "claimed", claimedWinner: wallet.publicKey.toBase58() });
    });

    it("mints a free-mint winner another NFT of the drop, paid by the prize account and counted as a bounty mint", async () => {
      const { wallet, result } = await mintOne();
      const address = wallet.publicKey.toBase58();
      expect(result.bountyInfo!.directBounties[0]).toMatchObject({
        name: "Fourth mint",
        bountyType: "free_mint",
        payoutStatus: "pending",
      });
      await payOut();
      const mints = await app.runtime.database.prisma.mint.findMany({
        where: { walletAddress: address },
        include: { nft: true },
        orderBy: { mintedAt: "asc" },
      });
      expect(mints.map((m) => m.kind)).toEqual(["paid", "bounty_bonus"]);
      expect(mints[1]!.pricePaid).toBe(0n);
      const owners = await chain().getMintOwners(mints.map((m) => m.nft.mintAddress!));
      expect([...owners.values()]).toEqual([address, address]);
      const counts = walletMintsResponseSchema.parse(
        (
          await callJson("GET", `/api/v1/collections/fixture-bounty/wallet-mints/${address}`, {
            headers: { "x-api-key": key },
          })
        ).body,
      );
      expect(counts.totalMinted).toBe(2);
    });

    it("never pays twice: settling a paid award again, or two settles at once, pays once", async () => {
      const winner = await fundedWallet(app, 0n);
      const award = await pendingSolAward(winner);
      const statuses = await Promise.all([
        settleAward(ctx, award.id),
        settleAward(ctx, award.id),
        settleAward(ctx, award.id),
      ]);
      expect(statuses).toContain("paid");
      expect(await settleAward(ctx, award.id)).toBe("paid");
      await settlePendingAwards(ctx);
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(1_000_000n);
    });

    it("finishes a payout sent just before its process died, without sending it again", async () => {
      const winner = await fundedWallet(app, 0n);
      const award = await pendingSolAward(winner);
      await expect(settleAward(droppingChain(true), award.id)).rejects.toThrow("connection reset");
      const left = await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } });
      expect(left).toMatchObject({ payoutStatus: "pending", payoutSignature: expect.any(String) });
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(1_000_000n); // it did land

      await settlePendingAwards(ctx);
      expect(
        await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } }),
      ).toMatchObject({ payoutStatus: "paid" });
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(1_000_000n);
    });

    it("finishes a payout written ahead but never sent by sending that same transaction", async () => {
      const winner = await fundedWallet(app, 0n);
      const award = await pendingSolAward(winner);
      await expect(settleAward(droppingChain(false), award.id)).rejects.toThrow("connection reset");
      const written = await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } });
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(0n);

      await settlePendingAwards(ctx);
      const paid = await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } });
      expect(paid).toMatchObject({ payoutStatus: "paid", payoutSignature: written.payoutSignature });
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(1_000_000n);
    });

    it("leaves a prize the prize account cannot cover pending with its reason, and pays it once funded", async () => {
      const poor = await createFixtureDrop(app, { shortId: "fixture-poor", price: 10_000_000n, supply: 3 });
      const nft = await app.runtime.database.prisma.nft.findFirstOrThrow({
        where: { collectionId: poor.collectionId },
      });
      const winner = await fundedWallet(app, 0n);
      const award = await app.runtime.database.prisma.bountyAward.create({
        data: {
          collectionId: poor.collectionId,
          nftId: nft.id,
          walletAddress: winner.publicKey.toBase58(),
          bountyType: "token",
          amount: 2_000_000n,
          tokenSymbol: "SOL",
        },
      });
      expect(await settleAward(ctx, award.id)).toBe("pending");
      expect(
        await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } }),
      ).toMatchObject({
        payoutStatus: "pending",
        payoutSignature: expect.any(String), // kept until its blockhash expires: it could still land
        payoutError: expect.any(String),
      });
      await chain().airdrop(prizeAccountOf(ctx, poor.collectionId), 1_000_000_000n);
      expect(await settleAward(ctx, award.id)).toBe("paid");
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(2_000_000n);
    });

    // Issue 21 item 9: a refused send used to clear the written-ahead signature, so the next
    // run built a new transfer while the first one's bytes (still held by another settler, or
    // by the node that refused them at preflight) could land too: two payouts.
    it("keeps a refused payout's transaction until its blockhash expires, so its bytes and a new transfer never both land", async () => {
      const poor = await createFixtureDrop(app, { shortId: "fixture-refused", price: 10_000_000n, supply: 3 });
      const nft = await app.runtime.database.prisma.nft.findFirstOrThrow({
        where: { collectionId: poor.collectionId },
      });
      const winner = await fundedWallet(app, 0n);
      const award = await app.runtime.database.prisma.bountyAward.create({
        data: {
          collectionId: poor.collectionId,
          nftId: nft.id,
          walletAddress: winner.publicKey.toBase58(),
          bountyType: "token",
          amount: 2_000_000n,
          tokenSymbol: "SOL",
        },
      });
      // The first settler's transfer is refused (the prize account is empty); its bytes stay out there.
      const sent: Uint8Array[] = [];
      const recording = Object.create(chain()) as Chain;
      recording.sendRawTransaction = (wire, options) => (sent.push(wire), chain().sendRawTransaction(wire, options));
      expect(await settleAward({ ...ctx, chain: recording }, award.id)).toBe("pending");
      expect(sent).toHaveLength(1);

      await chain().airdrop(prizeAccountOf(ctx, poor.collectionId), 1_000_000_000n);
      await (chain() as Chain & { advanceBlocks(blocks: bigint): Promise<void> }).advanceBlocks(10n); // a newer blockhash
      expect(await settleAward(ctx, award.id)).toBe("paid");
      // Another settler sends the first bytes again before their blockhash expires.
      await chain()
        .sendRawTransaction(sent[0]!)
        .catch(() => undefined);
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(2_000_000n);
    });

    it("builds a new transfer for a refused payout once its blockhash has expired unlanded", async () => {
      const poor = await createFixtureDrop(app, { shortId: "fixture-expired", price: 10_000_000n, supply: 3 });
      const nft = await app.runtime.database.prisma.nft.findFirstOrThrow({
        where: { collectionId: poor.collectionId },
      });
      const winner = await fundedWallet(app, 0n);
      const award = await app.runtime.database.prisma.bountyAward.create({
        data: {
          collectionId: poor.collectionId,
          nftId: nft.id,
          walletAddress: winner.publicKey.toBase58(),
          bountyType: "token",
          amount: 3_000_000n,
          tokenSymbol: "SOL",
        },
      });
      expect(await settleAward(ctx, award.id)).toBe("pending");
      const refused = await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } });
      await (chain() as Chain & { advanceBlocks(blocks: bigint): Promise<void> }).advanceBlocks(200n);
      await chain().airdrop(prizeAccountOf(ctx, poor.collectionId), 1_000_000_000n);
      expect(await settleAward(ctx, award.id)).toBe("paid");
      const paid = await app.runtime.database.prisma.bountyAward.findUniqueOrThrow({ where: { id: award.id } });
      expect(paid.payoutSignature).not.toBe(refused.payoutSignature);
      expect(await chain().getBalance(winner.publicKey.toBase58())).toBe(3_000_000n);
    });
  });
}

// What execute-mint refuses before anything reaches the chain (every tampering variant),
// repeats and concurrency, the batch answer, uncertain outcomes settled by the reconciler,
// and prepare-mint's refusals in the spec's order.
import { Keypair, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChainUnavailableError, type EmbeddedChain } from "@/lib/chain";
import {
  executeMintBatchResponseSchema,
  executeMintResultSchema,
  preparedMintResponseSchema,
  type PreparedMintResponse,
} from "@/lib/schemas/mint";
import { reconcileMintSessions } from "@/lib/services/mint/reconcile";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { contractOf } from "../../helpers/contract";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import {
  createFixtureDrop,
  decodePrepared,
  fundedWallet,
  signAnyway,
  signPrepared,
  walletSignatureOf,
  type FixtureDrop,
} from "./fixtures";

/** The quantity maximum the v1 OpenAPI document states for POST /prepare-mint's body. */
function documentedQuantityMaximum(): number {
  const { document } = contractOf("v1");
  const body = (document.paths as any)["/prepare-mint"].post.requestBody.content["application/json"].schema;
  const resolved = body.$ref ? (document.components.schemas as any)[body.$ref.split("/").pop()] : body;
  const maxima = JSON.stringify(resolved.properties.quantity).match(/"maximum":(\d+)/);
  return Number(maxima![1]);
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`execute-mint guards on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;
    let allDropsKey: string;

    const headers = (apiKey = key) => ({ "x-api-key": apiKey });
    const prepare = (body: Record<string, unknown>, apiKey = key) =>
      callJson("POST", "/api/v1/prepare-mint", { headers: headers(apiKey), body });
    const prepareFor = async (wallet: Keypair, quantity = 1): Promise<PreparedMintResponse> => {
      const response = await prepare({
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity,
      });
      expect(response.status, response.text).toBe(200);
      return preparedMintResponseSchema.strict().parse(response.body);
    };
    const execute = (body: Record<string, unknown>, apiKey = key) =>
      callJson("POST", "/api/v1/execute-mint", { headers: headers(apiKey), body });
    const codeOf = (response: { body: unknown }) => errorBodySchema.parse(response.body).code;

    beforeAll(async () => {
      app = await startTestApp(target);
      drop = await createFixtureDrop(app, { shortId: "fixture-guards", price: 50_000_000n, supply: 30 });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-guards", "sprites", "packs", "aurora"] });
      allDropsKey = await app.createKey({ keyClass: "live", collections: "all" });
    });
    afterAll(() => app?.close());

    it("refuses every tampered transaction before sending it, then mints the genuine one", async () => {
      const wallet = await fundedWallet(app);
      const attacker = Keypair.generate().publicKey;
      const body = await prepareFor(wallet);
      const otherWallet = await fundedWallet(app);
      const otherBody = await prepareFor(otherWallet);
      const mine = body.sessions[0]!.sessionId;
      const original = body.transactions[0]!.transaction;
      const tampered = (change: (t: ReturnType<typeof decodePrepared>) => void) => {
        const transaction = decodePrepared(original);
        change(transaction);
        return signAnyway(transaction, wallet);
      };
      const variants: Array<[string, string, string]> = [
        [
          "changed amount",
          "TRANSACTION_MISMATCH",
          tampered((t) => {
            const data = Buffer.from(t.instructions[1]!.data);
            data.writeBigUInt64LE(1n, 4);
            t.instructions[1]!.data = data;
          }),
        ],
        [
          "changed recipient",
          "TRANSACTION_MISMATCH",
          tampered((t) => {
            t.instructions[1]!.keys[1]!.pubkey = attacker;
          }),
        ],
        [
          "added instruction",
          "TRANSACTION_MISMATCH",
          tampered((t) => {
            t.add(SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: attacker, lamports: 1_000_000 }));
          }),
        ],
        [
          "dropped instruction",
          "TRANSACTION_MISMATCH",
          tampered((t) => {
            t.instructions.splice(2, 1);
          }),
        ],
        [
          "another session's transaction",
          "TRANSACTION_MISMATCH",
          signPrepared(otherBody.transactions[0]!.transaction, otherWallet),
        ],
        [
          "bad signature",
          "INVALID_SIGNATURE",
          (() => {
            const bytes = Buffer.from(signPrepared(original, wallet), "base64");
            bytes[5]! ^= 0xff;
            return bytes.toString("base64");
          })(),
        ],
        ["no wallet signature", "INVALID_SIGNATURE", original],
        ["not a transaction", "TRANSACTION_MISMATCH", Buffer.from("hello").toString("base64")],
      ];
      const balance = await app.runtime.chain.getBalance(wallet.publicKey.toBase58());
      for (const [what, code, signedTransaction] of variants) {
        const response = await execute({ sessionId: mine, signedTransaction });
        expect(response.status, what).toBe(400);
        expect(codeOf(response), what).toBe(code);
        if (code === "TRANSACTION_MISMATCH" && what !== "not a transaction") {
          expect((await app.runtime.chain.getSignatureStatus(walletSignatureOf(signedTransaction))).state, what).toBe(
            "not_found",
          );
        }
      }
      expect(await app.runtime.chain.getBalance(wallet.publicKey.toBase58())).toBe(balance);
      expect(await app.runtime.database.prisma.mintSession.findUniqueOrThrow({ where: { id: mine } })).toMatchObject({
        status: "prepared",
        signature: null,
      });

      const genuine = await execute({ sessionId: mine, signedTransaction: signPrepared(original, wallet) });
      expect(genuine.status, genuine.text).toBe(200);
      const replay = await execute({ sessionId: mine, signedTransaction: signPrepared(original, wallet) });
      expect([replay.status, codeOf(replay)]).toEqual([409, "ALREADY_COMPLETED"]);
      const second = await execute({
        sessionId: otherBody.sessions[0]!.sessionId,
        signedTransaction: signPrepared(otherBody.transactions[0]!.transaction, otherWallet),
      });
      expect(second.status, second.text).toBe(200);
    });

    it("lands exactly one mint from ten concurrent executes of one session", async () => {
      const wallet = await fundedWallet(app);
      const body = await prepareFor(wallet);
      const signed = signPrepared(body.transactions[0]!.transaction, wallet);
      const sessionId = body.sessions[0]!.sessionId;
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => execute({ sessionId, signedTransaction: signed })),
      );
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of responses.filter((r) => r.status !== 200)) {
        expect(r.status).toBe(409);
        expect(["ALREADY_PROCESSING", "ALREADY_COMPLETED"]).toContain(codeOf(r));
      }
      expect(await app.runtime.database.prisma.mint.count({ where: { sessionId } })).toBe(1);
    });

    it("refuses execute with WALLET_BLOCKED when a block is placed after prepare, and keeps the session", async () => {
      const prisma = app.runtime.database.prisma;
      const wallet = await fundedWallet(app);
      const body = await prepareFor(wallet);
      const sessionId = body.sessions[0]!.sessionId;
      const signed = signPrepared(body.transactions[0]!.transaction, wallet);
      const until = new Date(Date.now() + 3_600_000);
      const block = await prisma.walletBlock.create({
        data: {
          walletAddress: wallet.publicKey.toBase58(),
          collectionId: drop.collectionId,
          reason: "Chargeback under review",
          blockedUntil: until,
        },
      });
      const single = await execute({ sessionId, signedTransaction: signed });
      expect([single.status, codeOf(single)]).toEqual([403, "WALLET_BLOCKED"]);
      expect(single.body).toMatchObject({ reason: "Chargeback under review", blockedUntil: until.toISOString() });
      const batch = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(),
        body: { transactions: [{ sessionId, signedTransaction: signed }] },
      });
      const answer = executeMintBatchResponseSchema.parse(batch.body);
      expect([answer.success, answer.results[0]!.errorCode]).toEqual([false, "WALLET_BLOCKED"]);
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: sessionId } })).toMatchObject({
        status: "prepared",
        signature: null,
      });
      expect((await app.runtime.chain.getSignatureStatus(walletSignatureOf(signed))).state).toBe("not_found");

      // The block lifted, the same signed transaction still mints: the refusal did not burn the session.
      await prisma.walletBlock.delete({ where: { id: block.id } });
      const lifted = await execute({ sessionId, signedTransaction: signed });
      expect(lifted.status, lifted.text).toBe(200);
    });

    it("answers a batch with one good and one tampered transaction with 200 and the counts", async () => {
      const wallet = await fundedWallet(app);
      const body = await prepareFor(wallet, 2);
      const bad = decodePrepared(body.transactions[1]!.transaction);
      bad.instructions[1]!.keys[1]!.pubkey = Keypair.generate().publicKey;
      const response = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(),
        body: {
          transactions: [
            {
              sessionId: body.sessions[0]!.sessionId,
              signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
            },
            { sessionId: body.sessions[1]!.sessionId, signedTransaction: signAnyway(bad, wallet) },
          ],
        },
      });
      expect(response.status, response.text).toBe(200);
      const parsed = executeMintBatchResponseSchema.strict().parse(response.body);
      expect(parsed).toMatchObject({ success: true, totalMinted: 1, successfulTransactions: 1, failedTransactions: 1 });
      expect(parsed.results[0]).toMatchObject({ success: true, mintedCount: 1, signature: expect.any(String) });
      expect(parsed.results[1]).toMatchObject({ success: false, errorCode: "TRANSACTION_MISMATCH", minted: [] });

      const none = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(),
        body: { transactions: [{ sessionId: crypto.randomUUID(), signedTransaction: "AAAA" }] },
      });
      expect(none.status).toBe(200);
      expect(executeMintBatchResponseSchema.parse(none.body)).toMatchObject({
        success: false,
        totalMinted: 0,
        failedTransactions: 1,
        results: [{ errorCode: "SESSION_NOT_FOUND" }],
      });
      const empty = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(),
        body: { transactions: [] },
      });
      expect([empty.status, codeOf(empty)]).toEqual([400, "INVALID_REQUEST"]);
    });

    it("answers OUTCOME_PENDING when the chain cannot confirm, and the reconciler settles both ways", async () => {
      const chain = app.runtime.chain;
      const send = chain.sendRawTransaction.bind(chain);
      const wallet = await fundedWallet(app);
      const lostWallet = await fundedWallet(app);
      const body = await prepareFor(wallet);
      const lostBody = await prepareFor(lostWallet);
      const [landing, lost] = [body.sessions[0]!.sessionId, lostBody.sessions[0]!.sessionId];
      // The first lands but the answer is lost; the second never reaches the chain.
      chain.sendRawTransaction = async (bytes: Uint8Array) => {
        await send(bytes);
        throw new ChainUnavailableError("connection lost");
      };
      const first = await execute({
        sessionId: landing,
        signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
      });
      chain.sendRawTransaction = async () => {
        throw new ChainUnavailableError("connection lost");
      };
      const second = await execute({
        sessionId: lost,
        signedTransaction: signPrepared(lostBody.transactions[0]!.transaction, lostWallet),
      });
      chain.sendRawTransaction = send;
      for (const r of [first, second])
        expect([r.status, codeOf(r), r.body?.pending]).toEqual([503, "OUTCOME_PENDING", true]);

      const prisma = app.runtime.database.prisma;
      expect(await reconcileMintSessions(app.context(), { pendingGraceMs: 0 })).toMatchObject({
        minted: 1,
        pending: 1,
      });
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: lost } })).toMatchObject({ status: "pending" });
      await (chain as EmbeddedChain).expireBlockhash();
      expect(await reconcileMintSessions(app.context(), { pendingGraceMs: 0 })).toMatchObject({
        released: 1,
        freed: 1,
      });
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: lost } })).toMatchObject({ status: "released" });
      expect(await prisma.nft.findUniqueOrThrow({ where: { id: lostBody.sessions[0]!.nftIds[0]! } })).toMatchObject({
        status: "available",
      });

      const later = await execute({
        sessionId: landing,
        signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
      });
      expect(later.status, later.text).toBe(200);
      const recovered = executeMintResultSchema.strict().parse(later.body);
      expect(recovered).toMatchObject({ minted: 1, recovered: true });
      expect(recovered.signature).toBeUndefined();
      expect(recovered.nfts).toBeUndefined();
    });

    it("awards the bounty of the Nth mint and a recurring pool draw, once", async () => {
      const prisma = app.runtime.database.prisma;
      const bountyDrop = await createFixtureDrop(app, { shortId: "fixture-bounty", price: 10_000_000n, supply: 5 });
      const bounty = await prisma.bounty.create({
        data: {
          collectionId: bountyDrop.collectionId,
          name: "First mint",
          bountyType: "token",
          triggerMintCount: 1,
          tokenSymbol: "SOL",
          tokenDecimals: 9,
          amount: 500_000_000n,
        },
      });
      const pool = await prisma.bountyPool.create({
        data: { collectionId: bountyDrop.collectionId, name: "Every mint", recurEveryNMints: 1, recurMaxFires: 1 },
      });
      await prisma.bountyPoolEntry.create({
        data: { poolId: pool.id, rewardType: "grant", weightBps: 10_000, displayLabel: "A shout-out" },
      });
      const wallet = await fundedWallet(app);
      const mintOne = async () => {
        const response = await prepare(
          {
            collectionId: bountyDrop.collectionId,
            phaseId: bountyDrop.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity: 1,
          },
          allDropsKey,
        );
        const body = preparedMintResponseSchema.parse(response.body);
        const result = await execute(
          {
            sessionId: body.sessions[0]!.sessionId,
            signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
          },
          allDropsKey,
        );
        expect(result.status, result.text).toBe(200);
        return executeMintResultSchema.strict().parse(result.body);
      };
      const first = await mintOne();
      expect(first.bountyInfo?.directBounties).toEqual([
        {
          bountyId: bounty.id,
          poolId: null,
          name: "First mint",
          bountyType: "token",
          amount: 500_000_000,
          tokenSymbol: "SOL",
          payoutStatus: "pending",
          memo: null,
        },
        {
          bountyId: null,
          poolId: pool.id,
          name: "Every mint",
          bountyType: "grant",
          amount: null,
          tokenSymbol: null,
          payoutStatus: "not_applicable",
          memo: "A shout-out",
        },
      ]);
      expect(first.nfts![0]!.bounty).toEqual({
        bountyType: "token",
        amount: 500_000_000,
        tokenSymbol: "SOL",
        payoutStatus: "pending",
      });
      expect(await prisma.bounty.findUniqueOrThrow({ where: { id: bounty.id } })).toMatchObject({
        isClaimed: true,
        claimedWinner: wallet.publicKey.toBase58(),
      });
      const second = await mintOne();
      expect(second.bountyInfo).toBeNull();
      expect(await prisma.bountyPool.findUniqueOrThrow({ where: { id: pool.id } })).toMatchObject({
        recurFiresCount: 1,
      });
    });

    it("fails the session when the chain refuses the transaction, and frees its NFT once the blockhash has passed", async () => {
      const wallet = await fundedWallet(app, 200_000_000n);
      const body = await prepareFor(wallet);
      // The wallet spends its SOL elsewhere after preparing.
      const { blockhash } = await app.runtime.chain.getLatestBlockhash();
      const drain = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(
        SystemProgram.transfer({
          fromPubkey: wallet.publicKey,
          toPubkey: Keypair.generate().publicKey,
          lamports: 190_000_000,
        }),
      );
      drain.sign(wallet);
      await app.runtime.chain.sendRawTransaction(drain.serialize());
      const response = await execute({
        sessionId: body.sessions[0]!.sessionId,
        signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
      });
      expect([response.status, codeOf(response)]).toEqual([400, "TRANSACTION_REJECTED"]);
      const prisma = app.runtime.database.prisma;
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: body.sessions[0]!.sessionId } })).toMatchObject({
        status: "failed",
      });
      const again = await execute({
        sessionId: body.sessions[0]!.sessionId,
        signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
      });
      expect([again.status, codeOf(again)]).toEqual([400, "TRANSACTION_REJECTED"]);
      // The fully signed transaction reached the chain once: its NFT stays held while it could still land.
      const nftId = body.sessions[0]!.nftIds[0]!;
      await reconcileMintSessions(app.context());
      expect(await prisma.nft.findUniqueOrThrow({ where: { id: nftId } })).toMatchObject({
        status: "reserved",
        reservedBySession: body.sessions[0]!.sessionId,
      });
      await (app.runtime.chain as EmbeddedChain).expireBlockhash();
      expect(await reconcileMintSessions(app.context())).toMatchObject({ freed: 1 });
      expect(await prisma.nft.findUniqueOrThrow({ where: { id: nftId } })).toMatchObject({
        status: "available",
        reservedBySession: null,
      });
    });

    it("sweeps expired sessions, and frees their NFTs only once their transactions can no longer land", async () => {
      const wallet = await fundedWallet(app);
      const body = await prepareFor(wallet, 2);
      const prisma = app.runtime.database.prisma;
      const nftIds = body.sessions.flatMap((s) => s.nftIds);
      await prisma.mintSession.updateMany({
        where: { id: { in: body.sessions.map((s) => s.sessionId) } },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      expect((await reconcileMintSessions(app.context())).expired).toBeGreaterThanOrEqual(2);
      expect(
        await prisma.mintSession.count({
          where: { id: { in: body.sessions.map((s) => s.sessionId) }, status: "expired" },
        }),
      ).toBe(2);
      // The blockhash is still good: the NFTs stay held.
      expect(await prisma.nft.count({ where: { id: { in: nftIds }, status: "reserved" } })).toBe(2);
      await (app.runtime.chain as EmbeddedChain).expireBlockhash();
      expect((await reconcileMintSessions(app.context())).freed).toBeGreaterThanOrEqual(2);
      expect(
        await prisma.nft.count({ where: { id: { in: nftIds }, status: "available", reservedBySession: null } }),
      ).toBe(2);
    });

    it("creates the NFTs of an open-ended drop at prepare", async () => {
      const open = await createFixtureDrop(app, { shortId: "fixture-open", price: 1_000_000n, openEnded: true });
      const wallet = await fundedWallet(app);
      const response = await prepare(
        {
          collectionId: open.collectionId,
          phaseId: open.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 2,
        },
        allDropsKey,
      );
      const body = preparedMintResponseSchema.parse(response.body);
      const prisma = app.runtime.database.prisma;
      const nfts = await prisma.nft.findMany({
        where: { collectionId: open.collectionId },
        orderBy: { tokenId: "asc" },
      });
      expect(nfts.map((n) => [n.tokenId, n.name, n.status])).toEqual([
        [1, "Fixture fixture-open #1", "reserved"],
        [2, "Fixture fixture-open #2", "reserved"],
      ]);
      const single = await execute(
        {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
        },
        allDropsKey,
      );
      expect([single.status, codeOf(single)]).toEqual([400, "BATCH_REQUIRED"]);
      const batch = await callJson("POST", "/api/v1/execute-mint/batch", {
        headers: headers(allDropsKey),
        body: {
          transactions: [
            {
              sessionId: body.sessions[0]!.sessionId,
              signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
            },
          ],
        },
      });
      expect(executeMintBatchResponseSchema.parse(batch.body)).toMatchObject({ totalMinted: 1 });
      expect(
        await prisma.nft.findFirstOrThrow({ where: { collectionId: open.collectionId, tokenId: 1 } }),
      ).toMatchObject({ status: "minted" });
    });

    it("refuses bad execute requests", async () => {
      const hash = await execute({ transactionHash: "5".repeat(88) });
      expect([hash.status, codeOf(hash)]).toEqual([400, "CLIENT_BROADCAST_NOT_ALLOWED"]);
      const unknown = await execute({ sessionId: crypto.randomUUID(), signedTransaction: "AAAA" });
      expect([unknown.status, codeOf(unknown)]).toEqual([404, "SESSION_NOT_FOUND"]);
      const malformed = await execute({ sessionId: "nope", signedTransaction: "AAAA" });
      expect([malformed.status, codeOf(malformed)]).toEqual([400, "INVALID_REQUEST"]);
      const wallet = await fundedWallet(app);
      const body = await prepareFor(wallet);
      const otherKey = await app.createKey({ keyClass: "live", collections: ["sprites"] });
      const foreign = await execute(
        {
          sessionId: body.sessions[0]!.sessionId,
          signedTransaction: signPrepared(body.transactions[0]!.transaction, wallet),
        },
        otherKey,
      );
      expect([foreign.status, codeOf(foreign)]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
    });

    it("refuses prepare-mint requests in the spec's order", async () => {
      const prisma = app.runtime.database.prisma;
      const wallet = await fundedWallet(app);
      const address = wallet.publicKey.toBase58();
      const sprites = await prisma.collection.findUniqueOrThrow({
        where: { shortId: "sprites" },
        include: { phases: true },
      });
      const phaseOf = (name: string) => sprites.phases.find((p) => p.name === name)!.id;
      const ask = (body: Record<string, unknown>, apiKey?: string) =>
        prepare(
          { collectionId: drop.collectionId, phaseId: drop.phaseId, walletAddress: address, quantity: 1, ...body },
          apiKey,
        );

      for (const bad of [
        { quantity: 0 },
        { quantity: 51 },
        { quantity: "two" },
        { quantity: 1.5 },
        { walletAddress: "not-a-wallet" },
        { phaseId: "x" },
      ]) {
        const response = await ask(bad);
        expect([response.status, codeOf(response)], JSON.stringify(bad)).toEqual([400, "INVALID_REQUEST"]);
      }
      const scoped = await ask({ collectionId: "nightfall" });
      expect([scoped.status, codeOf(scoped)]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
      const allKey = await app.createKey({ keyClass: "live", collections: "all" });
      const unknown = await ask({ collectionId: "no-such-drop" }, allKey);
      expect([unknown.status, codeOf(unknown)]).toEqual([404, "COLLECTION_NOT_FOUND"]);
      const foreignPhase = await ask({ phaseId: phaseOf("Public") });
      expect([foreignPhase.status, codeOf(foreignPhase)]).toEqual([404, "PHASE_NOT_FOUND"]);

      const packs = await prisma.collection.findUniqueOrThrow({
        where: { shortId: "packs" },
        include: { phases: true },
      });
      const surface = await ask({ collectionId: "packs", phaseId: packs.phases[0]!.id });
      expect([surface.status, codeOf(surface), surface.body?.mintUrl]).toEqual([
        409,
        "MINT_NOT_SUPPORTED_BY_SURFACE",
        packs.mintUrl,
      ]);
      await prisma.collection.update({ where: { id: packs.id }, data: { chain: "ethereum-mainnet" } });
      const otherChain = await ask({ collectionId: "packs", phaseId: packs.phases[0]!.id });
      expect([otherChain.status, codeOf(otherChain)]).toEqual([400, "CHAIN_NOT_SUPPORTED_BY_SURFACE"]);

      const upcoming = await ask({ collectionId: "sprites", phaseId: phaseOf("Public") });
      expect([upcoming.status, codeOf(upcoming)]).toEqual([409, "PHASE_NOT_ACTIVE"]);
      const gated = await ask({ collectionId: "sprites", phaseId: phaseOf("Allowlist") });
      expect([gated.status, codeOf(gated)]).toEqual([403, "NOT_ELIGIBLE"]);

      const until = new Date(Date.now() + 3_600_000);
      await prisma.walletBlock.create({
        data: {
          walletAddress: address,
          collectionId: drop.collectionId,
          reason: "Chargeback under review",
          blockedUntil: until,
        },
      });
      const blocked = await ask({});
      expect([blocked.status, codeOf(blocked)]).toEqual([403, "WALLET_BLOCKED"]);
      expect(blocked.body).toMatchObject({
        reason: "Chargeback under review",
        blockedUntil: until.toISOString(),
        permanent: false,
      });
      await prisma.walletBlock.deleteMany({ where: { walletAddress: address } });

      const poor = Keypair.generate().publicKey.toBase58();
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await ask({ walletAddress: poor }));
      expect(answers.slice(0, 10).map(codeOf)).toEqual(Array(10).fill("INSUFFICIENT_BALANCE"));
      const limited = answers[10]!;
      expect([limited.status, codeOf(limited)]).toEqual([429, "COLLECTION_RATE_LIMITED"]);
      expect(limited.body?.retryAfter).toBeGreaterThan(0);
      expect(limited.headers.get("retry-after")).toBe(String(limited.body?.retryAfter));
    });

    it("prepares exactly the quantity bound the OpenAPI document states, and refuses one more", async () => {
      const documented = documentedQuantityMaximum();
      const big = await createFixtureDrop(app, { shortId: "fixture-bounds", price: 1_000_000n, supply: 200 });
      const boundsKey = await app.createKey({ keyClass: "live", collections: ["fixture-bounds"] });
      const wallet = await fundedWallet(app);
      const ask = (quantity: number) =>
        prepare(
          {
            collectionId: big.collectionId,
            phaseId: big.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity,
          },
          boundsKey,
        );
      const atMost = await ask(documented);
      expect(atMost.status, atMost.text).toBe(200);
      expect(preparedMintResponseSchema.parse(atMost.body)).toMatchObject({
        totalQuantity: documented,
        quantityAdjusted: false,
      });
      const over = await ask(documented + 1);
      expect([over.status, codeOf(over)]).toEqual([400, "INVALID_REQUEST"]);
    });

    it("derives capabilities: supportedBySurface false exactly when prepare refuses the drop, claim_codes when it has codes", async () => {
      const prisma = app.runtime.database.prisma;
      const derived = await createFixtureDrop(app, { shortId: "fixture-derived", price: 1_000_000n, supply: 5 });
      const derivedKey = await app.createKey({ keyClass: "live", collections: ["fixture-derived"] });
      const wallet = await fundedWallet(app);
      const capabilities = async () =>
        (
          (await callJson("GET", `/api/v1/collections/${derived.shortId}`, { headers: headers(derivedKey) })).body as {
            capabilities: { supportedBySurface: boolean; requiresFeatures: string[] };
          }
        ).capabilities;
      const ask = () =>
        prepare(
          {
            collectionId: derived.collectionId,
            phaseId: derived.phaseId,
            walletAddress: wallet.publicKey.toBase58(),
            quantity: 1,
          },
          derivedKey,
        );
      expect(await capabilities()).toMatchObject({ supportedBySurface: true, requiresFeatures: [] });
      expect((await ask()).status).toBe(200);

      // Each cause prepare refuses the drop for turns the capability off, and back on once it is gone.
      const causes: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
        [
          "a phase priced in another token",
          () => prisma.phase.update({ where: { id: derived.phaseId }, data: { currency: "USDC" } }),
          () => prisma.phase.update({ where: { id: derived.phaseId }, data: { currency: "SOL" } }),
        ],
        [
          "broken pegged price settings",
          () => prisma.phase.update({ where: { id: derived.phaseId }, data: { priceModel: "pegged", pegConfig: {} } }),
          () => prisma.phase.update({ where: { id: derived.phaseId }, data: { priceModel: "fixed" } }),
        ],
        [
          "a fair drop with a range phase",
          () =>
            prisma.$transaction([
              prisma.phase.update({ where: { id: derived.phaseId }, data: { priceModel: "range" } }),
              prisma.collection.update({
                where: { id: derived.collectionId },
                data: { fairCommitment: "ab".repeat(32) },
              }),
            ]),
          () =>
            prisma.$transaction([
              prisma.phase.update({ where: { id: derived.phaseId }, data: { priceModel: "fixed" } }),
              prisma.collection.update({ where: { id: derived.collectionId }, data: { fairCommitment: null } }),
            ]),
        ],
      ];
      for (const [cause, apply, undo] of causes) {
        await apply();
        expect((await capabilities()).supportedBySurface, cause).toBe(false);
        const refused = await ask();
        expect([refused.status, codeOf(refused)], cause).toEqual([409, "MINT_NOT_SUPPORTED_BY_SURFACE"]);
        await undo();
        expect((await capabilities()).supportedBySurface, `${cause} undone`).toBe(true);
      }

      // A drop created without requiresFeatures (as npm run drop creates it) that has claim codes requires them.
      const batch = await prisma.claimCodeBatch.create({
        data: { collectionId: derived.collectionId, name: "Friends", grantType: "free_mint", mintAllocation: 1 },
      });
      await prisma.claimCode.create({
        data: { batchId: batch.id, collectionId: derived.collectionId, code: "FRIEND-1" },
      });
      expect((await capabilities()).requiresFeatures).toContain("claim_codes");
    });

    it("records the affiliate and drops an invalid wallet provider", async () => {
      const prisma = app.runtime.database.prisma;
      const affiliate = await prisma.affiliate.create({
        data: {
          collectionId: drop.collectionId,
          code: "PAL",
          walletAddress: new PublicKey(Keypair.generate().publicKey).toBase58(),
        },
      });
      const wallet = await fundedWallet(app);
      const response = await prepare({
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
        affiliate_code: "pal",
        walletProvider: "<script>",
      });
      const body = preparedMintResponseSchema.parse(response.body);
      expect(await prisma.mintSession.findUniqueOrThrow({ where: { id: body.sessions[0]!.sessionId } })).toMatchObject({
        affiliateId: affiliate.id,
        walletProvider: null,
      });
      const ignored = await prepare({
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
        quantity: 1,
        affiliate_code: "NOPE",
      });
      const second = preparedMintResponseSchema.parse(ignored.body);
      expect(
        await prisma.mintSession.findUniqueOrThrow({ where: { id: second.sessions[0]!.sessionId } }),
      ).toMatchObject({ affiliateId: null });
    });
  });
}

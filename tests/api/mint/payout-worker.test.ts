// Issue 22 item 12: bounty payouts run in a background worker fed by the pending award rows
// the winning mint writes, never inside execute. Execute answers with the prize pending and
// wakes the worker, which pays it; an award the prize account cannot cover yet is backed off
// (not retried before its next attempt time), then paid once funded, and only once. The
// bounty-prizes read shows where each won prize's payout stands.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bountyPrizesResponseSchema } from "@/lib/schemas/bounties";
import { preparedMintResponseSchema, executeMintResultSchema } from "@/lib/schemas/mint";
import { prizeAccountOf, settlePendingAwards } from "@/lib/services/bounty-payouts";
import { startPayoutWorker } from "@/lib/services/bounty-payout-worker";
import { fixedClock } from "@/lib/services/context";
import { nextPayoutAttemptAt } from "@/lib/domain/payout-backoff";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

const PRIZE = 200_000_000n;

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the bounty payout worker on ${target.name}`, { shuffle: false }, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;
    let prizeAccount: string;

    const prisma = () => app.runtime.database.prisma;
    const mintOne = async () => {
      const wallet = await fundedWallet(app);
      const headers = { "x-api-key": key };
      const body = {
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
      };
      const prepared = preparedMintResponseSchema.parse(
        (await callJson("POST", "/api/v1/prepare-mint", { headers, body: { ...body, quantity: 1 } })).body,
      );
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers,
        body: {
          sessionId: prepared.sessions[0]!.sessionId,
          signedTransaction: signPrepared(prepared.transactions[0]!.transaction, wallet),
        },
      });
      expect(executed.status, executed.text).toBe(200);
      return { wallet: wallet.publicKey.toBase58(), result: executeMintResultSchema.parse(executed.body) };
    };
    /** payout_status of each bounty on the board, by name. */
    const boardPayouts = async () => {
      const response = await callJson("GET", "/api/v1/collections/fixture-worker/bounty-prizes", {
        headers: { "x-api-key": key },
      });
      const board = bountyPrizesResponseSchema.parse(response.body);
      if (!board.enabled) throw new Error("the board is disabled");
      return Object.fromEntries(
        board.sections.flatMap((s) => ("bounties" in s ? s.bounties : [])).map((b) => [b.name, b.payout_status]),
      );
    };
    const awardOf = (name: string) => prisma().bountyAward.findFirstOrThrow({ where: { bounty: { name } } });
    const until = async (check: () => Promise<boolean>) => {
      const deadline = Date.now() + 15_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error("timed out");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      drop = await createFixtureDrop(app, { shortId: "fixture-worker", price: 10_000_000n, supply: 10 });
      prizeAccount = prizeAccountOf(app.context(), drop.collectionId);
      const base = { collectionId: drop.collectionId, bountyType: "token" as const, tokenSymbol: "SOL", amount: PRIZE };
      await prisma().bounty.createMany({
        data: [
          { ...base, name: "First mint", triggerMintCount: 1, tokenDecimals: 9 },
          { ...base, name: "Second mint", triggerMintCount: 2, tokenDecimals: 9 },
        ],
      });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-worker"] });
      await prisma().collection.update({ where: { id: drop.collectionId }, data: { bountyPrizesEnabled: true } });
    });
    afterAll(() => app?.close());

    it("leaves an unfundable prize pending with back-off, and pays it once funded and due", async () => {
      const { wallet, result } = await mintOne();
      expect(result.bountyInfo!.directBounties).toEqual([
        expect.objectContaining({ name: "First mint", payoutStatus: "pending" }),
      ]);
      const now = new Date();
      expect(await settlePendingAwards(app.context({ clock: fixedClock(now) }))).toEqual({ paid: 0, pending: 1 });
      const backedOff = await awardOf("First mint");
      expect(backedOff).toMatchObject({ payoutStatus: "pending", payoutAttempts: 1 });
      expect(backedOff.payoutNextAttemptAt).toEqual(nextPayoutAttemptAt(now, 1));
      expect(await boardPayouts()).toEqual({ "First mint": "pending", "Second mint": null });

      // Funded, but not due yet: not tried again.
      await app.runtime.chain.airdrop(prizeAccount, 2_000_000_000n);
      expect(await settlePendingAwards(app.context({ clock: fixedClock(now) }))).toEqual({ paid: 0, pending: 0 });
      // Due: paid, once.
      const due = app.context({ clock: fixedClock(backedOff.payoutNextAttemptAt!) });
      expect(await settlePendingAwards(due)).toEqual({ paid: 1, pending: 0 });
      expect(await settlePendingAwards(due)).toEqual({ paid: 0, pending: 0 });
      expect((await awardOf("First mint")).payoutStatus).toBe("paid");
      expect(await boardPayouts()).toEqual({ "First mint": "paid", "Second mint": null });
      expect(await app.runtime.chain.getBalance(wallet)).toBeGreaterThan(PRIZE);
    });

    it("is woken by the execute that records a prize, and pays it in the background", async () => {
      // An hour between timed runs: only the execute's wake-up can start this payout.
      const stop = startPayoutWorker(app.context(), 3_600_000);
      try {
        const { result } = await mintOne();
        expect(result.bountyInfo!.directBounties[0]).toMatchObject({ name: "Second mint", payoutStatus: "pending" });
        await until(async () => (await awardOf("Second mint")).payoutStatus === "paid");
      } finally {
        await stop();
      }
    });
  });
}

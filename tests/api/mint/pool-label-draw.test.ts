// Issue 22 item 12 (part): a recurring pool's NFT draw honours the entry's nft_pool_label. The
// drawn NFT comes from that pool's inventory, never from another pool or from the unpooled
// items; an entry whose pool is empty leaves its award waiting for an item instead of taking
// another pool's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`recurring-pool NFT draws by pool label on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;

    const mintOne = async () => {
      const wallet = await fundedWallet(app);
      const headers = { "x-api-key": key };
      const body = {
        collectionId: drop.collectionId,
        phaseId: drop.phaseId,
        walletAddress: wallet.publicKey.toBase58(),
      };
      const prepared = await callJson("POST", "/api/v1/prepare-mint", { headers, body: { ...body, quantity: 1 } });
      expect(prepared.status, prepared.text).toBe(200);
      const { sessions, transactions } = preparedMintResponseSchema.parse(prepared.body);
      const signedTransaction = signPrepared(transactions[0]!.transaction, wallet);
      const executed = await callJson("POST", "/api/v1/execute-mint", {
        headers,
        body: { sessionId: sessions[0]!.sessionId, signedTransaction },
      });
      expect(executed.status, executed.text).toBe(200);
    };

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      drop = await createFixtureDrop(app, { shortId: "fixture-pools", price: 10_000_000n, supply: 10 });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-pools"] });
    });
    afterAll(() => app?.close());

    it("draws the NFT from the entry's labelled pool only", async () => {
      const prisma = app.runtime.database.prisma;
      const base = { collectionId: drop.collectionId };
      // Listed first, so a draw that ignores the label takes these.
      await prisma.bountyInventoryItem.createMany({
        data: [
          { ...base, name: "Unpooled", sortOrder: 0 },
          { ...base, name: "Other vault item", poolLabel: "Other vault", sortOrder: 1 },
          { ...base, name: "Relic", poolLabel: "Relic vault", sortOrder: 2 },
        ],
      });
      const pool = await prisma.bountyPool.create({
        data: { ...base, name: "Every mint", recurEveryNMints: 1, recurMaxFires: 2 },
      });
      await prisma.bountyPoolEntry.create({
        data: { poolId: pool.id, rewardType: "nft", weightBps: 10_000, nftPoolLabel: "Relic vault" },
      });

      await mintOne();
      const first = await prisma.bountyAward.findFirstOrThrow({ where: { poolId: pool.id } });
      const relic = await prisma.bountyInventoryItem.findFirstOrThrow({ where: { name: "Relic" } });
      expect(first.inventoryItemId).toBe(relic.id);

      // The vault is empty now: the next draw waits for an item, it does not take another pool's.
      await mintOne();
      const awards = await prisma.bountyAward.findMany({ where: { poolId: pool.id }, orderBy: { createdAt: "asc" } });
      expect(awards).toHaveLength(2);
      expect(awards[1]!.inventoryItemId).toBeNull();
      const untouched = await prisma.bountyInventoryItem.findMany({
        where: { name: { in: ["Unpooled", "Other vault item"] } },
        select: { state: true },
      });
      expect(untouched.map((item) => item.state)).toEqual(["unassigned", "unassigned"]);
    });
  });
}

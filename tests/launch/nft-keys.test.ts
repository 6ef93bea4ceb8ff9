// lib/services/drop-launch/nft-keys.ts: `update` reads a drop's NFTs page by page, and the
// keys it compares are those of every numbered NFT, whatever the page size: a page boundary
// inside the drop, at its very end, or one page for all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nftKey } from "@/lib/services/drop-launch/drop-shape";
import { nftKeysOf } from "@/lib/services/drop-launch/nft-keys";
import { databaseTargets } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { copyExample, launchFolder } from "./helpers";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`NFT keys of a launched drop on ${target.name}`, () => {
    let app: TestApp;
    let collectionId: string;
    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      collectionId = (await launchFolder(app, copyExample(), "create")).collectionId;
    });
    afterAll(() => app?.close());

    it("are every numbered NFT's, read in pages of any size", async () => {
      const prisma = app.runtime.database.prisma;
      const rows = await prisma.nft.findMany({ where: { collectionId, isMasterEdition: false } });
      const whole = new Map(rows.map((n) => [n.tokenId!, nftKey(n)]));
      expect(whole.size).toBe(10);
      for (const pageSize of [1, 3, 5, 10, 1000]) {
        const keys = await prisma.$transaction((tx) => nftKeysOf(tx, collectionId, pageSize));
        expect(keys, `pages of ${pageSize}`).toEqual(whole);
      }
    });
  });
}

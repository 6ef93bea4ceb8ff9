// GET availability and GET traits against the seeded demo drops (and fixture drops for
// burned NFTs and an open-ended supply), on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availabilityResponseSchema } from "@/lib/schemas/availability";
import { traitsResponseSchema } from "@/lib/schemas/traits";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, type TestApp } from "../helpers/test-app";
import { createFixtureDrop, minutesAgo, newWallet } from "./feed-fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`availability and traits on ${target.name}`, () => {
    let app: TestApp;
    let allKey: string;
    let auroraKey: string;
    const get = (path: string, key = allKey) =>
      callJson("GET", `/api/v1/collections/${path}`, { headers: { "x-api-key": key } });

    beforeAll(async () => {
      app = await startTestApp(target);
      allKey = await app.createKey({ keyClass: "live", collections: "all" });
      auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
    });
    afterAll(() => app?.close());

    it("counts the generative drop's mints", async () => {
      const { status, body } = await get("sprites/availability");
      expect(status).toBe(200);
      const parsed = availabilityResponseSchema.strict().parse(body);
      const sprites = await app.runtime.database.prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
      expect(parsed).toEqual({
        success: true,
        collectionId: sprites.id,
        stats: { total: 100, minted: 12, burned: 0, available: 88, percentMinted: 12 },
      });
      // The same drop by UUID and by on-chain address.
      expect((await get(`${sprites.id}/availability`)).body).toEqual(parsed);
      expect((await get(`${sprites.collectionAddress}/availability`)).body).toEqual(parsed);
    });

    it("counts a limited edition's copies, never its master", async () => {
      const parsed = availabilityResponseSchema.strict().parse((await get("aurora/availability", auroraKey)).body);
      expect(parsed.stats).toEqual({ total: 50, minted: 4, burned: 0, available: 46, percentMinted: 8 });
    });

    it("counts burned NFTs as minted", async () => {
      const wallet = newWallet();
      await createFixtureDrop(app.runtime.database.prisma, {
        shortId: "burned-fixture",
        collection: { totalSupply: 10 },
        nfts: [
          { tokenId: 1, mintedBy: { wallet, at: minutesAgo(3) } },
          { tokenId: 2, mintedBy: { wallet, at: minutesAgo(2) }, status: "burned" },
          { tokenId: 3, mintedBy: { wallet, at: minutesAgo(1) } },
          { tokenId: 4, status: "reserved", reservedByWallet: wallet, reservedUntil: new Date(Date.now() + 60_000) },
          { tokenId: 5 },
        ],
      });
      const parsed = availabilityResponseSchema.strict().parse((await get("burned-fixture/availability")).body);
      // The NFT held by a mint in progress still counts as available (documented as approximate).
      expect(parsed.stats).toEqual({ total: 10, minted: 3, burned: 1, available: 7, percentMinted: 30 });
    });

    it("reports available null for an open-ended drop", async () => {
      await createFixtureDrop(app.runtime.database.prisma, {
        shortId: "open-fixture",
        collection: { totalSupply: null, editionType: "open_edition" },
        nfts: [{ tokenId: 1, mintedBy: { wallet: newWallet(), at: minutesAgo(1) } }],
      });
      const parsed = availabilityResponseSchema.strict().parse((await get("open-fixture/availability")).body);
      expect(parsed.stats).toEqual({ total: 0, minted: 1, burned: 0, available: null, percentMinted: 0 });
    });

    it("gives every trait value's count, minted, available and rarity figures", async () => {
      const { status, body } = await get("sprites/traits");
      expect(status).toBe(200);
      const parsed = traitsResponseSchema.strict().parse(body);
      expect(parsed.totalNfts).toBe(100);
      expect(parsed.methodology).toMatch(/count \/ totalNfts/);
      expect(parsed).not.toHaveProperty("message");
      expect(parsed.traits.length).toBeGreaterThan(0);
      for (const trait of parsed.traits) {
        expect(trait.uniqueValues).toBe(trait.values.length);
        expect(trait.values.reduce((sum, v) => sum + v.count, 0)).toBe(100);
        expect(trait.values.reduce((sum, v) => sum + v.minted, 0)).toBe(12);
        for (const v of trait.values) {
          expect(v.available).toBe(v.count - v.minted);
          expect(v.probability).toBeCloseTo(v.count / 100, 12);
          expect(v.percentage).toBeCloseTo(v.count, 10);
          expect(v.informationContent).toBeCloseTo(-Math.log2(v.count / 100), 12);
          expect(v.rarityScore).toBeCloseTo(100 / v.count, 10);
        }
        // Rarest first.
        expect(trait.values.map((v) => v.count)).toEqual([...trait.values.map((v) => v.count)].sort((a, b) => a - b));
      }
      // Minted per value matches the minted NFTs' own attributes.
      const minted = await app.runtime.database.prisma.nft.findMany({
        where: { collection: { shortId: "sprites" }, status: "minted" },
        select: { attributes: true },
      });
      const [first] = parsed.traits;
      const expected = new Map<string, number>();
      for (const nft of minted) {
        const attribute = (nft.attributes as Array<{ trait_type: string; value: string }>).find(
          (a) => a.trait_type === first!.traitType,
        )!;
        expected.set(String(attribute.value), (expected.get(String(attribute.value)) ?? 0) + 1);
      }
      for (const v of first!.values) expect(v.minted).toBe(expected.get(v.value) ?? 0);
    });

    it("counts a limited edition's copies in traits", async () => {
      const parsed = traitsResponseSchema.strict().parse((await get("aurora/traits")).body);
      expect(parsed.totalNfts).toBe(50);
      const [edition] = parsed.traits;
      expect(edition).toMatchObject({ traitType: "Edition", uniqueValues: 50 });
      expect(
        edition!.values
          .filter((v) => v.minted === 1)
          .map((v) => v.value)
          .sort(),
      ).toEqual(["1 of 50", "2 of 50", "3 of 50", "4 of 50"]);
      expect(edition!.values[0]).toMatchObject({ count: 1, probability: 0.02, percentage: 2, rarityScore: 50 });
    });

    it("answers 403 for another drop, existing or not, and 404 for an unknown drop", async () => {
      for (const endpoint of ["availability", "traits"]) {
        const foreign = await get(`sprites/${endpoint}`, auroraKey);
        const missing = await get(`no-such-drop/${endpoint}`, auroraKey);
        expect(foreign.status).toBe(403);
        expect(errorBodySchema.parse(foreign.body).code).toBe("COLLECTION_NOT_IN_SCOPE");
        expect(missing.body).toEqual(foreign.body);
        const unknown = await get(`no-such-drop/${endpoint}`);
        expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
      }
    });
  });
}

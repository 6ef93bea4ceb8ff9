// GET gallery (NFTs that can still be minted) against the seeded demo drops and fixture
// drops for reservations and audio, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryResponseSchema } from "@/lib/schemas/gallery";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { createFixtureDrop, minutesAgo, newWallet } from "./feed-fixtures";

const strictGallery = galleryResponseSchema
  .strict()
  .extend({ nfts: galleryResponseSchema.shape.nfts.element.strict().array() });

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`gallery on ${target.name}`, () => {
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

    it("lists the unminted sprites by token id, 100 by default", async () => {
      const { status, body } = await get("sprites/gallery");
      expect(status).toBe(200);
      const parsed = strictGallery.parse(body);
      expect([parsed.total, parsed.limit, parsed.offset, parsed.nfts.length]).toEqual([88, 100, 0, 88]);
      expect(parsed.nfts.map((n) => n.token_id)).toEqual(Array.from({ length: 88 }, (_, i) => i + 13));
      expect(parsed.nfts[0]).toMatchObject({
        name: "Solstice Sprite #13",
        image_url: `${TEST_SITE_ORIGIN}/art/sprites/13.svg`,
        audio_url: null,
        mint_status: "available",
        is_master_edition: false,
        edition_number: null,
        master_nft_id: null,
        reservation_wallet: null,
        reserved_by: null,
      });
      expect(parsed.nfts[0]!.attributes).toEqual(
        expect.arrayContaining([expect.objectContaining({ trait_type: expect.any(String) })]),
      );
    });

    it("pages with limit and offset", async () => {
      const parsed = strictGallery.parse((await get("sprites/gallery?limit=30&offset=60")).body);
      expect([parsed.total, parsed.limit, parsed.offset]).toEqual([88, 30, 60]);
      expect(parsed.nfts.map((n) => n.token_id)).toEqual(Array.from({ length: 28 }, (_, i) => i + 73));
      expect(strictGallery.parse((await get("sprites/gallery?limit=200")).body).nfts).toHaveLength(88);
      expect(strictGallery.parse((await get("sprites/gallery?offset=88")).body)).toMatchObject({ nfts: [], total: 88 });
    });

    it("lists a limited edition's unminted copies with their edition fields, never the master", async () => {
      const parsed = strictGallery.parse((await get("aurora/gallery", auroraKey)).body);
      const master = await app.runtime.database.prisma.nft.findFirstOrThrow({
        where: { collection: { shortId: "aurora" }, isMasterEdition: true },
      });
      expect(parsed.total).toBe(46);
      expect(parsed.nfts.map((n) => n.edition_number)).toEqual(Array.from({ length: 46 }, (_, i) => i + 5));
      for (const nft of parsed.nfts) {
        expect(nft).toMatchObject({
          token_id: null,
          is_master_edition: false,
          max_edition_supply: 50,
          master_nft_id: master.id,
          current_edition_supply: 1,
        });
        expect(nft.id).not.toBe(master.id);
      }
    });

    it("shows expired reservations, and reservations for a wallet only to that wallet; never full audio", async () => {
      const [mine, other] = [newWallet(), newWallet()];
      const later = new Date(Date.now() + 10 * 60_000);
      const { nftIds } = await createFixtureDrop(app.runtime.database.prisma, {
        shortId: "gallery-fixture",
        nfts: [
          {
            tokenId: 1,
            audioUrl: "/media/full-song-1.mp3",
            audioPreviewUrl: "/media/preview-1.mp3",
            mediaType: "audio/mpeg",
            audioDurationSeconds: 181.5,
          },
          { tokenId: 2, status: "reserved", reservedByWallet: other, reservedUntil: minutesAgo(1) },
          { tokenId: 3, status: "reserved", reservedByWallet: mine, reservedUntil: later },
          { tokenId: 4, reservationWallet: mine },
          { tokenId: 5, reservationWallet: other, status: "reserved" },
          { tokenId: 6, mintedBy: { wallet: other, at: minutesAgo(5) }, audioUrl: "/media/full-song-6.mp3" },
          { tokenId: 7, status: "reserved", reservedByWallet: other, reservedUntil: later },
        ],
      });
      const anyone = await get("gallery-fixture/gallery");
      const parsed = strictGallery.parse(anyone.body);
      expect(parsed.nfts.map((n) => n.token_id)).toEqual([1, 2]);
      expect(parsed.total).toBe(2);
      expect(parsed.nfts[0]).toMatchObject({
        audio_url: null,
        audio_preview_url: `${TEST_SITE_ORIGIN}/media/preview-1.mp3`,
        audio_duration_seconds: 181.5,
      });
      expect(anyone.text).not.toContain("full-song");
      // The expired reservation is simply available again.
      expect(parsed.nfts[1]).toMatchObject({ id: nftIds[1], mint_status: "available", reserved_by: null });

      const forMe = strictGallery.parse((await get(`gallery-fixture/gallery?walletAddress=${mine}`)).body);
      expect(forMe.nfts.map((n) => [n.token_id, n.mint_status, n.reservation_wallet, n.reserved_by])).toEqual([
        [1, "available", null, null],
        [2, "available", null, null],
        [3, "reserved", null, mine],
        [4, "available", mine, null],
      ]);
      expect(forMe.total).toBe(4);

      const forOther = strictGallery.parse((await get(`gallery-fixture/gallery?walletAddress=${other}`)).body);
      expect(forOther.nfts.map((n) => [n.token_id, n.mint_status, n.reservation_wallet, n.reserved_by])).toEqual([
        [1, "available", null, null],
        [2, "available", null, null],
        [5, "reserved", other, null],
        [7, "reserved", null, other],
      ]);
    });

    it.each([
      "limit=0",
      "limit=-1",
      "limit=201",
      "limit=abc",
      "limit=1.5",
      "offset=-1",
      "offset=x",
      "walletAddress=not-a-wallet",
      "walletAddress=",
    ])("answers 400 INVALID_REQUEST for %s", async (query) => {
      const { status, body } = await get(`sprites/gallery?${query}`);
      expect([status, errorBodySchema.parse(body).code]).toEqual([400, "INVALID_REQUEST"]);
    });

    it("answers 403 for another drop, existing or not, and 404 for an unknown drop", async () => {
      const foreign = await get("sprites/gallery", auroraKey);
      expect([foreign.status, errorBodySchema.parse(foreign.body).code]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
      expect((await get("no-such-drop/gallery", auroraKey)).body).toEqual(foreign.body);
      const unknown = await get("no-such-drop/gallery");
      expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
    });
  });
}

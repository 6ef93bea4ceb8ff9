// GET recently-minted against the seeded demo drops, and the delayed-reveal rules across
// every feed (recently-minted, all-minted, gallery, traits) on a fixture drop, on PGlite
// and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryResponseSchema } from "@/lib/schemas/gallery";
import {
  allMintedResponseSchema,
  mintedItemSchema,
  recentlyMintedResponseSchema,
  recentMintSchema,
} from "@/lib/schemas/minted-items";
import { traitsResponseSchema } from "@/lib/schemas/traits";
import { errorBodySchema } from "../helpers/error-body";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { createFixtureDrop, minutesAgo, newWallet } from "./feed-fixtures";

const strictRecent = recentlyMintedResponseSchema.strict().extend({ nfts: recentMintSchema.strict().array() });
const strictAll = allMintedResponseSchema.strict().extend({ nfts: mintedItemSchema.strict().array() });
const strictGallery = galleryResponseSchema
  .strict()
  .extend({ nfts: galleryResponseSchema.shape.nfts.element.strict().array() });

/** Real data of the hidden drop: none of these may appear anywhere before the reveal. */
const SECRETS = [
  "Laser Dragon",
  "laser-dragon",
  "Laser Eyes",
  "secret-anim",
  "secret-cover",
  "secret-preview",
  "secret-full-audio",
  "A dragon with laser eyes",
  "mythic",
];

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`recently-minted and delayed reveal on ${target.name}`, () => {
    let app: TestApp;
    let allKey: string;
    let auroraKey: string;
    const get = (path: string, key = allKey) =>
      callJson("GET", `/api/v1/collections/${path}`, { headers: { "x-api-key": key } });
    const recent = async (path: string, key = allKey) => {
      const { status, body, text } = await get(path, key);
      expect(status, text).toBe(200);
      return { parsed: strictRecent.parse(body), text };
    };

    beforeAll(async () => {
      app = await startTestApp(target);
      allKey = await app.createKey({ keyClass: "live", collections: "all" });
      auroraKey = await app.createKey({ keyClass: "live", collections: ["aurora"] });
    });
    afterAll(() => app?.close());

    it("lists the latest mints first with their media and the drop's flags", async () => {
      const { parsed } = await recent("sprites/recently-minted");
      expect({ ...parsed, nfts: parsed.nfts.length }).toEqual({
        success: true,
        nfts: 12,
        total: 12,
        delayedRevealEnabled: false,
        editionType: "generative",
        allowImageDownload: true,
      });
      expect(parsed.nfts.map((n) => n.tokenId)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
      expect(parsed.nfts[11]).toMatchObject({
        name: "Solstice Sprite #1",
        image: `${TEST_SITE_ORIGIN}/art/sprites/1.svg`,
        previewImage: `${TEST_SITE_ORIGIN}/art/sprites/1.svg`,
        mediaType: "image/svg+xml",
        isRevealed: true,
        minterDisplayName: "Mira",
        reactions: { "🔥": 2, "❤️": 1 },
        isMasterEdition: false,
        masterNftId: null,
        maxEditionSupply: null,
        currentEditionSupply: null,
        animationUrl: null,
        isPatron: false,
        customTag: null,
        audioUrl: null,
      });
    });

    it("takes limit up to 50 and reports the feed's own length as total", async () => {
      const { parsed } = await recent("sprites/recently-minted?limit=5");
      expect([parsed.total, parsed.nfts.map((n) => n.tokenId)]).toEqual([5, [12, 11, 10, 9, 8]]);
      expect((await recent("sprites/recently-minted?limit=50")).parsed.total).toBe(12);
    });

    it("shows a limited edition's copies with their edition fields", async () => {
      const { parsed } = await recent("aurora/recently-minted", auroraKey);
      const master = await app.runtime.database.prisma.nft.findFirstOrThrow({
        where: { collection: { shortId: "aurora" }, isMasterEdition: true },
      });
      expect(parsed.editionType).toBe("limited_edition");
      expect(
        parsed.nfts.map((n) => [n.tokenId, n.editionNumber, n.masterNftId, n.maxEditionSupply, n.currentEditionSupply]),
      ).toEqual([4, 3, 2, 1].map((edition) => [null, edition, master.id, 50, 1]));
      expect(parsed.nfts[0]).toMatchObject({
        image: `${TEST_SITE_ORIGIN}/art/aurora/edition.svg`,
        fullImageUrl: `${TEST_SITE_ORIGIN}/art/aurora/edition-4.svg`,
      });
    });

    it("never shows full audio; the preview passes through", async () => {
      await createFixtureDrop(app.runtime.database.prisma, {
        shortId: "audio-fixture",
        collection: { editionType: "open_edition" },
        nfts: [
          {
            tokenId: 1,
            name: "Track 1",
            audioUrl: "/media/full-track-1.mp3",
            audioPreviewUrl: "/media/clip-1.mp3",
            coverArtUrl: "/media/cover-1.png",
            mediaType: "audio/mpeg",
            mintedBy: { wallet: newWallet(), at: minutesAgo(1) },
          },
        ],
      });
      const { parsed, text } = await recent("audio-fixture/recently-minted");
      expect(parsed.nfts[0]).toMatchObject({
        audioUrl: null,
        audioPreviewUrl: `${TEST_SITE_ORIGIN}/media/clip-1.mp3`,
        coverArtUrl: `${TEST_SITE_ORIGIN}/media/cover-1.png`,
        mediaType: "audio/mpeg",
      });
      expect(text).not.toContain("full-track");
      expect((await get("audio-fixture/all-minted")).text).not.toContain("full-track");
    });

    it.each(["limit=0", "limit=-1", "limit=51", "limit=abc", "limit=2.5"])(
      "answers 400 INVALID_REQUEST for %s",
      async (query) => {
        const { status, body } = await get(`sprites/recently-minted?${query}`);
        expect([status, errorBodySchema.parse(body).code]).toEqual([400, "INVALID_REQUEST"]);
      },
    );

    it("answers 403 for another drop, existing or not, and 404 for an unknown drop", async () => {
      const foreign = await get("sprites/recently-minted", auroraKey);
      expect([foreign.status, errorBodySchema.parse(foreign.body).code]).toEqual([403, "COLLECTION_NOT_IN_SCOPE"]);
      expect((await get("no-such-drop/recently-minted", auroraKey)).body).toEqual(foreign.body);
      const unknown = await get("no-such-drop/recently-minted");
      expect([unknown.status, errorBodySchema.parse(unknown.body).code]).toEqual([404, "COLLECTION_NOT_FOUND"]);
    });

    describe("delayed reveal", () => {
      let collectionId: string;
      const placeholder = `${TEST_SITE_ORIGIN}/art/hidden/placeholder.svg`;
      const secretNft = (tokenId: number) => ({
        tokenId,
        name: `Laser Dragon #${tokenId}`,
        description: "A dragon with laser eyes.",
        imageUrl: `/art/hidden/laser-dragon-${tokenId}.png`,
        previewImageUrl: `/art/hidden/secret-preview-${tokenId}.png`,
        coverArtUrl: `/art/hidden/secret-cover-${tokenId}.png`,
        animationUrl: `/art/hidden/secret-anim-${tokenId}.mp4`,
        audioUrl: `/art/hidden/secret-full-audio-${tokenId}.mp3`,
        audioPreviewUrl: `/art/hidden/secret-preview-audio-${tokenId}.mp3`,
        mediaType: "video/mp4",
        attributes: [{ trait_type: "Eyes", value: "Laser Eyes" }],
        rarityRank: tokenId,
        rarityScore: 42.5,
        rarityTier: "mythic",
      });
      const feeds = async () => ({
        recent: await recent("hidden-fixture/recently-minted"),
        all: await get("hidden-fixture/all-minted"),
        gallery: await get("hidden-fixture/gallery"),
        traits: await get("hidden-fixture/traits"),
      });

      beforeAll(async () => {
        ({ collectionId } = await createFixtureDrop(app.runtime.database.prisma, {
          shortId: "hidden-fixture",
          collection: {
            name: "Hidden Hoard",
            delayedRevealEnabled: true,
            revealedAt: null,
            placeholderImage: "/art/hidden/placeholder.svg",
            totalSupply: 3,
          },
          nfts: [
            { ...secretNft(1), mintedBy: { wallet: newWallet(), at: minutesAgo(20) } },
            { ...secretNft(2), mintedBy: { wallet: newWallet(), at: minutesAgo(10) } },
            secretNft(3),
          ],
        }));
      });

      it("shows placeholders only, in every feed, before the reveal", async () => {
        const { recent: recentFeed, all, gallery, traits } = await feeds();
        for (const text of [recentFeed.text, all.text, gallery.text, traits.text])
          for (const secret of SECRETS) expect(text).not.toContain(secret);

        expect(recentFeed.parsed.delayedRevealEnabled).toBe(true);
        for (const item of recentFeed.parsed.nfts) {
          expect(item).toMatchObject({
            name: "Hidden Hoard (unrevealed)",
            image: placeholder,
            fullImageUrl: placeholder,
            previewImage: placeholder,
            isRevealed: false,
            attributes: [],
            animationUrl: null,
            mediaType: null,
            audioUrl: null,
            audioPreviewUrl: null,
            coverArtUrl: null,
            rarityRank: null,
            rarityScore: null,
            rarityTier: null,
          });
        }
        const allPage = strictAll.parse(all.body);
        expect(allPage.total).toBe(2);
        for (const item of allPage.nfts)
          expect(item).toMatchObject({
            name: "Hidden Hoard (unrevealed)",
            image: placeholder,
            isRevealed: false,
            attributes: [],
            rarityTier: null,
          });

        const galleryPage = strictGallery.parse(gallery.body);
        expect(galleryPage.nfts).toHaveLength(1);
        expect(galleryPage.nfts[0]).toMatchObject({
          token_id: 3,
          name: "Hidden Hoard (unrevealed)",
          description: null,
          image_url: placeholder,
          preview_image_url: placeholder,
          cover_art_url: null,
          animation_url: null,
          audio_url: null,
          audio_preview_url: null,
          attributes: [],
        });

        expect(traits.status).toBe(200);
        const traitsBody = traitsResponseSchema.strict().parse(traits.body);
        expect(traitsBody).toEqual({ success: true, traits: [], message: expect.stringMatching(/revealed/) });
        expect(traits.body).not.toHaveProperty("totalNfts");
        expect(traits.body).not.toHaveProperty("methodology");
      });

      it("cannot be searched by hidden names before the reveal", async () => {
        expect(strictAll.parse((await get("hidden-fixture/all-minted?search=dragon")).body).total).toBe(0);
        expect(
          strictAll.parse((await get("hidden-fixture/all-minted?search=%232")).body).nfts.map((n) => n.tokenId),
        ).toEqual([2]);
      });

      it("reveals minted NFTs at once with instant reveal, but not the gallery or the traits", async () => {
        await app.runtime.database.prisma.collection.update({
          where: { id: collectionId },
          data: { instantRevealAfterMint: true },
        });
        try {
          const { recent: recentFeed, gallery, traits } = await feeds();
          expect(recentFeed.parsed.nfts.map((n) => [n.name, n.isRevealed])).toEqual([
            ["Laser Dragon #2", true],
            ["Laser Dragon #1", true],
          ]);
          expect(gallery.text).not.toContain("Laser");
          expect(traitsResponseSchema.strict().parse(traits.body).traits).toEqual([]);
        } finally {
          await app.runtime.database.prisma.collection.update({
            where: { id: collectionId },
            data: { instantRevealAfterMint: false },
          });
        }
      });

      it("reveals minted NFTs revealDelayMinutes after their own mint", async () => {
        await app.runtime.database.prisma.collection.update({
          where: { id: collectionId },
          data: { timeDelayedReveal: true, revealDelayMinutes: 15 },
        });
        try {
          const { parsed } = await recent("hidden-fixture/recently-minted");
          expect(parsed.nfts.map((n) => [n.tokenId, n.name, n.isRevealed])).toEqual([
            [2, "Hidden Hoard (unrevealed)", false],
            [1, "Laser Dragon #1", true],
          ]);
          // Name search sees only the revealed one.
          expect(
            strictAll.parse((await get("hidden-fixture/all-minted?search=dragon")).body).nfts.map((n) => n.tokenId),
          ).toEqual([1]);
        } finally {
          await app.runtime.database.prisma.collection.update({
            where: { id: collectionId },
            data: { timeDelayedReveal: false, revealDelayMinutes: null },
          });
        }
      });

      it("shows the real data everywhere once revealedAt has passed", async () => {
        const { revealedAt } = await app.runtime.database.prisma.collection.findUniqueOrThrow({
          where: { id: collectionId },
        });
        await app.runtime.database.prisma.collection.update({
          where: { id: collectionId },
          data: { revealedAt: minutesAgo(1) },
        });
        try {
          const { recent: recentFeed, all, gallery, traits } = await feeds();
          expect(recentFeed.parsed.nfts[0]).toMatchObject({
            name: "Laser Dragon #2",
            image: `${TEST_SITE_ORIGIN}/art/hidden/secret-preview-2.png`,
            fullImageUrl: `${TEST_SITE_ORIGIN}/art/hidden/laser-dragon-2.png`,
            animationUrl: `${TEST_SITE_ORIGIN}/art/hidden/secret-anim-2.mp4`,
            attributes: [{ trait_type: "Eyes", value: "Laser Eyes" }],
            rarityTier: "mythic",
            isRevealed: true,
            audioUrl: null,
          });
          expect(recentFeed.text).not.toContain("secret-full-audio");
          expect(strictAll.parse(all.body).nfts.every((n) => n.isRevealed)).toBe(true);
          expect(strictAll.parse((await get("hidden-fixture/all-minted?search=dragon")).body).total).toBe(2);
          expect(strictGallery.parse(gallery.body).nfts[0]).toMatchObject({
            name: "Laser Dragon #3",
            attributes: [{ trait_type: "Eyes", value: "Laser Eyes" }],
            audio_url: null,
          });
          expect(gallery.text).not.toContain("secret-full-audio");
          const traitsBody = traitsResponseSchema.strict().parse(traits.body);
          expect(traitsBody).toMatchObject({
            totalNfts: 3,
            traits: [
              {
                traitType: "Eyes",
                uniqueValues: 1,
                values: [{ value: "Laser Eyes", count: 3, minted: 2, available: 1, probability: 1 }],
              },
            ],
          });
          expect(traitsBody).not.toHaveProperty("message");
        } finally {
          await app.runtime.database.prisma.collection.update({ where: { id: collectionId }, data: { revealedAt } });
        }
      });
    });
  });
}

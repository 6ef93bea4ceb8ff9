// GET /m/{identifier}/{ref}: the off-chain metadata the on-chain uri points at.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../helpers/databases";
import { metadataUri } from "@/lib/services/nft-metadata";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

describe("NFT metadata (PGlite)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
  });
  afterAll(() => app?.close());

  it("serves a generative NFT's name, art and traits", async () => {
    const { status, body } = await callJson("GET", "/m/sprites/7");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: "Solstice Sprite #7",
      symbol: "SPRT",
      image: `${TEST_SITE_ORIGIN}/art/sprites/7.svg`,
      external_url: `${TEST_SITE_ORIGIN}/d/sprites`,
    });
    expect((body!.attributes as Array<{ trait_type: string }>).map((a) => a.trait_type).sort()).toEqual([
      "Background",
      "Body",
      "Crown",
      "Eyes",
    ]);
  });

  it("serves an edition by its number", async () => {
    const { body } = await callJson("GET", "/m/aurora/e3");
    expect(body).toMatchObject({ name: "Aurora #3 of 50", edition: 3, max_edition_supply: 50 });
  });

  it("serves the uri metadataUri writes for a drop without a short ID and an NFT without a number", async () => {
    const prisma = app.runtime.database.prisma;
    const aurora = await prisma.collection.findUniqueOrThrow({ where: { shortId: "aurora" } });
    const nft = await prisma.nft.findFirstOrThrow({ where: { collectionId: aurora.id, editionNumber: 3 } });
    await prisma.nft.update({ where: { id: nft.id }, data: { editionNumber: null } });
    await prisma.collection.update({ where: { id: aurora.id }, data: { shortId: null } });
    try {
      const uri = metadataUri(TEST_SITE_ORIGIN, aurora.id, { tokenId: null, editionNumber: null, id: nft.id });
      const { status, body } = await callJson("GET", new URL(uri).pathname);
      expect(status).toBe(200);
      expect(body).toMatchObject({ external_url: `${TEST_SITE_ORIGIN}/d/${aurora.id}` });
    } finally {
      await prisma.collection.update({ where: { id: aurora.id }, data: { shortId: "aurora" } });
      await prisma.nft.update({ where: { id: nft.id }, data: { editionNumber: 3 } });
    }
  });

  it("answers 404 for unknown drops, refs and unpublished drops", async () => {
    for (const path of ["/m/sprites/101", "/m/sprites/abc", "/m/nope/1", "/m/nightfall/1"]) {
      expect((await callJson("GET", path)).status, path).toBe(404);
    }
  });

  it("shows the placeholder until the drop is revealed", async () => {
    const prisma = app.runtime.database.prisma;
    await prisma.collection.update({
      where: { shortId: "sprites" },
      data: { delayedRevealEnabled: true, revealedAt: null, placeholderImage: "/art/nightfall/placeholder.svg" },
    });
    try {
      const { body, text } = await callJson("GET", "/m/sprites/7");
      expect(body).toMatchObject({
        name: "Solstice Sprites (unrevealed)",
        image: `${TEST_SITE_ORIGIN}/art/nightfall/placeholder.svg`,
        attributes: [],
      });
      expect(text).not.toContain("sprites/7.svg");
      await prisma.collection.update({
        where: { shortId: "sprites" },
        data: { revealedAt: new Date(Date.now() - 1000) },
      });
      expect((await callJson("GET", "/m/sprites/7")).body).toMatchObject({ name: "Solstice Sprite #7" });
    } finally {
      await prisma.collection.update({
        where: { shortId: "sprites" },
        data: { delayedRevealEnabled: false, revealedAt: null, placeholderImage: null },
      });
    }
  });
});

// GET /m/{shortId}/{ref}: the off-chain metadata the on-chain uri points at.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTarget } from "../helpers/databases";
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
    expect((body!.attributes as Array<{ trait_type: string }>).map((a) => a.trait_type).sort()).toEqual(["Background", "Body", "Crown", "Eyes"]);
  });

  it("serves an edition by its number", async () => {
    const { body } = await callJson("GET", "/m/aurora/e3");
    expect(body).toMatchObject({ name: "Aurora #3 of 50", edition: 3, max_edition_supply: 50 });
  });

  it("answers 404 for unknown drops, refs and unpublished drops", async () => {
    for (const path of ["/m/sprites/101", "/m/sprites/abc", "/m/nope/1", "/m/nightfall/1"]) {
      expect((await callJson("GET", path)).status, path).toBe(404);
    }
  });

  it("shows the placeholder until the drop is revealed", async () => {
    const prisma = app.runtime.database.prisma;
    await prisma.collection.update({ where: { shortId: "sprites" }, data: { delayedRevealEnabled: true, revealedAt: null, placeholderImage: "/art/nightfall/placeholder.svg" } });
    try {
      const { body, text } = await callJson("GET", "/m/sprites/7");
      expect(body).toMatchObject({ name: "Solstice Sprites (unrevealed)", image: `${TEST_SITE_ORIGIN}/art/nightfall/placeholder.svg`, attributes: [] });
      expect(text).not.toContain("sprites/7.svg");
      await prisma.collection.update({ where: { shortId: "sprites" }, data: { revealedAt: new Date(Date.now() - 1000) } });
      expect((await callJson("GET", "/m/sprites/7")).body).toMatchObject({ name: "Solstice Sprite #7" });
    } finally {
      await prisma.collection.update({ where: { shortId: "sprites" }, data: { delayedRevealEnabled: false, revealedAt: null, placeholderImage: null } });
    }
  });
});

// Share images and the home page's start times, against a real app (PGlite, the embedded
// chain, the demo seed): the Open Graph / Twitter image routes render a 1200×630 PNG for a
// drop, for a pre-launch drop and for an unknown link (the brand card, never an error); the
// card says the first active phase's price, else the next upcoming one's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/db/generated/client";
import { countMinted } from "@/lib/services/collections";
import { nextPhaseStarts } from "@/lib/services/next-phase-starts";
import { loadShareCard } from "@/app/d/[identifier]/load-share-card";
import OpenGraphImage, * as openGraph from "@/app/d/[identifier]/opengraph-image";
import TwitterImage, * as twitter from "@/app/d/[identifier]/twitter-image";
import SiteImage from "@/app/opengraph-image";
import { loadCollectorShareCard } from "@/app/w/[address]/load-share-card";
import CollectorImage from "@/app/w/[address]/opengraph-image";
import CollectorTwitterImage from "@/app/w/[address]/twitter-image";
import { generateMetadata as collectorMetadata } from "@/app/w/[address]/page";
import { demoCollectorKeypair } from "@/lib/demo/demo-collectors";
import { serviceContextOf } from "@/lib/server/runtime";
import SearchPage from "@/app/search/page";
import { databaseTarget } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/test-app";

const DAY = 86_400_000;
const TREASURY = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The PNG's own width and height (IHDR, right after the signature). */
async function pngOf(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer());
  return {
    signature: [...bytes.subarray(0, 8)],
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    bytes: bytes.length,
  };
}

const params = (identifier: string) => ({ params: Promise.resolve({ identifier }) });

describe("share images and start times on pglite", () => {
  let app: TestApp;
  let prisma: PrismaClient;
  let laterId: string;
  const startsAt = new Date(Date.now() + 2 * DAY);

  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
    prisma = app.runtime.database.prisma;
    // A published drop whose only phase is still to come (free), and a pre-launch drop with a
    // future phase whose schedule must stay unpublished.
    const later = await prisma.collection.create({
      data: {
        shortId: "later",
        name: "Later Drop 🚀",
        symbol: "LTR",
        chain: "solana-localnet",
        treasuryAddress: TREASURY,
        totalSupply: 10,
        phases: { create: { name: "Public", startDate: startsAt, priceModel: "fixed", price: 0n } },
      },
    });
    laterId = later.id;
  });
  afterAll(() => app?.close());

  it("the sprites card: name, verified, the active phase's price, progress and the short link", async () => {
    const sprites = await prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
    const minted = await countMinted(app.context(), sprites.id);
    const card = await loadShareCard("sprites");
    expect(card).toMatchObject({
      kind: "drop",
      name: "Solstice Sprites",
      path: "/d/sprites",
      isVerified: true,
      status: "Minting now · Allowlist",
      price: "0.1 SOL",
      progress: `${minted} / 100 minted`,
      percent: minted,
    });
    expect(minted).toBeGreaterThan(0);
    if (card.kind !== "drop") throw new Error("expected a drop card");
    expect(card.art).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it("the UUID link gets the same card, with the short link on it", async () => {
    const sprites = await prisma.collection.findUniqueOrThrow({ where: { shortId: "sprites" } });
    expect(await loadShareCard(sprites.id)).toMatchObject({ kind: "drop", path: "/d/sprites" });
  });

  it("no active phase: the next upcoming phase's price and start, and emoji left out of the name", async () => {
    const card = await loadShareCard("later");
    expect(card).toMatchObject({
      kind: "drop",
      name: "Later Drop",
      price: "Free",
      progress: "0 / 10 minted",
      percent: 0,
      art: null,
    });
    if (card.kind !== "drop") throw new Error("expected a drop card");
    expect(card.status).toMatch(/^Starts \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC · Public$/);
  });

  it("a pre-launch drop reads Coming soon, with no price or progress", async () => {
    const card = await loadShareCard("nightfall");
    expect(card).toEqual({
      kind: "coming-soon",
      name: "Nightfall",
      path: "/d/nightfall",
      art: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
    });
  });

  it("an unknown or malformed link gets the brand card", async () => {
    expect(await loadShareCard("no-such-drop")).toEqual({ kind: "brand" });
    expect(await loadShareCard("not a short id!")).toEqual({ kind: "brand" });
  });

  it("opengraph-image and twitter-image render a 1200×630 PNG for sprites", async () => {
    expect(openGraph.size).toEqual({ width: 1200, height: 630 });
    expect(openGraph.contentType).toBe("image/png");
    expect(twitter.size).toEqual(openGraph.size);
    for (const render of [OpenGraphImage, TwitterImage]) {
      const response = await render(params("sprites"));
      expect(response.headers.get("content-type")).toBe("image/png");
      const png = await pngOf(response);
      expect(png.signature).toEqual(PNG_SIGNATURE);
      expect([png.width, png.height]).toEqual([1200, 630]);
    }
  });

  it("a collector's card: their name, rank and effects, mint counts and short link, as a PNG", async () => {
    const mira = demoCollectorKeypair(serviceContextOf(app.runtime).keys.mintKeySecret, 0).publicKey.toBase58();
    const card = await loadCollectorShareCard(mira);
    expect(card).toMatchObject({
      kind: "collector",
      name: "Mira",
      path: `/w/${mira.slice(0, 4)}…${mira.slice(-4)}`,
      rank: "Founder rank · glow · sparkle · crown",
      counts: expect.stringMatching(/^\d+ NFTs minted from [1-9]\d* drops?$/),
    });
    expect(await loadCollectorShareCard("not-an-address")).toEqual({ kind: "brand" });
    for (const render of [CollectorImage, CollectorTwitterImage]) {
      const response = await render({ params: Promise.resolve({ address: mira }) });
      expect(response.headers.get("content-type")).toBe("image/png");
      const png = await pngOf(response);
      expect([png.signature, png.width, png.height]).toEqual([PNG_SIGNATURE, 1200, 630]);
    }
    const metadata = await collectorMetadata({ params: Promise.resolve({ address: mira }) });
    expect(metadata).toMatchObject({
      title: "Mira",
      openGraph: { title: "Mira", type: "profile" },
      twitter: { card: "summary_large_image" },
    });
  });

  it("pre-launch, unknown and the site's own image also render as PNGs", async () => {
    for (const response of [
      await OpenGraphImage(params("nightfall")),
      await OpenGraphImage(params("no-such-drop")),
      SiteImage(),
    ]) {
      const png = await pngOf(response);
      expect(png.signature).toEqual(PNG_SIGNATURE);
      expect([png.width, png.height]).toEqual([1200, 630]);
    }
  });

  it("the search page forgives control characters a visitor pasted, rather than failing in the database", async () => {
    for (const q of ["spr\u0000ites", "spri\ntes", "\u0000\u0000\u0000"]) {
      await expect(SearchPage({ searchParams: Promise.resolve({ q }) }), JSON.stringify(q)).resolves.toBeTruthy();
    }
  });

  it("home cards: the next start of a published upcoming drop; none for live-now or pre-launch drops", async () => {
    const ids = await prisma.collection.findMany({
      where: { shortId: { in: ["sprites", "nightfall"] } },
      select: { id: true, shortId: true },
    });
    const byShortId = Object.fromEntries(ids.map((row) => [row.shortId, row.id]));
    const nightfall = byShortId.nightfall!;
    await prisma.phase.create({
      data: {
        collectionId: nightfall,
        name: "Secret",
        startDate: new Date(Date.now() + DAY),
        priceModel: "fixed",
        price: 0n,
      },
    });
    const starts = await nextPhaseStarts(app.context(), [laterId, nightfall, byShortId.sprites!]);
    expect(starts.get(laterId)?.toISOString()).toBe(startsAt.toISOString());
    expect(starts.has(nightfall)).toBe(false);
    // Sprites is minting now, and its next phase (Public) is what comes after.
    expect(starts.get(byShortId.sprites!)!.getTime()).toBeGreaterThan(Date.now());
  });
});

// One resolver for a drop's status and displayed price (lib/domain/drop-status.ts), seen
// through the first-party feeds and the collection read on the demo drops: a sold-out drop
// is not "minting now" and its phase is sold out; a drop whose active phase's own supply has
// landed is not minting either; every minting drop is listed; a card's price is the drop
// page's price (the live dutch price, the pegged quote). PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrismaClient } from "@/lib/db/generated/client";
import {
  collectionListResponseSchema,
  liveMintsResponseSchema,
  searchCollectionsResponseSchema,
} from "@/lib/schemas/discovery";
import { databaseTargets } from "../../helpers/databases";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../../helpers/test-app";

const get = (path: string) => callJson("GET", `/api/public/${path}`, { headers: { origin: TEST_SITE_ORIGIN } });
const shortIdsOf = (list: Array<{ shortId: string | null }>) => list.map((d) => d.shortId).sort();

async function collectionView(shortId: string) {
  const { status, body } = await get(`collection/${shortId}`);
  expect(status).toBe(200);
  return body as {
    phases: { all: Array<{ name: string; status: string; soldOut: boolean; priceDisplay: unknown }> };
    stats: { availableCount: number };
  };
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`a drop's status, one rule for every page, on ${target.name}`, () => {
    let app: TestApp;
    let prisma: PrismaClient;

    beforeAll(async () => {
      app = await startTestApp(target);
      prisma = app.runtime.database.prisma;
    });
    afterAll(() => app?.close());

    it("lists every drop that can be minted now in live-mints, and not the sold-out one", async () => {
      const live = liveMintsResponseSchema.parse((await get("live-mints?limit=100")).body);
      // Last Light (8 of 8 minted) has an active phase but nothing left to sell.
      expect(shortIdsOf(live.mints)).not.toContain("lastlight");
      const all = collectionListResponseSchema.parse((await get("collections?limit=100")).body).collections;
      const minting: string[] = [];
      for (const { shortId, launchStatus } of all) {
        if (launchStatus !== "live") continue;
        const view = await collectionView(shortId!);
        if (view.phases.all.some((p) => p.status === "active" && !p.soldOut)) minting.push(shortId!);
      }
      expect(minting).toEqual(expect.arrayContaining(["aurora", "sprites", "tapes", "doves", "lanterns"]));
      expect(shortIdsOf(live.mints)).toEqual(minting.sort());
      expect(live.mints.every((d) => d.status === "active")).toBe(true);
    });

    it("calls a sold-out drop ended in the list, and marks its active phase sold out", async () => {
      const ended = collectionListResponseSchema.parse((await get("collections?status=ended&limit=100")).body);
      expect(shortIdsOf(ended.collections)).toContain("lastlight");
      const active = collectionListResponseSchema.parse((await get("collections?status=active&limit=100")).body);
      expect(shortIdsOf(active.collections)).not.toContain("lastlight");
      const view = await collectionView("lastlight");
      expect(view.stats.availableCount).toBe(0);
      expect(view.phases.all.map((p) => [p.status, p.soldOut])).toEqual([["active", true]]);
      const tapes = await collectionView("tapes");
      expect(tapes.phases.all.every((p) => !p.soldOut)).toBe(true);
    });

    it("shows each card at the price the drop page shows: the live dutch price and the pegged quote", async () => {
      const live = liveMintsResponseSchema.parse((await get("live-mints?limit=100")).body);
      for (const card of live.mints) {
        const view = await collectionView(card.shortId!);
        const selling = view.phases.all.find((p) => p.status === "active" && !p.soldOut);
        expect({ drop: card.shortId, price: card.price }).toEqual({ drop: card.shortId, price: selling!.priceDisplay });
      }
      const byId = new Map(live.mints.map((d) => [d.shortId, d.price]));
      expect(byId.get("lanterns")).toMatchObject({ kind: "amount" });
      expect(byId.get("doves")).toMatchObject({ kind: "amount", approximate: true });
    });

    it("gives each search result the status and price of its card", async () => {
      const { status, body } = await get("collections/search?q=la");
      expect(status).toBe(200);
      const found = searchCollectionsResponseSchema.strict().parse(body).collections;
      const live = liveMintsResponseSchema.parse((await get("live-mints?limit=100")).body).mints;
      const ended = collectionListResponseSchema.parse((await get("collections?status=ended&limit=100")).body);
      const cards = new Map([...live, ...ended.collections].map((card) => [card.shortId, card]));
      expect(found.map((item) => item.short_id)).toEqual(expect.arrayContaining(["lanterns", "lastlight"]));
      for (const item of found) {
        const card = cards.get(item.short_id)!;
        expect({ status: item.status, price: item.price }).toEqual({ status: card.status, price: card.price });
      }
      expect(found.find((item) => item.short_id === "lastlight")).toMatchObject({ status: "ended", price: null });
      expect(found.find((item) => item.short_id === "lanterns")).toMatchObject({ status: "active" });
    });

    it("takes a drop out of live-mints when its only active phase's own supply has landed", async () => {
      const drop = await prisma.collection.findUniqueOrThrow({
        where: { shortId: "tapes" },
        include: { phases: true },
      });
      const phase = drop.phases[0]!;
      const landed = await prisma.mint.count({ where: { phaseId: phase.id } });
      expect(landed).toBeGreaterThan(0);
      const soldOutNow = async () => (await collectionView("tapes")).phases.all[0]!.soldOut;
      await prisma.phase.update({ where: { id: phase.id }, data: { phaseSupply: landed } });
      try {
        await expect.poll(soldOutNow).toBe(true);
        const live = liveMintsResponseSchema.parse((await get("live-mints?limit=100")).body);
        expect(shortIdsOf(live.mints)).not.toContain("tapes");
        const ended = collectionListResponseSchema.parse((await get("collections?status=ended&limit=100")).body);
        expect(shortIdsOf(ended.collections)).toContain("tapes");
      } finally {
        // The other tests of this file, in any order, expect the demo drop as seeded.
        await prisma.phase.update({ where: { id: phase.id }, data: { phaseSupply: phase.phaseSupply } });
        await expect.poll(soldOutNow).toBe(false);
      }
    });
  });
}

// Drops that have not launched (the demo drop nightfall, coming soon, with its first item
// already uploaded; and sprites put into maintenance, with its mints), read on v1 without a
// key (first-party, from the site's origin): every v1 route that names a drop shows no more
// than the public site does. Gallery and recently-minted are the public router's empty
// pages, every other collection route (the collection itself included: its teaser envelope
// is the public router's, never a v1 shape) is refused with 403 COLLECTION_NOT_LAUNCHED,
// which the typed client throws, and phase routes answer as for an unknown phase.
// Partner keys issued for the drop keep reading it in full. PGlite and PostgreSQL.
import { readdirSync } from "node:fs";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preLaunchCollectionResponseSchema } from "@/lib/schemas/public-collection";
import { databaseTargets } from "../helpers/databases";
import { callJson, type CallOptions } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { createRouteFetch } from "../helpers/route-fetch";
import { rejection } from "../unit/client/scripted-server";
import { createSiteClient } from "@/lib/client/site-client";

type Ids = { identifier: string; phaseId: string; wallet: string };
type Row = {
  method: "GET" | "POST";
  url: (ids: Ids) => string;
  body?: unknown;
  /** What a keyless caller gets for a drop not launched yet. */
  keyless: "public gallery" | "public recently-minted" | "not launched" | "unknown phase";
  /** What a key issued for the drop gets for it (its access before this rule, unchanged). */
  partner: { status: number; code?: string };
};

/** Every v1 route that names a drop, by its folder under app/api/v1 (the test checks none is missing). */
const ROUTES: Record<string, Row> = {
  "collections/[identifier]": {
    method: "GET",
    url: (i) => `collections/${i.identifier}`,
    // The Collection response or a documented error, never a third shape (issue 22 item 8).
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/gallery": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/gallery`,
    keyless: "public gallery",
    partner: { status: 200 },
  },
  "collections/[identifier]/recently-minted": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/recently-minted`,
    keyless: "public recently-minted",
    partner: { status: 200 },
  },
  "collections/[identifier]/all-minted": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/all-minted`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/availability": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/availability`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/traits": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/traits`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/bounty": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/bounty`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/bounty-prizes": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/bounty-prizes`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/top-holders": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/top-holders`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/top-minters": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/top-minters`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/claim-codes": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/claim-codes`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/claim-codes/benefits/[walletAddress]": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/claim-codes/benefits/${i.wallet}`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/claim-codes/validate": {
    method: "POST",
    url: (i) => `collections/${i.identifier}/claim-codes/validate`,
    body: { code: "NIGHT-OWL" },
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/eligibility/[phaseId]/[walletAddress]": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/eligibility/${i.phaseId}/${i.wallet}`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "collections/[identifier]/wallet-mints/[walletAddress]": {
    method: "GET",
    url: (i) => `collections/${i.identifier}/wallet-mints/${i.wallet}`,
    keyless: "not launched",
    partner: { status: 200 },
  },
  "phases/[phaseId]/dutch-price": {
    method: "GET",
    url: (i) => `phases/${i.phaseId}/dutch-price`,
    keyless: "unknown phase",
    partner: { status: 409, code: "PHASE_NOT_DUTCH" },
  },
  "phases/[phaseId]/pegged-price": {
    method: "GET",
    url: (i) => `phases/${i.phaseId}/pegged-price`,
    keyless: "unknown phase",
    partner: { status: 409, code: "PHASE_NOT_PEGGED" },
  },
};

/** The folders under app/api/v1 that hold a route naming a drop or a phase. */
function v1DropRoutes(): string[] {
  const root = path.resolve(import.meta.dirname, "../../app/api/v1");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(relative);
      else if (entry.name === "route.ts" && dir !== "") found.push(dir);
    }
  };
  for (const top of ["collections", "phases"]) walk(top);
  return found.sort();
}

const NOT_LAUNCHED = {
  success: false,
  error: "This drop has not launched yet; only its teaser is public.",
  code: "COLLECTION_NOT_LAUNCHED",
};
const site = { origin: TEST_SITE_ORIGIN };

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`v1 reads of a drop not launched yet on ${target.name}`, () => {
    let app: TestApp;
    let nightfall: Ids;
    let sprites: Ids;
    let aurora: Ids;
    const notLaunched = () => [
      { drop: nightfall, status: "coming_soon", description: "A night-sky series" },
      { drop: sprites, status: "maintenance", description: "small spirits of the longest day" },
    ];
    const keys = {} as Record<"live" | "pub", string>;

    const send = (row: Row, ids: Ids, headers: Record<string, string>) => {
      const options: CallOptions = { headers, ...(row.body === undefined ? {} : { body: row.body }) };
      return callJson(row.method, `/api/v1/${row.url(ids)}`, options);
    };
    const publicRead = (url: string) => callJson("GET", `/api/public/${url}`, { headers: site });

    beforeAll(async () => {
      app = await startTestApp(target);
      const prisma = app.runtime.database.prisma;
      const idsOf = async (shortId: string): Promise<Ids> => {
        const drop = await prisma.collection.findUniqueOrThrow({ where: { shortId }, include: { phases: true } });
        return { identifier: shortId, phaseId: drop.phases[0]!.id, wallet: Keypair.generate().publicKey.toBase58() };
      };
      nightfall = await idsOf("nightfall");
      sprites = await idsOf("sprites");
      aurora = await idsOf("aurora");
      expect((await prisma.collection.findUniqueOrThrow({ where: { shortId: "nightfall" } })).launchStatus).toBe(
        "coming_soon",
      );
      // The creator has uploaded the first item; sprites, minted from, is paused for maintenance.
      const nightfallId = (await prisma.collection.findUniqueOrThrow({ where: { shortId: "nightfall" } })).id;
      await prisma.nft.create({
        data: { collectionId: nightfallId, tokenId: 1, name: "Nightfall #1", status: "available" },
      });
      await prisma.collection.update({ where: { shortId: "sprites" }, data: { launchStatus: "maintenance" } });
      keys.live = await app.createKey({ keyClass: "live", collections: ["nightfall"] });
      keys.pub = await app.createKey({
        keyClass: "pub",
        collections: ["nightfall"],
        origins: ["https://creator.example"],
      });
    });
    afterAll(() => app?.close());

    it("the table names every v1 route that names a drop or a phase", () => {
      expect(Object.keys(ROUTES).sort()).toEqual(v1DropRoutes());
    });

    it.each(Object.entries(ROUTES))("keyless %s shows no more than the public site", async (_route, row) => {
      for (const { drop, description } of notLaunched()) {
        const response = await send(row, drop, site);
        const where = `${drop.identifier}: ${response.text}`;
        switch (row.keyless) {
          case "public gallery":
            expect(response.status, where).toBe(200);
            expect(response.body, where).toEqual((await publicRead(`collection/${drop.identifier}/gallery`)).body);
            expect(response.body, where).toMatchObject({ nfts: [], total: 0 });
            break;
          case "public recently-minted":
            expect(response.status, where).toBe(200);
            expect(response.body, where).toEqual(
              (await publicRead(`collection/${drop.identifier}/recently-minted`)).body,
            );
            expect(response.body, where).toMatchObject({ nfts: [], total: 0 });
            break;
          case "not launched":
            expect({ status: response.status, body: response.body }, where).toEqual({
              status: 403,
              body: NOT_LAUNCHED,
            });
            break;
          case "unknown phase": {
            const unknown = await send(row, { ...drop, phaseId: "00000000-0000-4000-8000-000000000000" }, site);
            expect(unknown.status).toBe(404);
            expect(response.text, where).toBe(unknown.text);
            break;
          }
        }
        // Whatever the route: nothing unpublished about the drop is in the answer.
        expect(response.text).not.toContain(drop.phaseId);
        expect(response.text).not.toContain(description);
      }
    });

    it("the typed client throws COLLECTION_NOT_LAUNCHED for the collection; the teaser is the public router's", async () => {
      const routeFetch = createRouteFetch();
      const client = createSiteClient({ fetch: routeFetch.fetch }); // as the site's pages build it
      for (const { drop, status } of notLaunched()) {
        const error = await rejection(client.getCollection(drop.identifier));
        expect([error.code, error.status]).toEqual(["COLLECTION_NOT_LAUNCHED", 403]);
        const teaser = await publicRead(`collection/${drop.identifier}`);
        expect(preLaunchCollectionResponseSchema.strict().parse(teaser.body)).toMatchObject({
          status,
          collection: { shortId: drop.identifier },
        });
      }
      // Once: a refusal is an answer, never retried.
      expect(routeFetch.calls.filter((c) => c.url.startsWith("/api/v1/collections/"))).toHaveLength(2);
    });

    it.each(Object.entries(ROUTES))("a key issued for the drop still reads %s in full", async (_route, row) => {
      const callers: Array<Record<string, string>> = [
        { "x-api-key": keys.live },
        { "x-api-key": keys.pub, origin: "https://creator.example" },
      ];
      for (const headers of callers) {
        const response = await send(row, nightfall, headers);
        expect(response.status, response.text).toBe(row.partner.status);
        if (row.partner.code) expect(response.body?.code).toBe(row.partner.code);
      }
    });

    it("the partner's collection read is the full record, not the teaser", async () => {
      const { body } = await send(ROUTES["collections/[identifier]"]!, nightfall, { "x-api-key": keys.live });
      expect(body).toMatchObject({
        success: true,
        collection: { shortId: "nightfall", description: "A night-sky series, revealed after the mint." },
        stats: { totalSupply: 250 },
      });
      expect(body).not.toHaveProperty("status");
    });

    it.each(Object.entries(ROUTES))("a launched drop reads %s keyless as before", async (_route, row) => {
      const response = await send(row, aurora, site);
      expect(response.body?.code).not.toBe("COLLECTION_NOT_LAUNCHED");
      if (row.method === "GET" && row.partner.status === 200) expect(response.status, response.text).toBe(200);
    });
  });
}

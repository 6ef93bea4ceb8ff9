// Issue 26, item 2: the manage page's bounty and reveal editors start from the drop as it is:
// GET …/bounties answers the bounties in the very terms PUT takes (a save round-trips them),
// GET …/reveal whether the art is hidden and when it reveals. On PGlite and on PostgreSQL.
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studioBountiesResponseSchema, studioRevealResponseSchema } from "@/lib/schemas/studio";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { signInCookie } from "../helpers/wallet-sign-in";
import { readDropFolder } from "@/lib/launch/read-folder";
import { copyExample, editJson, launchFolder } from "../launch/helpers";
import { launchCreatorDrop } from "./studio-fixtures";

const BOUNTIES = [
  { name: "Tenth moth", description: "The tenth mint wins", triggerMintCount: 10, prize: { kind: "sol", amount: 0.3 } },
  { name: "Third moth", triggerMintCount: 3, prize: { kind: "free_mint" } },
  { name: "Fifth moth", triggerMintCount: 5, prize: { kind: "grant", label: "A signed print" } },
];

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`the manage page's bounty and reveal reads on ${target.name}`, () => {
    let app: TestApp;
    let drop: { id: string; shortId: string };
    const creator = Keypair.generate();
    let headers: Record<string, string>;
    const studio = (method: string, url: string, body?: unknown) =>
      callJson(method, `/api/studio/drops/moths${url}`, { headers, ...(body === undefined ? {} : { body }) });

    beforeAll(async () => {
      app = await startTestApp(target, { seed: false });
      drop = await launchCreatorDrop(app, creator);
      const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.81" };
      headers = { ...site, cookie: await signInCookie(creator, site), "x-studio-wallet": creator.publicKey.toBase58() };
    }, 180_000);
    afterAll(() => app?.close());

    it("lists no bounty for a drop without any, then exactly what was saved, and saving it back changes nothing", async () => {
      const empty = await studio("GET", "/bounties");
      expect(empty.status, empty.text).toBe(200);
      expect(studioBountiesResponseSchema.parse(empty.body).bounties).toEqual([]);

      expect((await studio("PUT", "/bounties", { bounties: BOUNTIES })).body).toMatchObject({ outcome: "updated" });
      const listed = await studio("GET", "/bounties");
      expect(studioBountiesResponseSchema.parse(listed.body).bounties).toEqual(BOUNTIES);
      const again = await studio("PUT", "/bounties", { bounties: listed.body!.bounties });
      expect(again.body).toMatchObject({ outcome: "unchanged", changes: [] });
    });

    it("says a drop's art is not hidden, and a hidden drop's reveal moment and placeholder", async () => {
      const shown = await studio("GET", "/reveal");
      expect(shown.status, shown.text).toBe(200);
      expect(studioRevealResponseSchema.parse(shown.body)).toEqual({
        success: true,
        hidden: false,
        revealAt: null,
        placeholderImage: null,
      });

      // A hidden drop (Sugar's hiddenSettings, its hash the assets' own) of the same creator.
      const hidden = copyExample();
      const read = await readDropFolder(hidden);
      if (!read.ok) throw new Error("the example should pass");
      editJson(path.join(hidden, "config.json"), (config) => {
        config.creators[0].address = creator.publicKey.toBase58();
        config.hiddenSettings = { name: "Moth #$ID$", uri: "https://example.com/h.json", hash: read.draft.assetsHash };
      });
      editJson(path.join(hidden, "dropmint.json"), (extras) => (extras.shortId = "moths-hidden"));
      expect((await launchFolder(app, hidden, "create")).outcome).toBe("created");
      const reveal = (method: string, body?: unknown) =>
        callJson(method, "/api/studio/drops/moths-hidden/reveal", { headers, ...(body ? { body } : {}) });
      const before = studioRevealResponseSchema.parse((await reveal("GET")).body);
      expect(before).toMatchObject({
        hidden: true,
        revealAt: null,
        placeholderImage: expect.stringMatching(/^\/media\//),
      });
      const saved = await reveal("PUT", { revealAt: "2031-02-03T04:05:00.000Z" });
      expect(saved.status, saved.text).toBe(200);
      expect(studioRevealResponseSchema.parse((await reveal("GET")).body)).toEqual({
        ...before,
        revealAt: "2031-02-03T04:05:00.000Z",
      });
    });

    it("answers another creator's drop like a missing one", async () => {
      const other = Keypair.generate();
      const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.82" };
      const as = { ...site, cookie: await signInCookie(other, site), "x-studio-wallet": other.publicKey.toBase58() };
      for (const tail of ["/bounties", "/reveal"]) {
        const answer = await callJson("GET", `/api/studio/drops/${drop.id}${tail}`, { headers: as });
        expect(answer.status, answer.text).toBe(404);
        expect(answer.body!.code).toBe("COLLECTION_NOT_FOUND");
      }
    });
  });
}

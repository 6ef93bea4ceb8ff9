// Issue 26, item 5: a creator makes partner keys for its own drops in the studio, like
// `npm run keys`: shown once, stored as a hash, listed and revoked; a key of creator A's
// reaches A's drops and not B's, launched or not (the v1 scope model, lib/api/scope.ts).
// Also: who may create at all (STUDIO_CREATORS), and what an admin's list holds.
import { createHash } from "node:crypto";
import { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";
import { signInCookie } from "../helpers/wallet-sign-in";
import { launchCreatorDrop } from "./studio-fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`creators' partner keys on ${target.name}`, () => {
    let app: TestApp;
    const [a, b, admin] = [Keypair.generate(), Keypair.generate(), Keypair.generate()];
    const as: Record<string, Record<string, string>> = {};

    beforeAll(async () => {
      app = await startTestApp(target, { env: { ADMIN_WALLETS: admin.publicKey.toBase58() } });
      await launchCreatorDrop(app, a);
      // B's drop has not launched yet: its page shows a teaser, and no key of A's may read it in full.
      await app.context().db.collection.update({
        where: { shortId: "aurora" },
        data: { creatorWallet: b.publicKey.toBase58(), launchStatus: "coming_soon" },
      });
      for (const [name, wallet] of [
        ["a", a],
        ["b", b],
        ["admin", admin],
      ] as const) {
        const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.90" };
        as[name] = {
          ...site,
          cookie: await signInCookie(wallet, site),
          "x-studio-wallet": wallet.publicKey.toBase58(),
        };
      }
    }, 180_000);
    afterAll(() => app?.close());

    const v1 = (key: string, url: string) => callJson("GET", url, { headers: { "x-api-key": key } });

    it("shows a new key once, keeps only its hash, and scopes it to the creator's own drops", async () => {
      const created = await callJson("POST", "/api/studio/keys", {
        headers: as.a,
        body: { keyClass: "live", drops: ["moths"], label: "My shop" },
      });
      expect(created.status, created.text).toBe(200);
      const { key, summary } = created.body as { key: string; summary: { id: string; collections: string[] } };
      expect(summary.collections).toEqual(["moths"]);
      const row = await app.context().db.apiKey.findUniqueOrThrow({ where: { id: summary.id } });
      expect(row.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
      expect(JSON.stringify(row)).not.toContain(key);
      expect(row.creatorWallet).toBe(a.publicKey.toBase58());
      const listed = await callJson("GET", "/api/studio/keys", { headers: as.a });
      expect(listed.text).not.toContain(key);
      expect(listed.body!.keys.map((k: { id: string }) => k.id)).toEqual([summary.id]);

      expect((await v1(key, "/api/v1/collections/moths")).status).toBe(200);
      const foreign = await v1(key, "/api/v1/collections/aurora");
      const unknown = await v1(key, "/api/v1/collections/no-such-drop");
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ code: "COLLECTION_NOT_IN_SCOPE" });
      expect(foreign.body).toEqual(unknown.body);

      const revoked = await callJson("DELETE", `/api/studio/keys/${summary.id}`, { headers: as.a });
      expect(revoked.status, revoked.text).toBe(200);
      expect(revoked.body!.summary.revokedAt).not.toBeNull();
      expect((await v1(key, "/api/v1/collections/moths")).body).toMatchObject({ code: "API_KEY_INVALID" });
    });

    it("never makes a key for another creator's drop, nor for every drop", async () => {
      const foreign = await callJson("POST", "/api/studio/keys", {
        headers: as.a,
        body: { keyClass: "live", drops: ["moths", "aurora"] },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ code: "COLLECTION_NOT_FOUND" });
      const all = await callJson("POST", "/api/studio/keys", {
        headers: as.a,
        body: { keyClass: "live", drops: "all" },
      });
      expect(all.status).toBe(400);
      expect(await app.context().db.apiKey.count({ where: { revokedAt: null } })).toBe(0);
    });

    it("lets an admin see every drop and revoke a creator's key; a creator sees its own drops", async () => {
      const mine = await callJson("GET", "/api/studio/drops", { headers: as.a });
      expect(mine.body!.drops.map((d: { shortId: string }) => d.shortId)).toEqual(["moths"]);
      const every = await callJson("GET", "/api/studio/drops", { headers: as.admin });
      const all = await app.context().db.collection.count();
      expect(every.body!.drops).toHaveLength(all);
      const made = await callJson("POST", "/api/studio/keys", {
        headers: as.a,
        body: { keyClass: "live", drops: ["moths"] },
      });
      const byB = await callJson("DELETE", `/api/studio/keys/${made.body!.summary.id}`, { headers: as.b });
      expect(byB.body).toMatchObject({ code: "NOT_FOUND" });
      const byAdmin = await callJson("DELETE", `/api/studio/keys/${made.body!.summary.id}`, { headers: as.admin });
      expect(byAdmin.status, byAdmin.text).toBe(200);
      const audit = await callJson("GET", "/api/studio/drops/moths/audit", { headers: as.a });
      expect(audit.body!.entries[0]).toMatchObject({
        action: "keys.revoke",
        actorWallet: admin.publicKey.toBase58(),
        actorIsAdmin: true,
      });
    });
  });
}

describe("who may create: STUDIO_CREATORS=allowlist", () => {
  let app: TestApp;
  const [listed, unlisted] = [Keypair.generate(), Keypair.generate()];
  beforeAll(async () => {
    app = await startTestApp(databaseTargets[0]!, {
      seed: false,
      env: { SOLANA_CLUSTER: "localnet", STUDIO_CREATORS: "allowlist", CREATOR_WALLETS: listed.publicKey.toBase58() },
    });
  }, 120_000);
  afterAll(() => app?.close());

  it("lets the listed wallet in and refuses the others with 403 STUDIO_NOT_ALLOWED", async () => {
    const site = { origin: TEST_SITE_ORIGIN, "x-forwarded-for": "203.0.113.91" };
    const as = async (wallet: Keypair) => ({
      ...site,
      cookie: await signInCookie(wallet, site),
      "x-studio-wallet": wallet.publicKey.toBase58(),
    });
    expect((await callJson("GET", "/api/studio/drops", { headers: await as(listed) })).body).toEqual({
      success: true,
      drops: [],
    });
    const refused = await callJson("GET", "/api/studio/drops", { headers: await as(unlisted) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "STUDIO_NOT_ALLOWED" });
  });
});

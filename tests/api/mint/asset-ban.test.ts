// Issue 22 item 7: the spec's "banned asset" 403. The operator bans a drop (the service
// `npm run keys -- ban` calls); prepare refuses it with ASSET_BANNED and the operator's
// reason, execute refuses a session prepared before the ban and keeps it, reads still
// answer, and lifting the ban lets the held session mint.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preparedMintResponseSchema } from "@/lib/schemas/mint";
import { banAsset, listAssetBans, unbanAsset } from "@/lib/services/asset-bans";
import { databaseTargets } from "../../helpers/databases";
import { errorBodySchema } from "../../helpers/error-body";
import { callJson } from "../../helpers/route-caller";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, signPrepared, type FixtureDrop } from "./fixtures";

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`banned assets on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let drop: FixtureDrop;

    const headers = () => ({ "x-api-key": key });
    const prepare = (wallet: Keypair) =>
      callJson("POST", "/api/v1/prepare-mint", {
        headers: headers(),
        body: {
          collectionId: drop.collectionId,
          phaseId: drop.phaseId,
          walletAddress: wallet.publicKey.toBase58(),
          quantity: 1,
        },
      });
    const execute = (sessionId: string, signedTransaction: string) =>
      callJson("POST", "/api/v1/execute-mint", { headers: headers(), body: { sessionId, signedTransaction } });

    beforeAll(async () => {
      app = await startTestApp(target);
      drop = await createFixtureDrop(app, { shortId: "fixture-banned", price: 10_000_000n });
      key = await app.createKey({ keyClass: "live", collections: ["fixture-banned"] });
    });
    afterAll(() => app?.close());

    it("refuses prepare and execute of a banned drop with ASSET_BANNED, and mints again once unbanned", async () => {
      const ctx = { db: app.runtime.database.prisma };
      const wallet = await fundedWallet(app);
      const before = await prepare(wallet);
      expect(before.status, before.text).toBe(200);
      const body = preparedMintResponseSchema.parse(before.body);
      const sessionId = body.sessions[0]!.sessionId;
      const signed = signPrepared(body.transactions[0]!.transaction, wallet);

      expect(await banAsset(ctx, "fixture-banned", "Takedown request")).toMatchObject({
        collectionId: drop.collectionId,
        shortId: "fixture-banned",
        reason: "Takedown request",
      });
      expect((await listAssetBans(ctx)).map((ban) => ban.shortId)).toEqual(["fixture-banned"]);

      const refused = await prepare(await fundedWallet(app));
      expect([refused.status, errorBodySchema.parse(refused.body).code]).toEqual([403, "ASSET_BANNED"]);
      expect(refused.body).toMatchObject({ reason: "Takedown request" });

      // Prepared before the ban: execute refuses it, sends nothing and keeps the session.
      const held = await execute(sessionId, signed);
      expect([held.status, errorBodySchema.parse(held.body).code]).toEqual([403, "ASSET_BANNED"]);
      const session = await ctx.db.mintSession.findUniqueOrThrow({ where: { id: sessionId } });
      expect(session.status).toBe("prepared");

      // Reads still answer.
      const read = await callJson("GET", `/api/v1/collections/${drop.collectionId}`, { headers: headers() });
      expect(read.status).toBe(200);

      expect(await unbanAsset(ctx, drop.collectionId)).toMatchObject({ reason: "Takedown request" });
      expect(await unbanAsset(ctx, drop.collectionId)).toBeNull();
      const landed = await execute(sessionId, signed);
      expect(landed.status, landed.text).toBe(200);
    });

    it("refuses to ban an unknown drop or without a reason", async () => {
      const ctx = { db: app.runtime.database.prisma };
      await expect(banAsset(ctx, "no-such-drop", "x")).rejects.toMatchObject({ code: "COLLECTION_NOT_FOUND" });
      await expect(banAsset(ctx, "fixture-banned", "  ")).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    });
  });
}

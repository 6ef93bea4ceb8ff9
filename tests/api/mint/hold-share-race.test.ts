// One holder's prepares race (issue 27): prepare's common path takes no lock and counts the
// holder's share after recording its sessions (lib/services/mint/record-then-verify.ts), so
// a key that sends many prepares at once, for as many funded wallets, must still hold at
// most its share, on PostgreSQL across the pool's connections as on PGlite. Refused
// prepares leave nothing behind: no session, no reserved NFT.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { HOLD_SHARE_MIN } from "@/lib/domain/hold-share";
import { findCollectionRef } from "@/lib/services/collection-ref";
import { prepareMint } from "@/lib/services/mint/prepare";
import { databaseTargets } from "../../helpers/databases";
import { startTestApp, type TestApp } from "../../helpers/test-app";
import { createFixtureDrop, fundedWallet, oneNftInput } from "./fixtures";

const RACERS = 30;
const SUPPLY = 50; // a share of HOLD_SHARE_MIN (10)

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`one holder's racing prepares on ${target.name}`, () => {
    let app: TestApp;

    beforeAll(async () => {
      app = await startTestApp(target);
    });
    afterAll(() => app?.close());

    it(`${RACERS} prepares at once through one key hold at most its share; the refused leave nothing`, async () => {
      const drop = await createFixtureDrop(app, { shortId: "share-race", price: 10_000_000n, supply: SUPPLY });
      const ref = (await findCollectionRef(app.runtime.database.prisma, drop.shortId))!;
      const wallets = await Promise.all(Array.from({ length: RACERS }, () => fundedWallet(app)));
      const holder = { key: "key:racer", walletProven: false };
      const answers = await Promise.allSettled(
        wallets.map((wallet) => prepareMint(app.context(), ref, oneNftInput(drop, wallet), { holder })),
      );
      const prepared = answers.filter((a) => a.status === "fulfilled");
      const refusals = answers.flatMap((a) => (a.status === "rejected" ? [a.reason] : []));
      expect(refusals.map((e) => (e instanceof AppError ? e.code : String(e)))).toEqual(
        refusals.map(() => "HOLD_LIMIT_REACHED"),
      );
      expect(prepared.length).toBeGreaterThan(0);
      expect(prepared.length).toBeLessThanOrEqual(HOLD_SHARE_MIN);
      // What the database holds agrees with the answers: a session and an NFT per answer, none left by a refusal.
      const prisma = app.runtime.database.prisma;
      const sessions = await prisma.mintSession.findMany({ where: { collectionId: drop.collectionId } });
      expect(sessions.length).toBe(prepared.length);
      expect(
        sessions.every((s) => s.status === "prepared" && s.messageBase64 !== "" && s.holderKey === holder.key),
      ).toBe(true);
      const reserved = await prisma.nft.count({ where: { collectionId: drop.collectionId, status: "reserved" } });
      expect(reserved).toBe(prepared.length);
    });
  });
}

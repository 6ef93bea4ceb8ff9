// Eligibility is read on every drop page and by partners during a sale (issue 27: reads at
// the framework's ceiling). A repeat read of a gated phase is answered from the instance's
// caches without a statement, and what those caches keep follows what changes the answer:
// the drops that sell a gate's NFTs (written here, or announced by another writer), and the
// gate NFTs another wallet already used in the phase. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eligibilityResponseSchema } from "@/lib/schemas/eligibility";
import { databaseTargets } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { installStatementCounter } from "../helpers/statement-counter";
import { startTestApp, type TestApp } from "../helpers/test-app";

const counter = installStatementCounter();
const AURORA = [{ name: "Aurora", path: "/d/aurora" }];

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`eligibility from the instance's caches on ${target.name}`, () => {
    let app: TestApp;
    let key: string;
    let gatedPhase: string;
    let holders: Record<"tidepool" | "unnamed", string>;

    beforeAll(async () => {
      app = await startTestApp(target);
      key = await app.createKey({ keyClass: "live", collections: ["sprites"] });
      const prisma = app.runtime.database.prisma;
      gatedPhase = (
        await prisma.phase.findFirstOrThrow({ where: { collection: { shortId: "sprites" }, name: "Allowlist" } })
      ).id;
      // The demo collectors (all on the phase's allowlist): tidepool holds two Aurora editions, the unnamed one.
      const collectors = await prisma.allowlistEntry.findMany({ where: { phaseId: gatedPhase } });
      const profiles = await prisma.profile.findMany({
        where: { walletAddress: { in: collectors.map((e) => e.walletAddress) } },
      });
      const named = (displayName: string | null) => profiles.find((p) => p.displayName === displayName)!.walletAddress;
      holders = { tidepool: named("tidepool"), unnamed: named(null) };
    });
    afterAll(() => app?.close());

    const read = async (wallet: string) => {
      const { status, body, text } = await callJson(
        "GET",
        `/api/v1/collections/sprites/eligibility/${gatedPhase}/${wallet}`,
        { headers: { "x-api-key": key } },
      );
      expect(status, text).toBe(200);
      const verdict = eligibilityResponseSchema.parse(body);
      return { verdict, nftGate: verdict.requirements.find((r) => r.type === "nft_gate")! };
    };

    it("answers a repeat read of a gated phase without a statement", async () => {
      const first = await read(holders.tidepool);
      expect(first.nftGate).toMatchObject({ met: true, drops: AURORA });
      const { result: again, statements } = await counter.measure(() => read(holders.tidepool));
      expect(again.verdict).toEqual(first.verdict);
      // Before: two a read, the gate NFTs used elsewhere and the drops selling the gate's NFTs.
      expect(statements).toBe(0);
    });

    it("names the drops selling a gate as they change, written here or announced by another writer", async () => {
      const prisma = app.runtime.database.prisma;
      expect((await read(holders.tidepool)).nftGate.drops).toEqual(AURORA);
      // Through the app's client: this instance hears its own write as it returns.
      await prisma.collection.update({ where: { shortId: "aurora" }, data: { launchStatus: "maintenance" } });
      expect((await read(holders.tidepool)).nftGate.drops).toEqual([]);
      // Raw SQL reports no write: only the database's announcement can tell the cache.
      await prisma.$executeRaw`UPDATE "Collection" SET "launchStatus" = 'live' WHERE "shortId" = 'aurora'`;
      await expect.poll(async () => (await read(holders.tidepool)).nftGate.drops).toEqual(AURORA);
    });

    it("does not count a gate NFT another wallet already used in the phase", async () => {
      const prisma = app.runtime.database.prisma;
      const [edition] = await prisma.nft.findMany({
        where: { collection: { shortId: "aurora" }, ownerWallet: holders.unnamed },
        select: { mintAddress: true },
      });
      await prisma.gateTokenUse.create({
        data: { phaseId: gatedPhase, mint: edition!.mintAddress!, walletAddress: holders.tidepool },
      });
      expect((await read(holders.unnamed)).nftGate.met).toBe(false);
    });
  });
}

// The demo's background activity: a demo collector (whose key is derived, never stored)
// mints a Dollar Dove through the real prepare → sign → execute flow, so the demo's feeds
// stay alive long after the first start; never on a real cluster.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { DEMO_COLLECTORS } from "@/lib/demo/demo-drops";
import { demoCollectorKeypair } from "@/lib/demo/demo-collectors";
import { mintDemoActivity } from "@/lib/demo/demo-activity";
import { trendingResponseSchema } from "@/lib/schemas/discovery";
import { serviceContextOf } from "@/lib/server/runtime";
import { databaseTarget } from "../helpers/databases";
import { callJson } from "../helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN, type TestApp } from "../helpers/test-app";

describe("demo activity (PGlite, embedded chain)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(databaseTarget("pglite"));
  });
  afterAll(() => app?.close());

  it("seeds the demo collectors with the keys the activity signs with", async () => {
    const ctx = serviceContextOf(app.runtime);
    const expected = DEMO_COLLECTORS.map((_, i) =>
      demoCollectorKeypair(ctx.keys.mintKeySecret, i).publicKey.toBase58(),
    ).sort();
    const profiles = await app.runtime.database.prisma.profile.findMany({ select: { walletAddress: true } });
    expect(profiles.map((p) => p.walletAddress).sort()).toEqual(expected);
  });

  it("mints a dove for the next collector through the real flow, and the dove is in trending", async () => {
    const ctx = serviceContextOf(app.runtime);
    const prisma = app.runtime.database.prisma;
    const doves = await prisma.collection.findUniqueOrThrow({ where: { shortId: "doves" } });
    const before = await prisma.mint.count({ where: { collectionId: doves.id } });
    expect(await mintDemoActivity(ctx, 1)).toBe(true);
    const collector = demoCollectorKeypair(ctx.keys.mintKeySecret, 1).publicKey.toBase58();
    const latest = await prisma.mint.findFirstOrThrow({
      where: { collectionId: doves.id },
      orderBy: { mintedAt: "desc" },
      include: { nft: true },
    });
    expect(await prisma.mint.count({ where: { collectionId: doves.id } })).toBe(before + 1);
    expect(latest).toMatchObject({ walletAddress: collector, kind: "paid", pricePaid: 80_000_000n });
    expect((await app.runtime.chain.getMintOwners([latest.nft.mintAddress!])).get(latest.nft.mintAddress!)).toBe(
      collector,
    );
    const trending = trendingResponseSchema.parse(
      (await callJson("GET", "/api/public/trending", { headers: { origin: TEST_SITE_ORIGIN } })).body,
    );
    expect(trending.collections.map((c) => c.shortId)).toContain("doves");
  });

  it("is off on every real cluster, whatever is configured", () => {
    for (const cluster of ["devnet", "mainnet"]) {
      const real = {
        SOLANA_CLUSTER: cluster,
        SOLANA_RPC_URL: "https://rpc.example",
        MINT_AUTHORITY_SECRET_KEY: "1".repeat(64),
        PRIZE_ACCOUNT_SECRET: "11".repeat(32),
      };
      expect(parseConfig({ ...real, DEMO_ACTIVITY_MINUTES: "5" }).demoActivityMinutes, cluster).toBe(0);
    }
    expect(parseConfig({}).demoActivityMinutes).toBe(15);
    expect(parseConfig({ DEMO_ACTIVITY_MINUTES: "0" }).demoActivityMinutes).toBe(0);
  });
});

// The read caches: a drop's facts are kept in memory per instance, and a change made on any
// instance (or by any tool) is seen by the others within a second; a cold cache under a
// rush asks the database once. Two runtimes on one real PostgreSQL database; the
// single-flight and own-write cases on PGlite too.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";
import { assembleRuntime } from "@/lib/server/create-runtime";
import { serviceContextOf, type Runtime } from "@/lib/server/runtime";
import { fixedClock } from "@/lib/services/context";
import { getAvailability } from "@/lib/services/availability";
import { getCollectionView } from "@/lib/services/collections";
import { searchCollections } from "@/lib/services/collection-search";
import { getGallery } from "@/lib/services/gallery";
import { getAllMinted } from "@/lib/services/minted-items";
import { getWalletMints } from "@/lib/services/wallet-mints";
import { moderateProfile, setDisplayName } from "@/lib/services/profile-edit";
import { getWalletDropRows } from "@/lib/services/wallet-rows";
import { announcementsHeard } from "../helpers/announcements";
import { databaseTarget, databaseTargets, openTestDatabase, type TestDatabase } from "../helpers/databases";

const TREASURY = "TreasuryAddress1111111111111111111111111111";

function runtimeOn(database: Database, dataDir: string): Runtime {
  const config = parseConfig({ DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:3000", LOG_LEVEL: "silent" });
  return assembleRuntime(config, database, { close: async () => undefined } as never);
}

async function seedDrop(prisma: PrismaClient, shortId: string) {
  const collection = await prisma.collection.create({
    data: { shortId, name: "Before", chain: "solana-localnet", treasuryAddress: TREASURY, totalSupply: 10 },
  });
  const phase = await prisma.phase.create({
    data: { collectionId: collection.id, name: "Public", startDate: new Date(Date.now() + 3_600_000) },
  });
  const nfts = await Promise.all(
    [1, 2, 3].map((tokenId) =>
      prisma.nft.create({ data: { collectionId: collection.id, tokenId, name: `#${tokenId}` } }),
    ),
  );
  return { collectionId: collection.id, phaseId: phase.id, nftIds: nfts.map((n) => n.id) };
}

/** Polls `read` until `done` holds; returns how long it took (throws past `withinMs`). */
async function seenWithin<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs = 1_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (done(await read())) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not seen within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A Prisma client that counts the queries made through it. */
function counting(prisma: PrismaClient): { db: PrismaClient; queries: () => number } {
  let queries = 0;
  // Every operation, a model's or raw SQL ($queryRaw): the drop counts are one raw statement.
  const db = prisma.$extends({
    query: {
      async $allOperations({ args, query }) {
        queries += 1;
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  return { db, queries: () => queries };
}

const postgres = databaseTarget("postgres");

describe.skipIf(!postgres.available)("read caches across two instances on one PostgreSQL database", () => {
  let main: TestDatabase;
  let second: Database;
  let a: Runtime;
  let b: Runtime;
  const dirs: string[] = [];
  let drop: Awaited<ReturnType<typeof seedDrop>>;

  beforeAll(async () => {
    main = await openTestDatabase(postgres);
    second = await openDatabase({ databaseUrl: main.url, dataDir: "unused" });
    for (let i = 0; i < 2; i++) dirs.push(mkdtempSync(path.join(tmpdir(), "dropmint-caches-")));
    a = runtimeOn(main, dirs[0]!);
    b = runtimeOn(second, dirs[1]!);
    expect(await a.cachesListening).toBe(true);
    expect(await b.cachesListening).toBe(true);
    drop = await seedDrop(main.prisma, "cache-drop");
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await second?.close();
    await main?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const viewOnA = () => getCollectionView(serviceContextOf(a), drop.collectionId);

  it("serves repeated reads from memory", async () => {
    await announcementsHeard(a, b); // the seed's own, first
    await viewOnA();
    const before = a.caches.drops.stats();
    for (let i = 0; i < 20; i++) await viewOnA();
    const after = a.caches.drops.stats();
    expect(after.loads).toBe(before.loads);
    expect(after.hits - before.hits).toBe(20);
  });

  it("sees a drop changed on the other instance within a second", async () => {
    const name = `After ${Math.random()}`;
    expect((await viewOnA()).collection.name).not.toBe(name);
    await b.database.prisma.collection.update({ where: { id: drop.collectionId }, data: { name } });
    const ms = await seenWithin(viewOnA, (view) => view.collection.name === name);
    expect(ms).toBeLessThan(1_000);
  });

  it("sees a phase change made on the other instance within a second, with the status recomputed from the clock", async () => {
    expect((await viewOnA()).phases.upcoming.map((p) => p.id)).toEqual([drop.phaseId]);
    await b.database.prisma.phase.update({
      where: { id: drop.phaseId },
      data: { startDate: new Date(Date.now() - 1_000) },
    });
    await seenWithin(viewOnA, (view) => view.phases.active.some((p) => p.id === drop.phaseId));
  });

  it("moves the counts when an NFT is minted on the other instance, and not on a reservation; the drop itself is not reloaded", async () => {
    const availability = () => getAvailability(serviceContextOf(a), drop.collectionId);
    expect((await availability()).stats.minted).toBe(0);
    const loads = a.caches.dropCounts.stats().loads;
    const dropLoads = a.caches.drops.stats().loads;
    await b.database.prisma.nft.updateMany({
      where: { id: drop.nftIds[1]! },
      data: { reservedUntil: new Date(Date.now() + 60_000) },
    });
    await b.database.runner.query(`UPDATE "Nft" SET status = 'reserved' WHERE id = $1`, [drop.nftIds[1]]);
    await announcementsHeard(a, b);
    await availability();
    expect(a.caches.dropCounts.stats().loads).toBe(loads); // a reservation leaves the cached counts alone
    await b.database.prisma.nft.update({
      where: { id: drop.nftIds[0]! },
      data: { status: "minted", mintedAt: new Date() },
    });
    await seenWithin(availability, (view) => view.stats.minted === 1);
    expect(a.caches.dropCounts.stats().loads).toBeGreaterThan(loads);
    expect(a.caches.drops.stats().loads).toBe(dropLoads); // the record and the phases stayed cached
  });

  it("serves a wallet's rows from memory, and sees its mint and its allowlist entry made on the other instance within a second", async () => {
    const wallet = "CacheWa11et1111111111111111111111111111111";
    const walletMints = () =>
      getWalletMints(serviceContextOf(a), { collectionId: drop.collectionId, walletAddress: wallet });
    const rows = () => getWalletDropRows(serviceContextOf(a), drop.collectionId, wallet);
    await announcementsHeard(a, b);
    expect((await walletMints()).totalMinted).toBe(0);
    const loads = a.caches.walletRows.stats().loads;
    for (let i = 0; i < 10; i++) await walletMints();
    expect(a.caches.walletRows.stats().loads).toBe(loads);
    // A tool's plain SQL on the other connection: only the database's announcement can tell instance a.
    await b.database.runner.query(
      `INSERT INTO "Mint" (id, "collectionId", "phaseId", "nftId", "walletAddress") VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
      [drop.collectionId, drop.phaseId, drop.nftIds[2], wallet],
    );
    await seenWithin(walletMints, (view) => view.totalMinted === 1 && view.phaseMints[drop.phaseId]!.minted === 1);
    await b.database.prisma.allowlistEntry.create({
      data: { phaseId: drop.phaseId, walletAddress: wallet, allocation: 3 },
    });
    await seenWithin(rows, (own) => own.allowlistByPhase.get(drop.phaseId) === 3);
  });

  it("serves the first gallery and all-minted pages from memory, and sees a reservation and a mint made on the other instance within a second", async () => {
    const pagesDrop = await seedDrop(main.prisma, "pages-drop");
    const gallery = () => getGallery(serviceContextOf(a), pagesDrop.collectionId, { limit: 20, offset: 0 });
    const allMinted = () =>
      getAllMinted(serviceContextOf(a), pagesDrop.collectionId, { limit: 20, offset: 0, sort: "newest" });
    // The seed's own announcements may still be on their way to instance a: let them land before counting.
    await announcementsHeard(a, b);
    expect((await gallery()).total).toBe(3);
    expect((await allMinted()).total).toBe(0);
    const loads = a.caches.nftPages.stats().loads;
    const { db, queries } = counting(main.prisma);
    const counted = serviceContextOf(a, { db });
    for (let i = 0; i < 10; i++) {
      await getGallery(counted, pagesDrop.collectionId, { limit: 20, offset: 0 });
      await getAllMinted(counted, pagesDrop.collectionId, { limit: 20, offset: 0, sort: "newest" });
    }
    expect(queries()).toBe(0);
    expect(a.caches.nftPages.stats().loads).toBe(loads);

    // A reservation by a tool's plain SQL on the other connection, ending in a moment: gone at once, back when it ends, with no write.
    const [reserved, minted] = pagesDrop.nftIds;
    await b.database.runner.query(
      `UPDATE "Nft" SET status = 'reserved', "reservedUntil" = now() + interval '1500 milliseconds' WHERE id = $1`,
      [reserved],
    );
    await seenWithin(gallery, (view) => view.total === 2 && !view.nfts.some((nft) => nft.id === reserved));
    await seenWithin(
      gallery,
      (view) => view.total === 3 && view.nfts.find((nft) => nft.id === reserved)?.mint_status === "available",
      5_000,
    );

    await b.database.prisma.nft.update({
      where: { id: minted! },
      data: { status: "minted", mintedAt: new Date(), ownerWallet: "Owner1111111111111111111111111111111111111" },
    });
    await b.database.prisma.mint.create({
      data: {
        collectionId: pagesDrop.collectionId,
        phaseId: pagesDrop.phaseId,
        nftId: minted!,
        walletAddress: "Owner1111111111111111111111111111111111111",
      },
    });
    await seenWithin(allMinted, (view) => view.total === 1 && view.nfts[0]!.id === minted);
    await seenWithin(gallery, (view) => view.total === 2);
  });

  it("shows a name set, an avatar cleared and a reaction given on the other instance within a second on cached all-minted pages", async () => {
    const owner = "Owner2222222222222222222222222222222222222";
    const feedDrop = await seedDrop(main.prisma, "profile-feed-drop");
    const nftId = feedDrop.nftIds[0]!;
    await main.prisma.nft.update({
      where: { id: nftId },
      data: { status: "minted", mintedAt: new Date(), ownerWallet: owner },
    });
    await main.prisma.mint.create({ data: { collectionId: feedDrop.collectionId, nftId, walletAddress: owner } });
    await main.prisma.profile.create({
      data: { walletAddress: owner, avatarMint: "Avatar", avatarUrl: "https://cdn.example/a.png" },
    });
    const first = async () =>
      (await getAllMinted(serviceContextOf(a), feedDrop.collectionId, { limit: 20, offset: 0, sort: "newest" }))
        .nfts[0];
    await announcementsHeard(a, b);
    expect(await first()).toMatchObject({ minterDisplayName: null, minterAvatarUrl: "https://cdn.example/a.png" });
    const loads = a.caches.nftPages.stats().loads;
    await first();
    expect(a.caches.nftPages.stats().loads).toBe(loads); // cached

    await setDisplayName(serviceContextOf(b), owner, "Night Owl");
    await seenWithin(first, (item) => item?.minterDisplayName === "Night Owl");
    await moderateProfile(serviceContextOf(b), { wallet: owner, moderation: "clear-avatar" });
    await seenWithin(first, (item) => item?.minterAvatarUrl === null);
    await b.database.prisma.reaction.create({ data: { nftId, walletAddress: owner, emoji: "🔥" } });
    await seenWithin(first, (item) => item?.reactions?.["🔥"] === 1);
  });

  it("serves a search from memory, and finds a drop launched on the other instance within a second", async () => {
    const search = () => searchCollections(serviceContextOf(a), { q: "wombat", limit: 20, offset: 0 });
    await announcementsHeard(a, b); // earlier tests' changes to drops and counts
    expect((await search()).collections).toEqual([]);
    const loads = a.caches.searches.stats().loads;
    for (let i = 0; i < 10; i++) await search();
    expect(a.caches.searches.stats().loads).toBe(loads);
    await b.database.prisma.collection.create({
      data: {
        shortId: "wombat-drop",
        name: "Wombat",
        chain: "solana-localnet",
        treasuryAddress: TREASURY,
        totalSupply: 5,
      },
    });
    await seenWithin(search, (view) => view.collections.map((c) => c.short_id).includes("wombat-drop"));
  });

  it("sees a change made by another tool with plain SQL", async () => {
    const tool = new pg.Client({ connectionString: main.url });
    await tool.connect();
    try {
      await tool.query(`UPDATE "Collection" SET name = 'By a tool' WHERE id = $1`, [drop.collectionId]);
    } finally {
      await tool.end();
    }
    await seenWithin(viewOnA, (view) => view.collection.name === "By a tool");
  });

  it("stops accepting a revoked key on the other instance at once", async () => {
    const hash = "f".repeat(64);
    await main.prisma.apiKey.create({
      data: { keyHash: hash, displayPrefix: "dm_live_cachetst", keyClass: "live", allCollections: true },
    });
    const live = () =>
      a.caches.keys.get(hash, async () => ({
        id: "x",
        keyClass: "live" as const,
        origins: [],
        allCollections: true,
        collections: [],
      }));
    await live();
    const loads = a.caches.keys.stats().loads;
    await b.database.prisma.apiKey.update({ where: { keyHash: hash }, data: { revokedAt: new Date() } });
    await seenWithin(
      async () => {
        await live();
        return a.caches.keys.stats().loads;
      },
      (count) => count > loads,
    );
  });
});

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`read caches on ${target.name}`, () => {
    let database: TestDatabase;
    let runtime: Runtime;
    let dataDir: string;
    let drop: Awaited<ReturnType<typeof seedDrop>>;

    beforeAll(async () => {
      database = await openTestDatabase(target);
      dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-caches-"));
      runtime = runtimeOn(database, dataDir);
      await runtime.cachesListening;
      drop = await seedDrop(database.prisma, "flight-drop");
    });
    afterAll(async () => {
      await runtime?.close();
      await database?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it("asks the database once when 500 concurrent reads meet a cold cache", async () => {
      runtime.caches.drops.invalidateAll();
      runtime.caches.dropCounts.invalidateAll();
      const { db, queries } = counting(database.prisma);
      const ctx = serviceContextOf(runtime, { db });
      const views = await Promise.all(Array.from({ length: 500 }, () => getCollectionView(ctx, drop.collectionId)));
      expect(new Set(views.map((v) => v.collection.id))).toEqual(new Set([drop.collectionId]));
      // one load: the drop, its phases, whether it has claim codes, and its counts (one statement)
      expect(queries()).toBe(4);
    });

    it("never serves a drop from before a write this process made", async () => {
      const ctx = serviceContextOf(runtime);
      await getCollectionView(ctx, drop.collectionId);
      for (const name of ["One", "Two", "Three"]) {
        await database.prisma.collection.update({ where: { id: drop.collectionId }, data: { name } });
        expect((await getCollectionView(ctx, drop.collectionId)).collection.name).toBe(name);
      }
    });

    it("lists an NFT again at the very millisecond its reservation ends, and keeps listing it", async () => {
      const gallery = (ms: number) =>
        getGallery(serviceContextOf(runtime, { clock: fixedClock(ms) }), drop.collectionId, { limit: 20, offset: 0 });
      const ends = Date.now() + 60_000;
      const held = drop.nftIds[2]!;
      await database.prisma.nft.update({
        where: { id: held },
        data: { status: "reserved", reservedUntil: new Date(ends) },
      });
      const listed = (view: Awaited<ReturnType<typeof gallery>>) =>
        [view.total, view.nfts.find((nft) => nft.id === held)?.mint_status ?? "not listed"] as const;
      expect(listed(await gallery(ends - 1))).toEqual([2, "not listed"]);
      for (const ms of [ends, ends, ends + 1, ends + 1_000])
        expect(listed(await gallery(ms))).toEqual([3, "available"]);
      await database.prisma.nft.update({ where: { id: held }, data: { status: "available", reservedUntil: null } });
    });

    it("recomputes the clock's fields per request from the cached drop", async () => {
      const at = (ms: number) => serviceContextOf(runtime, { clock: { now: () => new Date(ms) } });
      const start = (
        await database.prisma.phase.findUniqueOrThrow({ where: { id: drop.phaseId } })
      ).startDate!.getTime();
      const before = await getCollectionView(at(start - 5_000), drop.collectionId);
      const after = await getCollectionView(at(start + 5_000), drop.collectionId);
      expect(before.phases.upcoming[0]).toMatchObject({ id: drop.phaseId, msUntilStart: 5_000 });
      expect(after.phases.active[0]).toMatchObject({ id: drop.phaseId, status: "active" });
      expect(after.serverTime).toBe(new Date(start + 5_000).toISOString());
    });
  });
}

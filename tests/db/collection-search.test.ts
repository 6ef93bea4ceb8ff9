// Collection search at scale (lib/services/collection-search.ts over the columns and indexes
// of migration 20261123233624_collection_search_columns), on PGlite and PostgreSQL, with
// the demo drops, a few odd ones and 5,000 generated drops:
//   - every kind of query returns exactly what ILIKE on name, symbol and short ID returns
//     (the search's definition): the same drops in the same order, the same pages and
//     hasMore, and minted counts equal to the collection summaries';
//   - the generated columns follow a renamed drop;
//   - the query plans look queries up in the trigram index and in the index of pairs;
//   - identical searches in flight share one statement, and an answer is kept until a drop changes.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { PrismaClient } from "@/lib/db/generated/client";
import type { SearchResult } from "@/lib/schemas/discovery";
import type { SqlRunner } from "@/lib/db/migrator";
import { searchCollections, searchCollectionsSql, type SearchView } from "@/lib/services/collection-search";
import { mintedCountsOf } from "@/lib/services/collection-summaries";
import { fixedClock, type ServiceContext } from "@/lib/services/context";
import { likeLiteral } from "@/lib/services/minted-items";
import { databaseTargets } from "../helpers/databases";
import { startTestApp, type TestApp } from "../helpers/test-app";

const GENERATED = 5000;
const TREASURY = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";

/**
 * Names like "Amber Fox 42" (a word shared by a fifth or a quarter of them), 4-letter
 * symbols, short IDs gen-<n>. No ANALYZE: PGlite never runs one by itself.
 */
const INSERT_GENERATED = `
  INSERT INTO "Collection" ("id", "shortId", "name", "symbol", "chain", "treasuryAddress", "totalSupply", "updatedAt")
  SELECT gen_random_uuid(), 'gen-' || g,
         (ARRAY['Amber', 'Azure', 'Solar', 'Quiet'])[1 + g % 4] || ' ' || (ARRAY['Otter', 'Fox', 'Heron', 'Lynx', 'Moth'])[1 + (g / 4) % 5] || ' ' || g,
         upper(substr(md5(g::text), 1, 4)), 'solana-localnet', '${TREASURY}', 100, now()
    FROM generate_series(1, ${GENERATED}) AS g`;

/** What the search means: ILIKE on the three columns, among published drops, by name then id. */
async function ilikeIds(runner: SqlRunner, q: string, limit: number, offset: number): Promise<string[]> {
  const rows = await runner.query(
    `SELECT "id" FROM "Collection" WHERE "launchStatus" = 'live' AND ("name" ILIKE $1 OR "symbol" ILIKE $1 OR "shortId" ILIKE $1)
      ORDER BY "name" ASC NULLS LAST, "id" ASC LIMIT $2 OFFSET $3`,
    [`%${likeLiteral(q)}%`, limit, offset],
  );
  return rows.map((row) => String(row.id));
}

async function planOf(runner: SqlRunner, q: string): Promise<string> {
  const statement = searchCollectionsSql({ q, limit: 20, offset: 0 });
  const rows = await runner.query(`EXPLAIN ${statement.text}`, statement.values as unknown[]);
  return rows.map((row) => String(Object.values(row)[0])).join("\n");
}

for (const target of databaseTargets) {
  describe.skipIf(!target.available)(`collection search on ${target.name}`, () => {
    let app: TestApp;
    let prisma: PrismaClient;
    let runner: SqlRunner;
    let ctx: ServiceContext;

    beforeAll(async () => {
      app = await startTestApp(target);
      prisma = app.runtime.database.prisma;
      runner = app.runtime.database.runner;
      ctx = app.context();
      const base = { chain: "solana-localnet", treasuryAddress: TREASURY };
      await prisma.collection.createMany({
        data: [
          { ...base, shortId: "ete", name: "Été Éternel", symbol: "ÉTÉ" },
          { ...base, shortId: "pure-gold", name: "100% Pure_Gold", symbol: "P%G" },
          // A line break inside a name (the site's forms refuse one; the database does not).
          { ...base, shortId: "line-break", name: "Line\nBreak", symbol: "LNBK" },
          { ...base, shortId: null, name: null, symbol: "NONAME" },
          { ...base, shortId: "amber-soon", name: "Amber Soon", symbol: "SOON", launchStatus: "coming_soon" },
        ],
      });
      await runner.exec(INSERT_GENERATED);
    }, 120_000);
    afterAll(() => app?.close());

    it.each([
      ["a word shared by a quarter of the drops", "amber"],
      ["the same in capitals", "AMBER"],
      ["rare words", "amber fox 1"],
      ["two letters", "fo"],
      ["two letters in capitals", "FO"],
      ["two letters every generated short ID holds", "ge"],
      ["a short ID", "gen-4321"],
      ["a short ID's prefix, every generated drop", "gen-"],
      ["punctuation and a digit", "-4"],
      ["no match", "zzqx"],
      ["no match in two letters", "qz"],
      ["accented letters", "été"],
      ["accented capitals", "ÉT"],
      ["a literal %", "0%"],
      ["a literal _", "e_g"],
      ["a symbol", "nonam"],
      ["a line break inside one name", "e\nb"],
      ["a line break across name and symbol", "k\nlnbk"],
      ["a demo drop", "spri"],
    ])("%s (%j): the drops ILIKE finds, in its order, page after page", async (_, q) => {
      for (const [limit, offset] of [
        [20, 0],
        [20, 20],
        [100, 900],
        [20, GENERATED - 10],
      ] as const) {
        const page = await searchCollections(ctx, { q, limit, offset });
        const expected = await ilikeIds(runner, q, limit + 1, offset);
        expect(
          page.collections.map((c) => c.id),
          `q=${JSON.stringify(q)} limit ${limit} offset ${offset}`,
        ).toEqual(expected.slice(0, limit));
        expect(page.hasMore, `q=${JSON.stringify(q)} limit ${limit} offset ${offset}`).toBe(expected.length > limit);
      }
    });

    it("minted counts are the collection summaries' counts: minted and burned NFTs, never a master edition", async () => {
      const drop = await prisma.collection.findUniqueOrThrow({ where: { shortId: "gen-4321" } });
      await prisma.nft.createMany({
        data: (["minted", "minted", "burned", "reserved", "available", "minted"] as const).map((status, i) => ({
          collectionId: drop.id,
          tokenId: i + 1,
          name: `#${i + 1}`,
          status,
          isMasterEdition: i === 5,
        })),
      });
      const found: SearchResult[] = [];
      for (const q of ["sprites", "aurora", "packs", "gen-4321", "gen-1"])
        found.push(...(await searchCollections(ctx, { q, limit: 100, offset: 0 })).collections);
      const summaries = await mintedCountsOf(
        ctx,
        found.map((c) => c.id),
      );
      expect(found.find((c) => c.short_id === "sprites")?.minted_count).toBe(12);
      expect(found.find((c) => c.short_id === "gen-4321")?.minted_count).toBe(3);
      expect(found.map((c) => [c.short_id, c.minted_count])).toEqual(
        found.map((c) => [c.short_id, summaries.get(c.id) ?? 0]),
      );
    });

    it("a renamed drop is found by its new name only; an edited short ID likewise", async () => {
      const before = await prisma.collection.findUniqueOrThrow({ where: { shortId: "gen-17" } });
      expect(
        (await searchCollections(ctx, { q: before.name!, limit: 20, offset: 0 })).collections.map((c) => c.id),
      ).toContain(before.id);
      const drop = await prisma.collection.update({ where: { id: before.id }, data: { name: "Zebra Quokka" } });
      expect(
        (await searchCollections(ctx, { q: "quokka", limit: 20, offset: 0 })).collections.map((c) => c.id),
      ).toEqual([drop.id]);
      expect((await searchCollections(ctx, { q: "ok", limit: 20, offset: 0 })).collections.map((c) => c.id)).toEqual([
        drop.id,
      ]);
      expect(
        (await searchCollections(ctx, { q: before.name!, limit: 20, offset: 0 })).collections.map((c) => c.id),
      ).not.toContain(drop.id);
      await prisma.collection.update({ where: { id: drop.id }, data: { shortId: "zq-17" } });
      expect((await searchCollections(ctx, { q: "zq", limit: 20, offset: 0 })).collections.map((c) => c.id)).toEqual([
        drop.id,
      ]);
      expect(
        (await searchCollections(ctx, { q: "gen-17", limit: 100, offset: 0 })).collections.map((c) => c.id),
      ).not.toContain(drop.id);
    });

    it("looks queries up in the trigram index and in the index of pairs, never by reading every drop", async () => {
      const indexes = await runner.query(
        `SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'Collection' AND indexname LIKE 'Collection_search%'`,
      );
      expect(
        Object.fromEntries(indexes.map((row) => [row.indexname, String(row.indexdef).replace(/^.* USING /, "")])),
      ).toEqual({
        Collection_searchText_idx: 'gin ("searchText" gin_trgm_ops) WITH (fastupdate=off)',
        Collection_searchPairs_idx: 'gin ("searchPairs") WITH (fastupdate=off)',
      });
      // As PGlite runs, without statistics on the new drops (on PostgreSQL autovacuum may
      // have analyzed them meanwhile), then with them.
      for (const statistics of ["without", "with"]) {
        if (statistics === "with") await runner.exec(`ANALYZE "Collection"`);
        for (const [q, index] of [
          ["amber", "Collection_searchText_idx"],
          ["amber fox 1", "Collection_searchText_idx"],
          ["gen-4321", "Collection_searchText_idx"],
          ["zzqx", "Collection_searchText_idx"],
          ["fo", "Collection_searchPairs_idx"],
          ["-4", "Collection_searchPairs_idx"],
          ["été", "Collection_searchPairs_idx"],
          ["qz", "Collection_searchPairs_idx"],
        ] as const) {
          const plan = await planOf(runner, q);
          expect(plan, `${q} ${statistics} statistics`).toContain(`Bitmap Index Scan on "${index}"`);
          expect(plan, `${q} ${statistics} statistics`).not.toMatch(
            /Seq Scan on "Collection"|launchStatus_createdAt_idx/,
          );
        }
      }
    });

    it("identical searches in flight share one statement; an answer is kept until a drop changes", async () => {
      ctx.caches.searches.invalidateAll();
      const raw = vi.spyOn(prisma, "$queryRaw");
      // Search statements only: a result's status and price read the drop's counts in raw SQL too (cached apart).
      const statements = () =>
        raw.mock.calls.filter(([sql]) => String((sql as { sql?: string }).sql ?? sql).includes('"searchText"')).length;
      try {
        const search = (q: string) => searchCollections(ctx, { q, limit: 20, offset: 0 });
        const answers = await Promise.all([
          search("heron"),
          search("heron"),
          search("heron"),
          search("lynx"),
          search("heron"),
        ]);
        expect(statements()).toBe(2);
        expect(answers[1]).toEqual(answers[0]);
        expect(answers[4]).toEqual(answers[0]);
        expect(answers[3]).not.toEqual(answers[0]);
        await search("heron");
        expect(statements()).toBe(2);
        // Any drop changing (here a rename through this process) forgets every answer.
        const drop = await prisma.collection.findUniqueOrThrow({ where: { shortId: "gen-18" } });
        await prisma.collection.update({ where: { id: drop.id }, data: { name: "Aardvark Heron 18" } });
        const again = await search("heron");
        expect(statements()).toBe(3);
        expect(again.collections[0]!.id).toBe(drop.id); // first by name now
      } finally {
        raw.mockRestore();
      }
    });

    // The route keeps the checked text of a frozen answer (lib/api/route.ts): the same view object
    // while nothing a visitor would see has changed, a new one when a standing has.
    it("a repeated search answers the same view until a drop's standing changes with the time", async () => {
      // A demo drop's first phase: before its start the drop is upcoming, after it minting. No
      // write, so no change reaches the caches but the clock's.
      const phase = await prisma.phase.findFirstOrThrow({
        where: { collection: { shortId: "sprites" }, startDate: { not: null } },
        orderBy: { startDate: "asc" },
      });
      const at = (ms: number) => fixedClock(phase.startDate!.getTime() + ms);
      const search = (ms: number) =>
        searchCollections(app.context({ clock: at(ms) }), { q: "sprites", limit: 20, offset: 0 });
      const standingOf = (view: SearchView) => view.collections.find((item) => item.id === phase.collectionId)?.status;

      const before = await search(-60_000);
      expect(Object.isFrozen(before)).toBe(true);
      expect(await search(-30_000)).toBe(before);
      const after = await search(1_000);
      expect(after).not.toBe(before);
      expect([standingOf(before), standingOf(after)]).toEqual(["upcoming", "active"]);
      expect(after.collections.map((item) => item.id)).toEqual(before.collections.map((item) => item.id));
      expect(await search(2_000)).toBe(after);
    });
  });
}

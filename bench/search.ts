// Collection search (first-party GET /api/public/collections/search?q=) over thousands of
// drops. bench/run.ts seeds BENCH_SEARCH_COLLECTIONS (default 5,000) extra drops straight
// into the database before the site starts (the embedded database belongs to the site
// once it runs), then loads the endpoint as the site's own pages call it (Origin = site),
// through the load generator's own process (bench/load.ts).
//
// Run on its own (`node --import tsx bench/search.ts`) it needs no build: on a test app of
// each database kind (demo drops + the search drops) it times the search service and the
// route handler (first-party check, rate limit, zod, service, schema, envelope) in-process,
// and prints the query plans of a short ID and of two letters, so the trigram index and the
// index of pairs can be seen at work. bench/search-inprocess.ts times the service under
// 16 concurrent callers instead.
import path from "node:path";
import type { SqlExecutor } from "../lib/db/migrator";
import { searchCollections, searchCollectionsSql } from "../lib/services/collection-search";
import { databaseTargets } from "../tests/helpers/databases";
import { callRoute } from "../tests/helpers/route-caller";
import { startTestApp, TEST_SITE_ORIGIN } from "../tests/helpers/test-app";
import type { LoadGenerator, LoadResult } from "./load";

export const SEARCH_COLLECTIONS = Number(process.env.BENCH_SEARCH_COLLECTIONS ?? 5000);

/** What a visitor types: a word many drops share, a rarer one, two letters, a short ID, and a miss. */
export const SEARCH_QUERIES = [
  { label: "common word", q: "amber" },
  { label: "rare words", q: "azure otter 1" },
  { label: "two letters", q: "fo" },
  { label: "short ID", q: "bench-4321" },
  { label: "no match", q: "zzqx" },
] as const;

export const ADJECTIVES = [
  "Amber",
  "Azure",
  "Bold",
  "Calm",
  "Crimson",
  "Dusky",
  "Early",
  "Feral",
  "Gilded",
  "Hollow",
  "Ivory",
  "Jade",
  "Lunar",
  "Misty",
  "Neon",
  "Olive",
  "Pale",
  "Quiet",
  "Rusty",
  "Solar",
];
export const NOUNS = [
  "Otter",
  "Fox",
  "Heron",
  "Lynx",
  "Moth",
  "Raven",
  "Wolf",
  "Koi",
  "Badger",
  "Crane",
  "Finch",
  "Gecko",
  "Hare",
  "Ibis",
  "Jackal",
  "Kestrel",
  "Lark",
  "Mole",
  "Newt",
  "Owl",
  "Pika",
  "Quail",
  "Robin",
  "Stoat",
  "Toad",
];
const sqlArray = (words: readonly string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(",")}]`;

/** Inserts `count` published drops (names like "Azure Otter 42", 4-letter symbols, short IDs bench-<n>) in one statement. */
export async function insertSearchCollections(db: SqlExecutor, count = SEARCH_COLLECTIONS): Promise<void> {
  await db.exec(`
    INSERT INTO "Collection" ("id", "shortId", "name", "symbol", "chain", "treasuryAddress", "totalSupply", "updatedAt")
    SELECT gen_random_uuid(), 'bench-' || g,
           (${sqlArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' || (${sqlArray(NOUNS)})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' || g,
           upper(substr(md5(g::text), 1, 4)), 'solana-localnet', '11111111111111111111111111111111', 100 + g % 900, now()
      FROM generate_series(1, ${count}) AS g;
    ANALYZE "Collection";`);
}

/** HTTP load on the search endpoint, one row per query kind. */
export async function benchSearch(
  load: LoadGenerator,
  siteUrl: string,
  options: { concurrency: number; durationMs: number },
): Promise<Array<{ name: string; result: LoadResult }>> {
  const rows: Array<{ name: string; result: LoadResult }> = [];
  const headers = { origin: siteUrl };
  for (const { label, q } of SEARCH_QUERIES) {
    const path = `/api/public/collections/search?q=${encodeURIComponent(q)}`;
    const result = await load.measure(
      {
        urls: [siteUrl],
        connections: options.concurrency,
        durationMs: options.durationMs,
        requests: [{ path, headers }],
      },
      { warmUpMs: 300 },
    );
    rows.push({ name: `search: ${label} (q=${JSON.stringify(q)})`, result });
  }
  return rows;
}

// ── In-process: the service alone, and the route handler through its whole pipeline ──

async function timeRuns(run: () => Promise<unknown>, runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const t0 = performance.now();
    await run();
    if (i >= 5) times.push(performance.now() - t0); // the first few warm the plan cache
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function inProcess(): Promise<void> {
  const runs = Number(process.env.BENCH_SEARCH_RUNS ?? 200);
  const ms = (value: number) => value.toFixed(2).padStart(6);
  for (const target of databaseTargets) {
    if (!target.available) {
      console.log(`\n${target.name} skipped: ${target.reason}`);
      continue;
    }
    const app = await startTestApp(target);
    try {
      const database = app.runtime.database;
      const t0 = performance.now();
      await insertSearchCollections(database.runner);
      console.log(
        `\n${target.name}: ${SEARCH_COLLECTIONS} drops inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s (+ the demo drops); ${runs} sequential runs each, limit 20`,
      );
      console.log(`${"".padEnd(40)}    page   service p50 / p95 ms   route handler p50 / p95 ms`);
      const ctx = app.context();
      for (const { label, q } of SEARCH_QUERIES) {
        const first = await searchCollections(ctx, { q, limit: 20, offset: 0 });
        const shown = `${first.collections.length}${first.hasMore ? "+" : ""}`;
        const service = await timeRuns(() => searchCollections(ctx, { q, limit: 20, offset: 0 }), runs);
        const url = `/api/public/collections/search?q=${encodeURIComponent(q)}`;
        const route = await timeRuns(async () => {
          const response = await callRoute("GET", url, { headers: { origin: TEST_SITE_ORIGIN } });
          if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
        }, runs);
        console.log(
          `${`q=${JSON.stringify(q)} (${label})`.padEnd(40)} ${shown.padStart(7)}   ${ms(service.p50)} / ${ms(service.p95)}        ${ms(route.p50)} / ${ms(route.p95)}`,
        );
      }
      for (const q of ["bench-4321", "fo"]) {
        const statement = searchCollectionsSql({ q, limit: 20, offset: 0 });
        const plan = await database.runner.query(`EXPLAIN ${statement.text}`, statement.values as unknown[]);
        console.log(`q=${JSON.stringify(q)}:\n${plan.map((row) => `  ${Object.values(row)[0]}`).join("\n")}`);
      }
    } finally {
      await app.close();
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, "search.ts")) {
  await inProcess();
  process.exit(0); // pg and PGlite may keep handles open a little longer
}

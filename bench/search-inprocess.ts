// Collection search under load, in-process and without a build: on a database of each kind
// (PGlite always, PostgreSQL when reachable) with BENCH_SEARCH_COLLECTIONS (default 5,000)
// extra drops, 16 callers (BENCH_CONCURRENCY) call the search service back to back for a
// few seconds per kind of query, as the live search box of many visitors would. PGlite runs
// one query at a time, so there the callers queue and each latency includes the wait: what
// a request to the running site sees. PostgreSQL gets the site's default pool (10).
//
// The five kinds of bench/search.ts send one query from every caller, as bench/run.ts
// does; identical searches in flight share one statement. The last row sends a different
// query on every call (words, two-letter prefixes, rare words, short IDs, misses), so
// every search reaches the database: the cost when everybody types something else.
//
//   node --import tsx bench/search-inprocess.ts
import type { ServiceContext } from "../lib/services/context";
import { searchCollections } from "../lib/services/collection-search";
import { databaseTargets, openTestDatabase } from "../tests/helpers/databases";
import { ADJECTIVES, insertSearchCollections, NOUNS, SEARCH_COLLECTIONS, SEARCH_QUERIES } from "./search";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const DURATION_MS = Number(process.env.BENCH_SEARCH_DURATION_MS ?? 3000);

/** Closed loop: each caller sends its next search as soon as the previous one answers. */
async function load(run: () => Promise<unknown>, concurrency: number, durationMs: number) {
  const latencies: number[] = [];
  const deadline = performance.now() + durationMs;
  const caller = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await run();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, rps: (latencies.length / durationMs) * 1000, p50: at(0.5), p95: at(0.95) };
}

const ms = (value: number) => value.toFixed(2).padStart(7);

/** Different searches of every kind, in an order that puts no two alike side by side. */
const DISTINCT_QUERIES = [...ADJECTIVES, ...NOUNS].flatMap((word, i) => [
  word.toLowerCase(),
  word.slice(0, 2).toLowerCase(),
  `${word} ${NOUNS[i % NOUNS.length]} ${i + 1}`,
  `bench-${(i * 97) % SEARCH_COLLECTIONS}`,
  `${word.toLowerCase()}zq`,
]);

function row(label: string, page: string, result: Awaited<ReturnType<typeof load>>) {
  return `${label.padEnd(36)} ${page.padStart(6)} ${String(result.requests).padStart(10)} ${result.rps.toFixed(0).padStart(7)}   ${ms(result.p50)}   ${ms(result.p95)}`;
}

for (const target of databaseTargets) {
  if (!target.available) {
    console.log(`\n${target.name} skipped: ${target.reason}`);
    continue;
  }
  const database = await openTestDatabase(target, { poolSize: 10 });
  try {
    await insertSearchCollections(database.runner);
    // The service reads only the database and the public base URL.
    const ctx = { db: database.prisma, publicBaseUrl: "http://localhost:3000" } as unknown as ServiceContext;
    console.log(
      `\n${target.name}: ${SEARCH_COLLECTIONS} drops, ${CONCURRENCY} concurrent callers, ${DURATION_MS / 1000} s per query, limit 20`,
    );
    console.log(`${"".padEnd(36)}   page   requests   req/s       p50 ms    p95 ms`);
    for (const { label, q } of SEARCH_QUERIES) {
      const search = () => searchCollections(ctx, { q, limit: 20, offset: 0 });
      const first = await search();
      await load(search, 2, 300); // warm-up: plan caches, connections
      console.log(
        row(
          `q=${JSON.stringify(q)} (${label})`,
          `${first.collections.length}${first.hasMore ? "+" : ""}`,
          await load(search, CONCURRENCY, DURATION_MS),
        ),
      );
    }
    let next = 0;
    const distinct = () =>
      searchCollections(ctx, { q: DISTINCT_QUERIES[next++ % DISTINCT_QUERIES.length]!, limit: 20, offset: 0 });
    console.log(
      row(`${DISTINCT_QUERIES.length} different queries in turn`, "", await load(distinct, CONCURRENCY, DURATION_MS)),
    );
  } finally {
    await database.dispose();
  }
}
process.exit(0); // pg and PGlite may keep handles open a little longer

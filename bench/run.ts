// `npm run bench`: throughput and latency of the routes a mint rush hits, against the
// production build served as `npm start` serves it, on the embedded defaults (PGlite) and on
// PostgreSQL when a server is reachable; the pages' first-load JS; the chain cost of a
// mint; and the site's memory after all of it. Every row
// is judged against bench/goals.ts. Nothing is asserted in tests: timings belong here.
//
// Three processes: this harness (seeding, signing, printing), the site, and the load
// generator (autocannon, bench/load-worker.ts). Throughput goals are shares of the no-op
// route's req/s (GET /api/health), measured before and after each group of rows at the
// group's concurrency, so a busy or a fast host moves both sides of the ratio alike.
//
// BENCH_DURATION_MS (5000) and BENCH_CONCURRENCY (16) shape the timed rows; the reads run
// BENCH_READ_ROUNDS (3) rounds of BENCH_READ_MS (3000) rows and are judged on their median
// round (why: `interleaved` below); bench/mint.ts
// and bench/search.ts name their own knobs. BENCH_TARGETS (embedded,postgres) picks the
// databases; BENCH_SITE_ONLY=1 runs only the site rows and its memory (no bundle sizes,
// chain cost, drop command, studio upload or mint profile), e.g. to measure a memory change.
//
// Last, each in a process of its own so every goal of the table is printed by one command: the
// SQL statements per prepare and execute (bench/mint-statements.ts, about a minute), the soak
// (bench/soak.ts, SOAK_MINUTES, 10) and the rush (bench/rush.ts: two instances, PostgreSQL,
// Redis, 1,000 buyers; about two minutes). BENCH_STATEMENTS=0, BENCH_SOAK=0 and BENCH_RUSH=0
// leave them out, said so (the rush is skipped without PostgreSQL or Redis).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDemoDrops } from "../lib/demo/seed-demo-drops";
import { serviceContextOf } from "../lib/server/runtime";
import { createEmptyPostgresDatabase, databaseTarget } from "../tests/helpers/databases";
import { freePort, startSite, type Site } from "../tests/helpers/site-process";
import { printBundleSizes } from "./bundle-size";
import { benchDrop } from "./drop";
import { benchStudioUpload } from "./studio-upload";
import { PRIOR_MINTS, benchChainCost } from "./chain-cost";
import { meets, printBounds, printGoals, target, type GoalId } from "./goals";
import { LoadGenerator, type LoadRequest, type LoadResult } from "./load";
import {
  benchMint,
  createMintFixture,
  MINT_CONCURRENCY,
  MINT_ROUNDS,
  MINT_WALLETS,
  type MintBenchResult,
} from "./mint";
import { passes, row, rowHeader } from "./report";
import { profileMint } from "./profile-mint";
import { benchSearch, insertSearchCollections, SEARCH_COLLECTIONS } from "./search";
import { describeThreadTimes } from "./thread-time";
import { assertProductionBuild, benchSiteEnv, createLiveKey, printSiteMemory, withSiteRuntime } from "./site";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const READ_ROUNDS = Number(process.env.BENCH_READ_ROUNDS ?? 3);
const READ_MS = Number(process.env.BENCH_READ_MS ?? 3000);
const NOOP: LoadRequest = { path: "/api/health" };
const TARGETS = new Set((process.env.BENCH_TARGETS ?? "embedded,postgres").split(",").map((t) => t.trim()));
const SITE_ONLY = process.env.BENCH_SITE_ONLY === "1";

type Read = { name: string; goalId: GoalId; request: LoadRequest };
type Row = { name: string; result: LoadResult; judged: { goalId?: GoalId; note?: string } };

/** The round whose share of the no-op's req/s is the median (the upper one of an even count). */
function medianRound<T extends { result: LoadResult; reference: number }>(rounds: T[]): T {
  const byShare = [...rounds].sort((a, b) => a.result.rps / a.reference - b.result.rps / b.reference);
  return byShare[Math.floor(byShare.length / 2)]!;
}

/** Every goal a row missed in this run (printed with what bounds it at the end). */
const missed = new Set<GoalId>();

/** The reads of a drop page and of a partner's integration during a sale; the wallet is a collector who minted sprites. */
function reads(siteUrl: string, key: string, phaseId: string, wallet: string): Read[] {
  const keyed = { "x-api-key": key };
  const sprites = "/api/v1/collections/sprites";
  return [
    { name: "GET collection", goalId: "read-collection", request: { path: sprites, headers: keyed } },
    {
      name: "GET availability",
      goalId: "read-availability",
      request: { path: `${sprites}/availability`, headers: keyed },
    },
    {
      name: "GET eligibility (collector, active phase)",
      goalId: "read-eligibility",
      request: { path: `${sprites}/eligibility/${phaseId}/${wallet}`, headers: keyed },
    },
    {
      name: "GET wallet-mints (collector)",
      goalId: "read-wallet-mints",
      request: { path: `${sprites}/wallet-mints/${wallet}`, headers: keyed },
    },
    { name: "GET gallery, page 1", goalId: "read-gallery", request: { path: `${sprites}/gallery`, headers: keyed } },
    {
      name: "GET all-minted, page 1",
      goalId: "read-all-minted",
      request: { path: `${sprites}/all-minted`, headers: keyed },
    },
    {
      name: "GET public collection (first-party)",
      goalId: "read-public-collection",
      request: { path: "/api/public/collection/sprites", headers: { origin: siteUrl } },
    },
  ];
}

async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function benchTarget(
  load: LoadGenerator,
  label: string,
  env: Record<string, string>,
  isPostgres: boolean,
): Promise<void> {
  const port = String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-bench-"));
  const siteEnv = benchSiteEnv(env, { port, dataDir });

  try {
    // Before the site starts (the embedded database and chain are then its own): the demo
    // drops, the search drops, the mint drop with its funded wallets, and a partner key.
    const setup = await withSiteRuntime(siteEnv, async (runtime) => {
      await seedDemoDrops(serviceContextOf(runtime));
      await insertSearchCollections(runtime.database.runner);
      return { mint: await createMintFixture(runtime), key: await createLiveKey(runtime) };
    });
    const site = await startSite(siteEnv);
    try {
      await benchSite(load, label, site, setup, isPostgres);
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchSite(
  load: LoadGenerator,
  label: string,
  site: Site,
  setup: { mint: Awaited<ReturnType<typeof createMintFixture>>; key: string },
  isPostgres: boolean,
) {
  const { key } = setup;
  const keyed = { "x-api-key": key };
  const drop = await getJson<{ phases: { active: Array<{ id: string }> } }>(
    `${site.url}/api/v1/collections/sprites`,
    keyed,
  );
  const minted = await getJson<{ nfts: Array<{ ownerWallet: string | null }> }>(
    `${site.url}/api/v1/collections/sprites/all-minted`,
    keyed,
  );
  const phaseId = drop.phases.active[0]?.id;
  const wallet = minted.nfts.find((nft) => nft.ownerWallet)?.ownerWallet;
  if (!phaseId || !wallet) throw new Error("the sprites demo drop has no active phase or no minted NFT");

  const timed = (request: LoadRequest, connections = CONCURRENCY) =>
    load.measure({ urls: [site.url], connections, durationMs: DURATION_MS, requests: [request] });
  /**
   * The no-op route before and after a group of rows, at the group's concurrency; their
   * mean is the group's reference, so a neighbour's burst during one of them weighs half.
   */
  const group = async (title: string, connections: number, measureRows: () => Promise<Row[]>) => {
    const before = await timed(NOOP, connections);
    const rows = await measureRows();
    const after = await timed(NOOP, connections);
    const reference = (before.rps + after.rps) / 2;
    console.log(title);
    console.log(row("no-op GET /api/health, before the group", before, reference));
    for (const measured of rows) {
      console.log(row(measured.name, measured.result, reference, measured.judged));
      if (measured.judged.goalId && !passes(measured.judged.goalId, measured.result, reference))
        missed.add(measured.judged.goalId);
    }
    console.log(row("no-op GET /api/health, after the group", after, reference));
  };

  /**
   * The reads, each between two no-op rows: a read is judged against the mean of its own
   * neighbours. The reads that send no statement cost about what the no-op does, so a drift
   * of the machine during a group of seven (the no-op moved from 547 to 850 req/s in one)
   * moved their shares by ±0.15 between runs; a reference taken around each row follows it.
   * Even so, one row of one run swung a read across its goal and back (wallet-mints 0.56 in
   * one run and 0.70 in the next, availability 0.56 where it had made 0.67): so every read
   * runs READ_ROUNDS rounds and is judged on its median round, each round printed.
   */
  const interleaved = async (title: string, reads: Read[]) => {
    console.log(title);
    const rounds: Array<Array<{ result: LoadResult; reference: number }>> = reads.map(() => []);
    const timedRead = (request: LoadRequest) =>
      load.measure({ urls: [site.url], connections: CONCURRENCY, durationMs: READ_MS, requests: [request] });
    let before = await timedRead(NOOP);
    for (let round = 1; round <= READ_ROUNDS; round++) {
      for (const [i, read] of reads.entries()) {
        const result = await timedRead(read.request);
        const after = await timedRead(NOOP);
        const reference = (before.rps + after.rps) / 2;
        rounds[i]!.push({ result, reference });
        console.log(
          row(`${read.name}, round ${round}`, result, reference, { note: `(no-op ${after.rps.toFixed(0)})` }),
        );
        before = after;
      }
    }
    console.log(`median round of ${READ_ROUNDS}:`);
    for (const [i, read] of reads.entries()) {
      const { result, reference } = medianRound(rounds[i]!);
      const errorFree = rounds[i]!.every((measured) => measured.result.errors === 0);
      console.log(row(read.name, result, reference, { goalId: read.goalId }));
      if (!passes(read.goalId, result, reference) || !errorFree) missed.add(read.goalId);
    }
  };

  // A site just started still compiles its request path: its first few thousand answers come
  // at half speed, even the no-op's. So, before the first row: the no-op alone for a while
  // (the path every request shares), then every read round a few times.
  const readRows = reads(site.url, key, phaseId, wallet);
  await load.run({ urls: [site.url], connections: CONCURRENCY, durationMs: 4000, requests: [NOOP] });
  await load.run({
    urls: [site.url],
    connections: CONCURRENCY,
    durationMs: 3000,
    requests: readRows.map((read) => read.request),
  });

  console.log(
    `\n${label}: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per row; × no-op is against the mean of the no-op rows around each read, and around each group after them`,
  );
  console.log(rowHeader());
  await interleaved(`reads (${READ_ROUNDS} rounds of ${READ_MS / 1000} s rows):`, readRows);
  await group(
    `collection search over ${SEARCH_COLLECTIONS} extra drops (first-party, Origin = site):`,
    CONCURRENCY,
    async () =>
      (await benchSearch(load, site.url, { concurrency: CONCURRENCY, durationMs: DURATION_MS })).map(
        ({ name, result }) => ({ name, result, judged: { goalId: "search-p95" } }),
      ),
  );
  // The mint goals are set for PostgreSQL, the database of a deployment that expects a rush.
  const mintJudged = (goalId: GoalId) =>
    isPostgres ? { goalId } : { note: `(goal on PostgreSQL: ${target(goalId)})` };
  let mintThreads: MintBenchResult["threads"] | undefined;
  await group(
    `mint: ${MINT_WALLETS} funded wallets × ${MINT_ROUNDS} rounds on a paid drop of ${setup.mint.drop.nftIds.length}, ${MINT_CONCURRENCY} concurrent:`,
    MINT_CONCURRENCY,
    async () => {
      const mint = await benchMint(load, site.url, key, setup.mint, site.process.pid);
      mintThreads = mint.threads;
      return [
        {
          name: `POST prepare-mint (${mint.prepare.requests} prepares)`,
          result: mint.prepare,
          judged: mintJudged("prepare-mint"),
        },
        {
          name: `POST execute-mint (${mint.minted} of ${mint.execute.requests} landed)`,
          result: mint.execute,
          judged: mintJudged("execute-mint"),
        },
      ];
    },
  );

  // Where a mint's wall time went on the site's thread (bench/thread-time.ts).
  for (const line of describeThreadTimes(mintThreads ?? {})) console.log(`  ${line}`);

  const rss = await printSiteMemory(site.url, site.process.pid, "site memory after the bench");
  const goal = isPostgres ? "memory-postgres" : "memory-embedded";
  console.log(`  ${meets(goal, rss) ? "✓" : "✗"} ${target(goal)}`);
  if (!meets(goal, rss)) missed.add(goal);
}

/**
 * A bench that also runs alone (`npmScript`) in a child process, so one command prints every
 * goal of the table; `skip` (e.g. BENCH_RUSH=0) leaves it out, said so.
 */
async function runOwnProcess(title: string, script: string, npmScript: string, skip: string): Promise<void> {
  if (process.env[skip] === "0") return void console.log(`\n${title} skipped (${skip}=0): npm run ${npmScript}`);
  console.log(`\n${title} (bench/${script})`);
  const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, script)], {
    stdio: "inherit",
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) console.log(`it did not finish (exit ${code}): its goals are not judged in this run`);
}

/** One mint's cost on the embedded chain after 100 and after 10,000 prior mints (bench/chain-cost.ts). */
async function printChainCost(): Promise<void> {
  console.log("\nChain cost of a mint as the drop grows");
  const cost = await benchChainCost();
  const growth = (at10000: number, at100: number) => (at10000 / at100 - 1) * 100;
  const p50 = growth(cost.at10000.p50Ms, cost.at100.p50Ms);
  const p95 = growth(cost.at10000.p95Ms, cost.at100.p95Ms);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const sign = (value: number) =>
    `${value >= 0 ? "+" : ""}${value.toFixed(0)} % ${meets("chain-cost", value) ? "✓" : "✗"}`;
  console.log(`at 100 minted:    p50 ${ms(cost.at100.p50Ms)}   p95 ${ms(cost.at100.p95Ms)}`);
  console.log(
    `at ${PRIOR_MINTS.toLocaleString("en")} minted: p50 ${ms(cost.at10000.p50Ms)}   p95 ${ms(cost.at10000.p95Ms)}   (p50 ${sign(p50)}, p95 ${sign(p95)})`,
  );
  console.log(`${meets("chain-cost", Math.max(p50, p95)) ? "✓" : "✗"} ${target("chain-cost")}`);
}

assertProductionBuild();
printGoals();
if (!SITE_ONLY) printBundleSizes();
const load = LoadGenerator.start();
try {
  if (TARGETS.has("embedded")) await benchTarget(load, "Embedded defaults (PGlite, embedded chain)", {}, false);
  const postgres = databaseTarget("postgres");
  if (!TARGETS.has("postgres")) {
    // Not asked for (BENCH_TARGETS).
  } else if (postgres.available) {
    const database = await createEmptyPostgresDatabase(postgres);
    try {
      await benchTarget(load, "PostgreSQL (embedded chain)", { DATABASE_URL: database.url }, true);
      // A missed mint goal comes with where the time goes: the mint rows again, under the profiler.
      if (!SITE_ONLY && (missed.has("prepare-mint") || missed.has("execute-mint"))) {
        const profiled = await createEmptyPostgresDatabase(postgres);
        try {
          await profileMint(load, { databaseUrl: profiled.url });
        } finally {
          await profiled.drop();
        }
      }
    } finally {
      await database.drop();
    }
  } else {
    console.log(`\nPostgreSQL skipped: ${postgres.reason}`);
  }
  if (!SITE_ONLY) {
    await printChainCost();
    await benchDrop();
    await benchStudioUpload();
    await runOwnProcess(
      "SQL statements per prepare and execute",
      "mint-statements.ts",
      "bench:statements",
      "BENCH_STATEMENTS",
    );
  }
  printBounds(missed);
  if (!SITE_ONLY) {
    await runOwnProcess("The soak", "soak.ts", "bench:soak", "BENCH_SOAK");
    await runOwnProcess("The rush", "rush.ts", "bench:rush", "BENCH_RUSH");
  }
} finally {
  load.close();
}
// pg and PGlite may keep handles open a little longer.
process.exit(0);

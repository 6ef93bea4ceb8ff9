// `npm run bench`: latency and throughput of the hot read endpoints against the production
// build, served as `npm start` serves it, on the embedded defaults (PGlite) and on
// PostgreSQL when a server is reachable. A trivial JSON route of the same app is measured
// as the framework ceiling. Numbers are printed; nothing is asserted (timings belong here,
// never in tests).
//
// Load runs in this process against the site in a child process: on a 2-core machine they
// share the CPU, so read the ceiling row as the reference, not the absolute figures.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmptyPostgresDatabase, databaseTarget } from "../tests/helpers/databases";
import { freePort, runScript, startSite } from "../tests/helpers/site-process";
import { printBundleSizes, readBundleSizes } from "./bundle-size";
import { PRIOR_MINTS, benchChainCost } from "./chain-cost";
import { runLoad, type LoadResult } from "./load";
import { benchMint } from "./mint";
import { benchSearch, SEARCH_COLLECTIONS, seedSearchCollections } from "./search";

const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
/** Wallets in the mint scenario: one free aurora NFT each (46 left, maxPerWallet 2). */
const MINT_WALLETS = Math.min(40, Number(process.env.BENCH_MINT_WALLETS ?? 40));

type Scenario = { name: string; path: string; keyed: boolean };
const SCENARIOS: Scenario[] = [
  { name: "framework ceiling (GET /api/health)", path: "/api/health", keyed: false },
  { name: "GET collection", path: "/api/v1/collections/sprites", keyed: true },
  { name: "GET gallery", path: "/api/v1/collections/sprites/gallery", keyed: true },
  { name: "GET all-minted", path: "/api/v1/collections/sprites/all-minted", keyed: true },
  { name: "GET availability", path: "/api/v1/collections/sprites/availability", keyed: true },
];

function row(name: string, r: LoadResult): string {
  const errors = r.errors ? `  errors ${r.errors} ${JSON.stringify(r.statuses)}` : "";
  return `${name.padEnd(40)} ${r.rps.toFixed(0).padStart(6)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms${errors}`;
}

async function benchTarget(label: string, env: Record<string, string>) {
  const port = String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-bench-"));
  // Mint budgets out of the way; TRUSTED_PROXY_HOPS=1 lets bench/mint.ts fund each wallet under its own faucet IP.
  const siteEnv = {
    ...env,
    PORT: port,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_READS_PER_MINUTE: "100000000",
    RATE_LIMIT_MINTS_PER_MINUTE: "100000000",
    TRUSTED_PROXY_HOPS: "1",
    LOG_LEVEL: "warn",
  };
  try {
    if (env.DATABASE_URL) {
      // The site seeds only an empty embedded database; PostgreSQL gets the demo drops here.
      const seeded = runScript("db-seed.ts", [], { ...siteEnv, LOG_LEVEL: "silent" });
      if (seeded.status !== 0) throw new Error(`db:seed failed: ${seeded.stderr}`);
    }
    await seedSearchCollections(siteEnv); // before the site owns the embedded database
    const site = await startSite(siteEnv);
    try {
      const created = runScript("keys.ts", ["create", "--class", "live", "--collections", "all"], siteEnv);
      const key = /^\s*(dm_live_\S{40,})\s*$/m.exec(created.stdout)?.[1];
      if (!key) throw new Error(`could not create a key: ${created.stdout}${created.stderr}`);
      console.log(`\n${label}  (${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s each)`);
      for (const scenario of SCENARIOS) {
        const url = `${site.url}${scenario.path}`;
        await runLoad(url, { concurrency: 2, durationMs: 500, headers: scenario.keyed ? { "x-api-key": key } : {} }); // warm-up
        const result = await runLoad(url, { concurrency: CONCURRENCY, durationMs: DURATION_MS, headers: scenario.keyed ? { "x-api-key": key } : {} });
        console.log(row(scenario.name, result));
      }
      console.log(`collection search over ${SEARCH_COLLECTIONS} extra drops (first-party, Origin = site):`);
      for (const { name, result } of await benchSearch(site.url, { concurrency: CONCURRENCY, durationMs: DURATION_MS })) console.log(row(name, result));
      // Once per wallet (each call mints for real), so: one burst of MINT_WALLETS requests each.
      const mint = await benchMint(site.url, key, { wallets: MINT_WALLETS, concurrency: CONCURRENCY });
      console.log(row(`POST prepare-mint (${MINT_WALLETS} wallets)`, mint.prepare));
      console.log(row(`POST execute-mint (${mint.minted} landed)`, mint.execute));
    } finally {
      await site.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
  console.error("No production build: run `npm run build` first (npm run bench does).");
  process.exit(1);
}

printBundleSizes(readBundleSizes(["/", "/d/[identifier]", "/search", "/docs"]));
// In this process, before any site starts: the embedded chain alone, early and late in its history.
const chainCost = await benchChainCost();
console.log("\nNFT mint on the embedded chain (sendRawTransaction, durable)");
console.log(`${"after 100 prior mints".padEnd(27)}p50 ${chainCost.at100.p50Ms.toFixed(2).padStart(7)} ms   p95 ${chainCost.at100.p95Ms.toFixed(2).padStart(7)} ms`);
console.log(`${`after ${PRIOR_MINTS} prior mints`.padEnd(27)}p50 ${chainCost.at10000.p50Ms.toFixed(2).padStart(7)} ms   p95 ${chainCost.at10000.p95Ms.toFixed(2).padStart(7)} ms`);
await benchTarget("Embedded defaults (PGlite, embedded chain)", {});
const postgres = databaseTarget("postgres");
if (postgres.available) {
  const database = await createEmptyPostgresDatabase(postgres);
  try {
    await benchTarget("PostgreSQL", { DATABASE_URL: database.url });
  } finally {
    await database.drop();
  }
} else {
  console.log(`\nPostgreSQL skipped: ${postgres.reason}`);
}

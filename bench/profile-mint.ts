// `npm run bench:profile`: where a prepare and an execute spend the server's CPU. The mint
// rows of `npm run bench` (64 funded wallets, BENCH_MINT_ROUNDS rounds of prepare then
// execute) run against one site started with `node --cpu-prof`, on PostgreSQL when a server
// is reachable (the mint goals are set there) and otherwise on the embedded database. When
// the site stops, its profile is summarised: the top frames by self time, and the same time
// grouped by where the code lives (our lib/, a package under node_modules, node itself).
//
// The profile file stays in BENCH_PROFILE_DIR (a temporary folder by default) for Chrome's
// DevTools or speedscope.
//
// The production build is minified, so the app's own frames show as short names in chunks of
// .next. To see them by name, build with `DROPMINT_UNMINIFIED_SERVER=1 npx next build` and run
// `node --import tsx bench/profile-mint.ts` (the npm script builds again, minified).
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { createEmptyPostgresDatabase, databaseTarget } from "../tests/helpers/databases";
import { freePort, startSite } from "../tests/helpers/site-process";
import { monotonicUs, printProfileSummary, type ProfileWindow } from "./cpu-profile";
import { LoadGenerator, summarise } from "./load";
import { cpuByGroup, describeCpuShare } from "./process-tree";
import { benchMint, createMintFixture, MINT_CONCURRENCY, MINT_ROUNDS, MINT_WALLETS } from "./mint";
import { assertProductionBuild, benchSiteEnv, createLiveKey, printSiteMemory, withSiteRuntime } from "./site";
import { describeThreadTimes, sampleMainThread, ThreadTimes } from "./thread-time";

const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 5);

/**
 * The mint rows once more against a site of their own started with `node --cpu-prof`, then
 * the profile's summary. `npm run bench` calls it when a mint goal is missed on PostgreSQL,
 * so the run that prints ✗ also prints where the time goes.
 */
export async function profileMint(
  load: LoadGenerator,
  options: { databaseUrl: string | null; top?: number },
): Promise<void> {
  const profileDir = process.env.BENCH_PROFILE_DIR ?? mkdtempSync(path.join(tmpdir(), "dropmint-profile-"));
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-bench-"));
  const port = String(await freePort());
  const siteEnv = benchSiteEnv(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}, { port, dataDir });
  try {
    const setup = await withSiteRuntime(siteEnv, async (runtime) => ({
      mint: await createMintFixture(runtime),
      key: await createLiveKey(runtime),
    }));
    const site = await startSite(siteEnv, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] });
    let mint;
    let noop;
    const noopThread = new ThreadTimes();
    let window: ProfileWindow | undefined;
    let cpuShare = "";
    try {
      // The no-op route warmed, then measured around the mint rows at their concurrency: the ratios' reference.
      const pid = site.process.pid;
      const noopRun = async (durationMs: number, threads?: ThreadTimes) => {
        const job = { urls: [site.url], connections: MINT_CONCURRENCY, requests: [{ path: "/api/health" }] };
        const threadBefore = sampleMainThread(pid);
        const result = summarise([await load.run({ ...job, durationMs })]);
        threads?.add(threadBefore, sampleMainThread(pid), result.requests);
        return result;
      };
      await noopRun(3000); // the warm-up
      const before = await noopRun(5000, noopThread);
      const cpuBefore = cpuByGroup(site.process.pid!);
      const fromUs = monotonicUs();
      mint = await benchMint(load, site.url, setup.key, setup.mint, pid);
      window = { fromUs, toUs: monotonicUs() };
      cpuShare = describeCpuShare(
        cpuBefore,
        cpuByGroup(site.process.pid!),
        (window.toUs - fromUs) / 1000,
        cpus().length,
      );
      const after = await noopRun(5000, noopThread);
      noop = (before.rps + after.rps) / 2;
      await printSiteMemory(site.url, site.process.pid, "site memory after the mint rows");
    } finally {
      await site.stop();
    }
    console.log(
      `\nCPU profile of the site under the mint rows (${options.databaseUrl ? "PostgreSQL" : "PGlite"}, ${MINT_WALLETS} wallets × ${MINT_ROUNDS} rounds, ${MINT_CONCURRENCY} concurrent)`,
    );
    console.log(
      `no-op GET /api/health: ${noop.toFixed(0)} req/s (mean of before and after, ${MINT_CONCURRENCY} concurrent)`,
    );
    console.log(
      `prepare: ${mint.prepare.rps.toFixed(0)} req/s (${(mint.prepare.rps / noop).toFixed(3)} × no-op), p50 ${mint.prepare.p50.toFixed(0)} ms, p95 ${mint.prepare.p95.toFixed(0)} ms, ${JSON.stringify(mint.prepare.statuses)}`,
    );
    console.log(
      `execute: ${mint.execute.rps.toFixed(0)} req/s (${(mint.execute.rps / noop).toFixed(3)} × no-op), p50 ${mint.execute.p50.toFixed(0)} ms, p95 ${mint.execute.p95.toFixed(0)} ms, ${mint.minted} minted`,
    );
    // The site's main process profile: the largest file (a worker thread writes a small one of its own).
    const files = readdirSync(profileDir).filter((name) => name.endsWith(".cpuprofile"));
    if (files.length === 0) throw new Error(`no .cpuprofile in ${profileDir}: did the site exit cleanly?`);
    const file = files
      .map((name) => path.join(profileDir, name))
      .sort((a, b) => statSync(b).size - statSync(a).size)[0]!;
    console.log(`CPU while the mint rows ran (the wallets sign between the bursts): ${cpuShare}`);
    for (const line of describeThreadTimes({ "no-op": noopThread, ...mint.threads })) console.log(line);
    console.log(`the site's profile, of the mint rows only (its whole life is in ${file}):`);
    printProfileSummary(file, options.top ?? TOP, window);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  assertProductionBuild();
  const postgres = databaseTarget("postgres");
  const database = postgres.available ? await createEmptyPostgresDatabase(postgres) : null;
  const load = LoadGenerator.start();
  try {
    await profileMint(load, { databaseUrl: database?.url ?? null });
  } finally {
    load.close();
    await database?.drop();
  }
}

if (process.argv[1]?.endsWith("profile-mint.ts")) {
  await main();
  process.exit(0);
}

// `npm run bench:soak`: a sale's reads for a long while, against one instance: the drop
// page, the partner reads, the site's own collection page and search, mixed, from
// BENCH_CONCURRENCY clients (16) for SOAK_MINUTES (10). The site's memory (VmRSS) is read
// after the first minute, when its caches and pools are filled and its code compiled, and
// then every minute; it must grow less than the goal (bench/goals.ts) by the end: a leak
// per request would show here long before it took a live site down.
//
// SOAK_DATABASE=postgres runs it on the PostgreSQL server instead of the embedded defaults.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedDemoDrops } from "../lib/demo/seed-demo-drops";
import { serviceContextOf } from "../lib/server/runtime";
import { createEmptyPostgresDatabase, databaseTarget } from "../tests/helpers/databases";
import { freePort, startSite } from "../tests/helpers/site-process";
import { printGoals, verdict } from "./goals";
import { LoadGenerator, summarise, type LoadRequest } from "./load";
import { insertSearchCollections, SEARCH_QUERIES } from "./search";
import { assertProductionBuild, benchSiteEnv, createLiveKey, rssMb, withSiteRuntime } from "./site";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const MINUTE_MS = 60_000;
if (!(MINUTES >= 2)) throw new Error("SOAK_MINUTES must be at least 2: one to warm up, one to measure.");

/** What visitors and partners read during a sale, in one rotation every client cycles through. */
function mixedReads(siteUrl: string, key: string, phaseId: string, wallet: string): LoadRequest[] {
  const keyed = { "x-api-key": key };
  const site = { origin: siteUrl };
  const sprites = "/api/v1/collections/sprites";
  return [
    { path: "/d/sprites" },
    { path: sprites, headers: keyed },
    { path: `${sprites}/availability`, headers: keyed },
    { path: `${sprites}/eligibility/${phaseId}/${wallet}`, headers: keyed },
    { path: `${sprites}/wallet-mints/${wallet}`, headers: keyed },
    { path: `${sprites}/gallery`, headers: keyed },
    { path: `${sprites}/all-minted`, headers: keyed },
    { path: "/api/public/collection/sprites", headers: site },
    { path: "/d/aurora" },
    { path: "/api/v1/collections/aurora/availability", headers: keyed },
    ...SEARCH_QUERIES.map(({ q }) => ({
      path: `/api/public/collections/search?q=${encodeURIComponent(q)}`,
      headers: site,
    })),
  ];
}

async function soak(env: Record<string, string>, label: string): Promise<void> {
  const port = String(await freePort());
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-soak-"));
  const siteEnv = benchSiteEnv(env, { port, dataDir });

  const load = LoadGenerator.start();
  try {
    const key = await withSiteRuntime(siteEnv, async (runtime) => {
      await seedDemoDrops(serviceContextOf(runtime));
      await insertSearchCollections(runtime.database.runner);
      return createLiveKey(runtime);
    });
    const site = await startSite(siteEnv);
    try {
      const headers = { "x-api-key": key };
      const drop = (await (await fetch(`${site.url}/api/v1/collections/sprites`, { headers })).json()) as {
        phases: { active: Array<{ id: string }> };
      };
      const minted = (await (await fetch(`${site.url}/api/v1/collections/sprites/all-minted`, { headers })).json()) as {
        nfts: Array<{ ownerWallet: string | null }>;
      };
      const requests = mixedReads(
        site.url,
        key,
        drop.phases.active[0]!.id,
        minted.nfts.find((nft) => nft.ownerWallet)!.ownerWallet!,
      );
      console.log(
        `\n${label}: ${requests.length} reads in rotation, ${CONCURRENCY} concurrent clients, ${MINUTES} minutes (the first warms up)`,
      );
      console.log(
        `${"minute".padEnd(8)} ${"req/s".padStart(7)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"errors".padStart(7)} ${"RSS MB".padStart(8)}`,
      );
      let warmRss = NaN;
      for (let minute = 1; minute <= MINUTES; minute++) {
        const result = summarise([
          await load.run({ urls: [site.url], connections: CONCURRENCY, durationMs: MINUTE_MS, requests }),
        ]);
        const rss = rssMb(site.process.pid);
        if (minute === 1) warmRss = rss;
        const errors = result.errors ? ` ${JSON.stringify(result.statuses)}` : "";
        console.log(
          `${String(minute).padEnd(8)} ${result.rps.toFixed(0).padStart(7)} ${result.p50.toFixed(1).padStart(8)} ${result.p95.toFixed(1).padStart(8)} ${String(result.errors).padStart(7)} ${rss.toFixed(0).padStart(8)}${minute === 1 ? "  (after the warm-up minute)" : ""}${errors}`,
        );
      }
      const endRss = rssMb(site.process.pid);
      const growth = (endRss / warmRss - 1) * 100;
      console.log(
        `RSS ${warmRss.toFixed(0)} MB after the warm-up minute, ${endRss.toFixed(0)} MB at the end: ${growth >= 0 ? "+" : ""}${growth.toFixed(1)} %  ${verdict("soak-rss", growth)}`,
      );
    } finally {
      await site.stop();
    }
  } finally {
    load.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

assertProductionBuild();
printGoals(["soak-rss"]);
if (process.env.SOAK_DATABASE === "postgres") {
  const postgres = databaseTarget("postgres");
  if (!postgres.available)
    throw new Error(`SOAK_DATABASE=postgres, but PostgreSQL is not reachable: ${postgres.reason}`);
  const database = await createEmptyPostgresDatabase(postgres);
  try {
    await soak({ DATABASE_URL: database.url }, "PostgreSQL (embedded chain)");
  } finally {
    await database.drop();
  }
} else {
  await soak({}, "Embedded defaults (PGlite, embedded chain)");
}
// pg and PGlite may keep handles open a little longer.
process.exit(0);

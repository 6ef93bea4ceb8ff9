// What the benches share about the site under test: its environment, its memory, and the
// data put in place before it starts (the embedded database and chain belong to the site
// once it runs, so everything is written first, through the same runtime the site opens).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { Keypair } from "@solana/web3.js";
import { parseConfig } from "../lib/config";
import { openDatabase } from "../lib/db/client";
import { assembleRuntime, openChain } from "../lib/server/create-runtime";
import { serviceContextOf, type Runtime } from "../lib/server/runtime";
import { createApiKey } from "../lib/services/api-keys";
import { createFixtureDrop, type FixtureDrop, type FixtureOptions } from "../tests/api/mint/fixtures";
import type { TestApp } from "../tests/helpers/test-app";

export function assertProductionBuild(): void {
  if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) {
    console.error("No production build: run `npm run build` first (the npm bench scripts do).");
    process.exit(1);
  }
}

/** The site's resident memory (VmRSS of its process), in MB. */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

/**
 * Opens the database and the chain the way the site will (same DATA_DIR, DATABASE_URL,
 * SOLANA_RPC_URL and mint authority), runs `work`, and closes them again, before the site
 * starts or beside it when the chain is shared.
 */
export async function withSiteRuntime<T>(
  siteEnv: Record<string, string>,
  work: (runtime: Runtime) => Promise<T>,
): Promise<T> {
  // The harness's own setup (the seed's progress lines) stays out of the printed table; the site logs at its own level.
  process.env.LOG_LEVEL ??= "silent";
  const config = parseConfig({ ...process.env, ...siteEnv, LOG_LEVEL: "silent" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 4 });
  let runtime: Runtime;
  try {
    runtime = assembleRuntime(config, database, await openChain(config));
  } catch (error) {
    await database.close();
    throw error;
  }
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

/** A drop for the mint benches (on chain and in the database, one active ungated phase), as the mint tests build theirs. */
export function createBenchDrop(runtime: Runtime, options: FixtureOptions): Promise<FixtureDrop> {
  // The fixture reads only the runtime; the rest of a test app is never called.
  const app: TestApp = {
    runtime,
    context: (overrides) => serviceContextOf(runtime, overrides),
    createKey: async () => "",
    close: async () => undefined,
  };
  return createFixtureDrop(app, options);
}

/** `count` new wallets with `lamports` each, funded straight on the chain (the faucet's per-IP budget is for visitors). */
export async function fundedWallets(runtime: Runtime, count: number, lamports: bigint): Promise<Keypair[]> {
  const wallets = Array.from({ length: count }, () => Keypair.generate());
  // A few at a time: over JSON-RPC each airdrop is a round trip.
  for (let i = 0; i < wallets.length; i += 16) {
    await Promise.all(
      wallets.slice(i, i + 16).map((wallet) => runtime.chain.airdrop(wallet.publicKey.toBase58(), lamports)),
    );
  }
  return wallets;
}

/** A live partner key for every drop, created through the same service as `npm run keys`. */
export async function createLiveKey(runtime: Runtime): Promise<string> {
  return (await createApiKey(serviceContextOf(runtime), { keyClass: "live", collections: "all" })).key;
}

/**
 * The environment of a site under a timed bench: every request comes from one client
 * address, so the per-IP and per-key budgets are out of the way, and so is the admission
 * bound, so the rows measure throughput rather than refusals (bench:rush keeps both).
 */
export function benchSiteEnv(
  env: Record<string, string>,
  site: { port: string; dataDir: string },
): Record<string, string> {
  return {
    ...env,
    PORT: site.port,
    DATA_DIR: site.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${site.port}`,
    RATE_LIMIT_READS_PER_MINUTE: "100000000",
    RATE_LIMIT_MINTS_PER_MINUTE: "100000000",
    RATE_LIMIT_CHAIN_READS_PER_MINUTE: "100000000",
    MAX_CONCURRENT_REQUESTS: "100000",
    MAX_CONCURRENT_MINTS: "100000",
    MAX_REQUESTS_PER_CLIENT: "100000",
    LOG_LEVEL: "warn",
    // The bench reads the site's memory breakdown from its metrics (printSiteMemory).
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
  };
}

const BENCH_METRICS_TOKEN = "bench-metrics-token";

/**
 * The site's resident memory with its parts (dropmint_memory_bytes, lib/metrics.ts): the JS
 * heap, external and array buffers, the embedded database's WebAssembly memory, the embedded
 * chain's litesvm state, and the rest (code, malloc's own, sharp). Returns the RSS in MB.
 */
export async function printSiteMemory(siteUrl: string, pid: number | undefined, title: string): Promise<number> {
  const rss = rssMb(pid);
  const response = await fetch(`${siteUrl}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  const text = response.ok ? await response.text() : "";
  const parts = new Map(
    [...text.matchAll(/^dropmint_memory_bytes\{part="([a-z_]+)"\} (\d+(?:\.\d+)?(?:e\+\d+)?)$/gm)].map((m) => [
      m[1]!,
      Number(m[2]) / 2 ** 20,
    ]),
  );
  const mb = (part: string) => (parts.has(part) ? `${parts.get(part)!.toFixed(0)} MB` : "n/a");
  console.log(`${title}: RSS ${rss.toFixed(0)} MB`);
  console.log(
    `  JS heap ${mb("heap_used")} used of ${mb("heap_total")} committed; external ${mb("external")}` +
      ` (array buffers ${mb("array_buffers")}, embedded database ${mb("embedded_database")});` +
      ` embedded chain ${mb("embedded_chain")}; other native ${mb("native_other")} (code, malloc's own, sharp)`,
  );
  return rss;
}

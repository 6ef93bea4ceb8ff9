// Opens the runtime's parts in order: database (migrated), chain, server keys, rate
// limiter; then seeds the demo drops on an empty embedded database.
import path from "node:path";
import type { Config } from "@/lib/config";
import { openDatabase, type Database } from "@/lib/db/client";
import { RpcChain, loadServerKeys, openEmbeddedChain, type Chain } from "@/lib/chain";
import { clusterOfGenesisHash } from "@/lib/domain/cluster-identity";
import { createLogger } from "@/lib/log";
import { registerMemoryProbe } from "@/lib/metrics";
import { createRateLimiter } from "@/lib/rate-limit";
import { createReadCaches, keepReadCachesFresh } from "@/lib/services/read-caches";
import { startPayoutWorker } from "@/lib/services/bounty-payout-worker";
import { startAvatarSweep } from "@/lib/services/avatar-sweep";
import { flushRefusalCounts } from "@/lib/services/mint/refusal-counts";
import { withChainMetrics } from "./chain-metrics";
import { runtimeHooks, serviceContextOf, type Runtime } from "./runtime";
import { generateAdminToken, removeInstanceFile, writeInstanceFile } from "./instance-file";

const log = createLogger("runtime");

/**
 * SOLANA_RPC_URL selects the RPC chain (required on devnet/mainnet; on localnet it points
 * at a chain shared through `npm run localnet`); without it, localnet is the embedded chain.
 * An RPC chain is asked which cluster it is before anything uses it (assertClusterOfChain).
 */
export async function openChain(config: Config): Promise<Chain> {
  if (config.rpcUrl) {
    const chain = new RpcChain({ cluster: config.cluster, rpcUrl: config.rpcUrl });
    try {
      await assertClusterOfChain(config, chain);
    } catch (error) {
      await chain.close().catch(() => undefined);
      throw error;
    }
    return chain;
  }
  if (config.cluster === "localnet") {
    const chain = await openEmbeddedChain({ dir: path.join(config.dataDir, "chain"), cluster: "localnet" });
    registerMemoryProbe("embedded_chain", () => chain.stats().svmStateBytes);
    return chain;
  }
  // parseConfig already refuses this; kept for configs built by hand.
  throw new Error(`SOLANA_CLUSTER=${config.cluster} needs SOLANA_RPC_URL.`);
}

/**
 * The node's genesis hash says which cluster it is; a configuration that says otherwise
 * stops start-up with the fix. Burner wallets, the faucet, sandbox keys and demo seeding
 * follow `config.cluster`, so it must never read localnet on a public cluster's node (the
 * default when only SOLANA_RPC_URL is set), nor a public cluster on the local chain. A node
 * that cannot be asked blocks a localnet start (nothing proves it is local); on devnet or
 * mainnet nothing local-only is on, so the site starts and says so.
 */
async function assertClusterOfChain(config: Config, chain: RpcChain): Promise<void> {
  let genesisHash: string;
  try {
    genesisHash = await chain.getGenesisHash();
  } catch (error) {
    if (config.cluster !== "localnet") {
      log.warn(`could not ask SOLANA_RPC_URL which cluster it is; going on as ${config.cluster}`, error);
      return;
    }
    throw new Error(
      `SOLANA_RPC_URL did not say which chain it is (getGenesisHash failed), so it cannot be trusted to be the local chain: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const cluster = clusterOfGenesisHash(genesisHash);
  if (cluster === config.cluster) return;
  throw new Error(
    `SOLANA_RPC_URL points at a ${cluster} node (genesis hash ${genesisHash}), but SOLANA_CLUSTER is ${config.cluster}. ` +
      `Set SOLANA_CLUSTER=${cluster}${cluster === "localnet" ? "" : " and MINT_AUTHORITY_SECRET_KEY"}, or point SOLANA_RPC_URL at the chain you meant.`,
  );
}

const NOT_LISTENING = async () => undefined;

/** Wires opened parts into a runtime; closing it closes them. */
export function assembleRuntime(config: Config, database: Database, chain: Chain): Runtime {
  const rateLimiter = createRateLimiter(config);
  const caches = createReadCaches();
  // Own writes are reported at once; the database's announcements once the listening
  // connection is up, and whatever was cached before that is forgotten then.
  const freshness = keepReadCachesFresh(database, caches).then(
    (stop) => {
      for (const cache of Object.values(caches)) cache.invalidateAll();
      return stop;
    },
    (error: unknown) => {
      log.warn("cannot hear the database's change announcements; cached reads rely on their maximum age", error);
      return NOT_LISTENING;
    },
  );
  return {
    config,
    database,
    chain: withChainMetrics(chain),
    keys: loadServerKeys(config),
    rateLimiter,
    caches,
    cachesListening: freshness.then((stop) => stop !== NOT_LISTENING),
    async close() {
      await (
        await freshness
      )();
      await chain.close();
      // The last second's refusals (refusal-counts.ts) are written before the database closes.
      await flushRefusalCounts(database.prisma);
      await database.close();
      await rateLimiter.close?.();
    },
  };
}

export async function createRuntime(config: Config, options: { seedIfEmpty: boolean }): Promise<Runtime> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let chain: Chain;
  try {
    chain = await openChain(config);
    chain = runtimeHooks().decorateChain?.(chain) ?? chain;
  } catch (error) {
    await database.close();
    throw error;
  }
  const runtime = assembleRuntime(config, database, chain);
  const shouldSeed = options.seedIfEmpty && config.seedDemoDrops && database.kind === "pglite";
  if (shouldSeed && (await database.prisma.collection.count()) === 0) {
    const { seedDemoDrops } = await import("@/lib/demo/seed-demo-drops");
    await seedDemoDrops(serviceContextOf(runtime));
  }
  let maintained = withMintMaintenance(runtime, await import("@/lib/services/mint/reconcile"));
  if (shouldSeed && config.demoActivityMinutes > 0)
    maintained = withDemoActivity(maintained, await import("@/lib/demo/demo-activity"));
  // The command-line tools need the site's door when it holds anything they cannot open
  // beside it: the embedded database, or the embedded chain (`npm run drop` on PostgreSQL).
  if (database.kind !== "pglite" && chain.kind !== "embedded") return maintained;
  try {
    return withInstanceFile(maintained);
  } catch (error) {
    await maintained.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Mint sessions are settled at start and every 30 s (expiry sweep, uncertain submits), and
 * bounty prizes paid by the payout worker (every 5 s and when a mint wins one), avatars whose
 * NFT left the wallet cleared every minute (avatar-sweep.ts); the
 * timers are unref'd and stopped on close. Tests build runtimes with assembleRuntime and
 * run the reconciler themselves.
 */
function withMintMaintenance(runtime: Runtime, maintenance: typeof import("@/lib/services/mint/reconcile")): Runtime {
  const stop = maintenance.startMintMaintenance(serviceContextOf(runtime));
  const stopPayouts = startPayoutWorker(serviceContextOf(runtime));
  const stopAvatarSweep = startAvatarSweep(serviceContextOf(runtime));
  const closeParts = runtime.close;
  return {
    ...runtime,
    async close() {
      await Promise.all([stop(), stopPayouts(), stopAvatarSweep()]);
      await closeParts();
    },
  };
}

/** The demo's background mints (local chain only; lib/demo/demo-activity.ts), stopped on close. */
function withDemoActivity(runtime: Runtime, activity: typeof import("@/lib/demo/demo-activity")): Runtime {
  const stop = activity.startDemoActivity(serviceContextOf(runtime), runtime.config.demoActivityMinutes);
  const closeParts = runtime.close;
  return {
    ...runtime,
    async close() {
      stop();
      await closeParts();
    },
  };
}

/**
 * On the embedded database (or chain) no other process can open the data, so the command-line tools
 * reach this one through `<DATA_DIR>/instance.json` and the admin endpoints; the file is
 * removed again on close.
 */
function withInstanceFile(runtime: Runtime): Runtime {
  const { config } = runtime;
  const adminToken = generateAdminToken();
  writeInstanceFile(config.dataDir, { pid: process.pid, adminUrl: `http://127.0.0.1:${config.port}`, adminToken });
  const closeParts = runtime.close;
  return {
    ...runtime,
    adminToken,
    async close() {
      try {
        removeInstanceFile(config.dataDir, adminToken);
      } catch (error) {
        log.warn(`could not remove ${config.dataDir}/instance.json`, error);
      }
      await closeParts();
    },
  };
}

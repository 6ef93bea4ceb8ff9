// A complete app for API tests: a real database (PGlite or PostgreSQL), the embedded chain
// in a fresh folder, the demo drops seeded for real, and the runtime installed so route
// handlers use it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseConfig } from "@/lib/config";
import { openEmbeddedChain } from "@/lib/chain";
import { assembleRuntime } from "@/lib/server/create-runtime";
import { installRuntime, serviceContextOf, type Runtime } from "@/lib/server/runtime";
import type { ServiceContext } from "@/lib/services/context";
import { seedDemoDrops } from "@/lib/demo/seed-demo-drops";
import { createApiKey } from "@/lib/services/api-keys";
import { openDatabase } from "@/lib/db/client";
import { openTestDatabase, type DatabaseTarget } from "./databases";

export const TEST_SITE_ORIGIN = "http://localhost:3000";

export type TestApp = {
  runtime: Runtime;
  /** postgres: the database's URL (a second app over the same database: startTestApp's `databaseUrl`). */
  databaseUrl?: string;
  /** The services' context over this app (system clock unless overridden, e.g. `{ clock: fixedClock(at) }`). */
  context(overrides?: Partial<ServiceContext>): ServiceContext;
  /** Creates a key through the same service as the CLI; returns the clear key. */
  createKey(options: {
    keyClass: "pub" | "live" | "test";
    collections: string[] | "all";
    origins?: string[];
  }): Promise<string>;
  close(): Promise<void>;
};

export async function startTestApp(
  target: DatabaseTarget,
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    /** postgres: a second instance over this existing database (another app's), instead of a new one. */
    databaseUrl?: string;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-app-"));
  const shared = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl, dataDir, poolSize: 5 })
    : null;
  const owned = shared ? null : await openTestDatabase(target);
  const database = shared ?? owned!;
  const config = parseConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_SITE_ORIGIN,
    LOG_LEVEL: "silent",
    RATE_LIMIT_READS_PER_MINUTE: "100000",
    RATE_LIMIT_CHAIN_READS_PER_MINUTE: "100000",
    ...options.env,
  });
  const chain = await openEmbeddedChain({ dir: path.join(dataDir, "chain"), cluster: "localnet" });
  const runtime = assembleRuntime(config, database, chain);
  installRuntime(runtime);
  if (options.seed ?? true) await seedDemoDrops(serviceContextOf(runtime));
  return {
    runtime,
    databaseUrl: options.databaseUrl ?? owned?.url,
    context: (overrides) => serviceContextOf(runtime, overrides),
    async createKey({ keyClass, collections, origins = [] }) {
      const created = await createApiKey(serviceContextOf(runtime), { keyClass, collections, origins });
      return created.key;
    },
    async close() {
      await chain.close();
      await (owned ? owned.dispose() : shared!.close());
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// A built site for the fuzz run: a fresh data folder, the demo drops, budgets wide enough
// that the run tests the contract rather than the rate limiter, and a live key for every
// drop made with the CLI. On PostgreSQL the demo drops are seeded first (`db:seed`), as an
// operator would; the embedded database seeds itself on its first start.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort, runScript, startSite, type Site } from "../helpers/site-process";

export type FuzzSite = { site: Site; apiKey: string; stop(): Promise<void> };

export const WIDE_BUDGETS = {
  RATE_LIMIT_READS_PER_MINUTE: "1000000",
  RATE_LIMIT_CHAIN_READS_PER_MINUTE: "1000000",
  RATE_LIMIT_MINTS_PER_MINUTE: "1000000",
  CLAIM_CODE_CHECKS_PER_IP_PER_MINUTE: "1000000",
  CLAIM_CODE_CHECKS_PER_DROP_PER_MINUTE: "1000000",
};

export async function startFuzzSite(options: { databaseUrl?: string } = {}): Promise<FuzzSite> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dropmint-fuzz-"));
  const port = String(await freePort());
  const env: Record<string, string> = {
    PORT: port,
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_ACTIVITY_MINUTES: "0",
    STATIC_TOKEN_PRICES: '{"SOL":150,"USDC":1}',
    ...WIDE_BUDGETS,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  if (options.databaseUrl) {
    const seeded = await runScript("db-seed.ts", [], env);
    if (seeded.status !== 0) throw new Error(`db:seed failed: ${seeded.stderr || seeded.stdout}`);
  }
  const site = await startSite(env);
  const created = await runScript("keys.ts", ["create", "--class", "live", "--collections", "all"], env);
  const apiKey = /^\s*(dm_live_[1-9A-HJ-NP-Za-km-z]{40,})\s*$/m.exec(created.stdout)?.[1];
  if (!apiKey) {
    await site.stop("SIGKILL");
    throw new Error(`keys create failed: ${created.stderr || created.stdout}`);
  }
  return {
    site,
    apiKey,
    async stop() {
      await site.stop("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

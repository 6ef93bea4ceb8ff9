// Runs `prisma generate` offline.
// The Prisma CLI insists on locating its native schema engine before generating and tries
// to download it when missing, so `prisma generate` would fail wherever that download is
// impossible. Generation never executes that engine (Prisma 7's query compiler is WASM inside
// @prisma/client), so we point the CLI at a stub (scripts/schema-engine-unavailable.sh)
// that refuses loudly if anything ever does try to run it.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stub = path.join(root, "scripts", "schema-engine-unavailable.sh");
chmodSync(stub, 0o755);

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) env.PRISMA_SCHEMA_ENGINE_BINARY = stub;
env.PRISMA_HIDE_UPDATE_MESSAGE = "1";
env.CHECKPOINT_DISABLE = "1";

const cli = path.join(root, "node_modules", "prisma", "build", "index.js");
if (!existsSync(cli)) {
  console.error("prisma CLI not installed yet; run `npm install` first.");
  process.exit(1);
}
const result = spawnSync(process.execPath, [cli, "generate"], { cwd: root, env, stdio: "inherit" });
process.exit(result.status ?? 1);

// Every test worker gets its own data folder, so no test touches a developer's data or
// another worker's embedded database and chain. (It lives in the run's folder, which
// tests/helpers/temp-folders.ts removes when the run ends.)
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

if (!process.env.DATA_DIR_FIXED) {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "dropmint-test-"));
}
process.env.LOG_LEVEL ??= "silent";

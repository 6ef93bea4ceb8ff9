// `npm run lint:openapi`: Redocly lints the two OpenAPI documents exactly as the server
// builds them (lib/api/openapi/document.ts), with its recommended rules (redocly.yaml).
// Errors fail the run; warnings are printed. The documents are written to a temporary
// folder first, since they exist only in memory.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOpenApiDocument } from "../lib/api/openapi/document";
import { parseConfig } from "../lib/config";

const ROOT = path.resolve(import.meta.dirname, "..");
const config = parseConfig({ PUBLIC_URL: "http://localhost:3000", DATA_DIR: ROOT });
const folder = mkdtempSync(path.join(tmpdir(), "dropmint-openapi-"));
try {
  const files = (["v1", "public"] as const).map((router) => {
    const file = path.join(folder, `${router}.openapi.json`);
    writeFileSync(file, JSON.stringify(buildOpenApiDocument(router, config), null, 2));
    return file;
  });
  const redocly = path.join(ROOT, "node_modules/.bin/redocly");
  const run = spawnSync(redocly, ["lint", ...files, "--config", path.join(ROOT, "redocly.yaml")], {
    stdio: "inherit",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
  });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}

// Every test worker gets its own data folder, so no test touches a developer's data or
// another worker's embedded database and chain. (It lives in the run's folder, which
// tests/helpers/temp-folders.ts removes when the run ends.)
//
// Most integration files share one worker process and its loaded modules (vitest.config.ts,
// isolate: false): this file runs again before each of them and starts it as a fresh process
// would, with none of the process-wide parts (kept on globalThis) of the file before.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import type { Config } from "@/lib/config";
import type { Metrics } from "@/lib/metrics";
import type { Runtime } from "@/lib/server/runtime";

// The environment as the worker started, before any file changed it (change-feed.test.ts sets
// LOG_LEVEL for its own lines): each file starts from it again.
const envSlot = globalThis as { __dropmintTestEnv?: Record<string, string | undefined> };
// (vitest's own variables, VITEST_*, are its to set.)
const ours = (name: string) => !name.startsWith("VITEST");
const startEnv = (envSlot.__dropmintTestEnv ??= { ...process.env });
for (const name of Object.keys(process.env)) if (ours(name) && !(name in startEnv)) delete process.env[name];
for (const [name, value] of Object.entries(startEnv)) if (ours(name)) process.env[name] = value;

if (!process.env.DATA_DIR_FIXED) {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "dropmint-test-"));
}
process.env.LOG_LEVEL ??= "silent";

type Singletons = {
  __dropmintRuntime?: Promise<Runtime>;
  __dropmintRuntimeHooks?: unknown;
  __dropmintConfig?: Config;
  __dropmintMetrics?: Metrics;
  __dropmintLogRoot?: unknown;
  __dropmintMemoryProbes?: Map<string, () => number>;
};
const slots = globalThis as Singletons;

// The configuration, the log root and the hooks are built again on first use, from this
// file's environment. The metrics registry is kept but emptied: its default metrics hold a
// GC observer and an event-loop monitor that prom-client cannot stop. The memory probes read
// the previous file's (closed) database and chain; lib/metrics.ts holds the map itself.
delete slots.__dropmintConfig;
delete slots.__dropmintLogRoot;
delete slots.__dropmintRuntimeHooks;
slots.__dropmintMetrics?.registry.resetMetrics();
slots.__dropmintMemoryProbes?.clear();

// The runtime a file installed or created (getRuntime) is closed with the file: its database,
// chain, timers and listeners must not run on into the next file. Closing parts the file has
// closed already is harmless; a failure there is the file's own business, not the next one's.
const CLOSE_BOUND_MS = 15_000;
afterAll(async () => {
  const runtime = slots.__dropmintRuntime;
  delete slots.__dropmintRuntime;
  if (!runtime) return;
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_BOUND_MS)));
  const closed = runtime.then((opened) => opened.close()).catch(() => undefined);
  await Promise.race([closed, bound]);
  clearTimeout(timer);
});

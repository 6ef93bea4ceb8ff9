// The process's long-lived parts, opened once: configuration, database, chain and rate
// limiter. Route handlers and server components reach them through `getRuntime()`; tests
// build their own with `createRuntime()` and install it with `installRuntime()`.
import type { Config } from "@/lib/config";
import { getConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import type { Chain } from "@/lib/chain";
import type { RateLimiter } from "@/lib/api/rate-limit";
import type { ServerKeys } from "./create-runtime";

export type Runtime = {
  config: Config;
  database: Database;
  chain: Chain;
  keys: ServerKeys;
  rateLimiter: RateLimiter;
  /**
   * Authorizes the internal admin endpoints (X-Admin-Token). Set only when the runtime runs
   * on the embedded database, where it is also written to `<DATA_DIR>/instance.json` for
   * the command-line tools; absent means those endpoints answer 404.
   */
  adminToken?: string;
  close(): Promise<void>;
};

const globalForRuntime = globalThis as unknown as { __dropmintRuntime?: Promise<Runtime> };

/** The runtime of this process, created on first use from the environment. */
export function getRuntime(): Promise<Runtime> {
  globalForRuntime.__dropmintRuntime ??= import("./create-runtime").then(({ createRuntime }) =>
    createRuntime(getConfig(), { seedIfEmpty: true }),
  );
  return globalForRuntime.__dropmintRuntime;
}

/** Replaces the process runtime (tests). */
export function installRuntime(runtime: Runtime | Promise<Runtime>): void {
  globalForRuntime.__dropmintRuntime = Promise.resolve(runtime);
}

// The process's long-lived parts, opened once: configuration, database, chain and rate
// limiter. Route handlers and server components reach them through `getRuntime()`; tests
// build their own with `createRuntime()` and install it with `installRuntime()`.
import type { Config } from "@/lib/config";
import { getConfig } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import type { Chain } from "@/lib/chain";
import type { RateLimiter } from "@/lib/rate-limit";
import type { ServerKeys } from "@/lib/chain";
import { systemClock, type ServiceContext } from "@/lib/services/context";
import type { ReadCaches } from "@/lib/services/read-caches";

export type Runtime = {
  config: Config;
  database: Database;
  chain: Chain;
  keys: ServerKeys;
  rateLimiter: RateLimiter;
  caches: ReadCaches;
  /** Resolves once the caches hear the database's change announcements (false: they could not, and rely on their maximum age). */
  cachesListening: Promise<boolean>;
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

/**
 * What a test harness may inject into the runtime this process creates: a wrapper around
 * the chain it opens (fault injection, e.g. the process dying right after a submit). Kept
 * on globalThis because a module preloaded by the harness and the app's own bundle load
 * separate copies of this file. Production never installs any.
 */
export type RuntimeHooks = { decorateChain?: (chain: Chain) => Chain };
const hooksSlot = globalThis as unknown as { __dropmintRuntimeHooks?: RuntimeHooks };

export function installRuntimeHooks(hooks: RuntimeHooks): void {
  hooksSlot.__dropmintRuntimeHooks = hooks;
}

export function runtimeHooks(): RuntimeHooks {
  return hooksSlot.__dropmintRuntimeHooks ?? {};
}

/** Replaces the process runtime (tests). */
export function installRuntime(runtime: Runtime | Promise<Runtime>): void {
  globalForRuntime.__dropmintRuntime = Promise.resolve(runtime);
}

/**
 * The services' context over this runtime: its database, chain, configuration and keys,
 * the system clock, and the configured public URL. Overrides replace single parts (the
 * request's budgeted chain, a fixed clock in tests).
 */
export function serviceContextOf(runtime: Runtime, overrides: Partial<ServiceContext> = {}): ServiceContext {
  return {
    db: runtime.database.prisma,
    chain: runtime.chain,
    config: runtime.config,
    clock: systemClock,
    publicBaseUrl: runtime.config.publicUrl,
    keys: runtime.keys,
    caches: runtime.caches,
    ...overrides,
  };
}

/** The context for server components and other callers outside a route wrapper. */
export async function getServiceContext(): Promise<ServiceContext> {
  return serviceContextOf(await getRuntime());
}

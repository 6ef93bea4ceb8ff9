// A v1 runtime without the chain or server keys, on a real database of each target (PGlite,
// and PostgreSQL when reachable: tests/helpers/databases.ts), for the pipeline suites.
// Tiny routes built with v1Route stand in for the real ones; requests are plain `Request`s.
import { z } from "zod";
import { parseConfig, type Config } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { createRateLimiter, type RateLimiter } from "@/lib/rate-limit";
import type { RouteHandler } from "@/lib/api/route";
import { v1Route } from "@/lib/api/v1-route";
import { installRuntime, type Runtime } from "@/lib/server/runtime";
import { createApiKey, type CreateApiKeyInput } from "@/lib/services/api-keys";
import { createReadCaches } from "@/lib/services/read-caches";
import { closedDatabase, databaseTarget, openTestDatabase, type DatabaseTarget } from "../../helpers/databases";

export const SITE_ORIGIN = "http://localhost:3000";
export const PARTNER_ORIGIN = "https://shop.example";
export const OTHER_ORIGIN = "https://evil.example";
/** The registered documentation origin sandbox keys work from in a browser. */
export const DOCS_ORIGIN = "https://docs.example";

export function testConfig(env: Record<string, string> = {}): Config {
  return parseConfig({
    ...process.env,
    SITE_ORIGINS: SITE_ORIGIN,
    REDIS_URL: "",
    SOLANA_CLUSTER: "localnet",
    // Sandbox keys reach the seeded drops of the scope tests, from the documentation origin.
    SANDBOX_COLLECTIONS: "local-drop,main-drop",
    SANDBOX_ORIGINS: DOCS_ORIGIN,
    ...env,
  });
}

export function makeRuntime(
  database: Pick<Database, "prisma"> & Partial<Database>,
  config = testConfig(),
  rateLimiter: RateLimiter = createRateLimiter(config),
): Runtime {
  const caches = createReadCaches();
  // This process's own writes (a revocation) reach the key cache as they would in the app.
  const stopWrites = database.onWrite?.((event) => {
    if (event.model === "ApiKey") caches.keys.invalidateAll();
  });
  return {
    config,
    database: database as Database,
    chain: {} as never,
    keys: {} as never,
    rateLimiter,
    caches,
    cachesListening: Promise.resolve(false),
    close: async () => {
      stopWrites?.();
      await rateLimiter.close?.();
    },
  };
}

/**
 * A fresh, migrated database on `target` (tests/helpers/databases.ts) with the three drops
 * seeded. Call dispose() when done.
 */
export async function openSeededDatabase(target: DatabaseTarget) {
  const database = await openTestDatabase(target);
  try {
    return { database, drops: await seedDrops(database) };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

/** For paths that must never read the database: a closed one, on which every query fails. */
export const unusableDatabase = () => closedDatabase(databaseTarget("postgres")); // an ended pg pool: needs no server

/** Three drops: two the keys are issued for (localnet, mainnet) and one they are not. */
async function seedDrops(database: Database) {
  const create = (shortId: string, chain: string, collectionAddress: string) =>
    database.prisma.collection.create({
      data: {
        shortId,
        name: shortId,
        chain,
        collectionAddress,
        treasuryAddress: "TreasuryAddress1111111111111111111111111111",
      },
    });
  const local = await create("local-drop", "solana-localnet", "LocA".padEnd(44, "1"));
  const mainnet = await create("main-drop", "solana-mainnet", "MainB".padEnd(44, "1"));
  const other = await create("other-drop", "solana-localnet", "QthrC".padEnd(44, "1"));
  const phase = (collectionId: string) => database.prisma.phase.create({ data: { collectionId, name: "Public" } });
  return {
    local,
    mainnet,
    other,
    phases: { local: await phase(local.id), mainnet: await phase(mainnet.id), other: await phase(other.id) },
  };
}

export async function issueKey(database: Database, input: CreateApiKeyInput): Promise<string> {
  return (await createApiKey({ db: database.prisma }, input)).key;
}

export function install(runtime: Runtime): Runtime {
  installRuntime(runtime);
  return runtime;
}

// ── Test routes ──

const refSchema = z.object({
  id: z.string(),
  shortId: z.string().nullable(),
  chain: z.string(),
  collectionAddress: z.string().nullable(),
});

/** GET /collections/{identifier}: echoes the resolved drop; the response schema drops `internal`. */
export const collectionRoute = v1Route(
  { scope: "collection", kind: "read", response: z.object({ collection: refSchema }) },
  ({ collection }) => ({
    collection: { ...collection, internal: "never sent" } as z.input<typeof refSchema>,
  }),
);

/** GET /phases/{phaseId}/price: scoped through the phase's own drop. */
export const phaseRoute = v1Route(
  { scope: "phase", kind: "read", response: z.object({ collectionId: z.string() }) },
  ({ collection }) => ({
    collectionId: collection.id,
  }),
);

/** GET /: names no drop. */
export const rootRoute = v1Route({ scope: "none", kind: "read", response: z.object({ version: z.string() }) }, () => ({
  version: "1",
}));

/** POST /prepare-mint: the drop is named in the body. */
export const mintBodySchema = z.object({
  collectionId: z.string().max(200),
  quantity: z.number().int().min(1).max(10),
  note: z.string().max(200).optional(),
});
export const mintRoute = v1Route(
  {
    scope: "collection",
    kind: "mint",
    body: mintBodySchema,
    response: z.object({ collectionId: z.string(), quantity: z.number() }),
  },
  ({ collection, body }) => ({ collectionId: collection.id, quantity: body.quantity }),
);

export type Call = { key?: string; origin?: string; headers?: Record<string, string>; ip?: string };

export function request(url: string, call: Call = {}, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (call.key !== undefined) headers.set("X-API-Key", call.key);
  if (call.origin !== undefined) headers.set("Origin", call.origin);
  if (call.ip) headers.set("X-Forwarded-For", call.ip);
  for (const [name, value] of Object.entries(call.headers ?? {})) headers.set(name, value);
  return new Request(`${SITE_ORIGIN}/api/v1${url}`, { ...init, headers });
}

export async function invoke(handler: RouteHandler, req: Request, params: Record<string, string> = {}) {
  const response = await handler(req, { params: Promise.resolve(params) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as Record<string, unknown>,
  };
}

/** Next hands the decoded segment in `params`; the URL only has to be well formed. */
export const getCollection = (identifier: string, call: Call = {}) =>
  invoke(
    collectionRoute,
    request(`/collections/${encodeURIComponent(identifier.replace(/[\ud800-\udfff]/g, "\ufffd"))}`, call),
    { identifier },
  );

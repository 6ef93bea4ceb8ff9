// Who is calling: the site itself (first-party) or a partner key. Spec: Authentication.
//
// First-party recognition is a browser convenience, not a secret. A request without a key
// counts as first-party when its Origin is one of SITE_ORIGINS, or when it sends no Origin
// and the browser marks it `Sec-Fetch-Site: same-origin` (browsers omit Origin on
// same-origin GETs). Any HTTP client can forge both headers, so first-party access grants
// only what the public site already shows, and per-IP rate limits still apply.
//
// Live key records are kept in each instance's key cache to keep the hot path lean. A
// revocation is announced by the database and takes effect at once on every instance;
// KEY_CACHE_MAX_AGE_MS bounds it should an announcement be lost.
import type { Config } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { findLiveKeyByHash, type LiveApiKey } from "@/lib/services/api-keys";
import { findCollectionRefCached } from "@/lib/services/collection-ref";
import type { ReadCaches } from "@/lib/services/read-caches";
import { FIRST_PARTY, type AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { hashApiKey, parseApiKey } from "@/lib/auth/api-keys";
import { createLogger, createSummary } from "@/lib/log";
import { discoveryLinks } from "./version";

const log = createLogger("api");
const lookupFailed = createSummary(log, "API key lookup failed");

const KEY_LOOKUP_TIMEOUT_MS = 3_000;

type KeyRuntime = { config: Config; database: Pick<Database, "prisma">; caches: Pick<ReadCaches, "keys"> };

export async function authenticate(request: Request, runtime: KeyRuntime): Promise<AuthContext> {
  const { key, origin } = readCredentials(request);
  if (!key) return firstPartyOrThrow(request, runtime.config);
  if (!parseApiKey(key)) throw new AppError("API_KEY_INVALID", "The API key is not valid.");
  const record = await lookUpLiveKey(runtime, hashApiKey(key));
  if (!record) throw new AppError("API_KEY_INVALID", "The API key is not valid.");
  assertOriginAllowed(record, origin);
  if (record.keyClass === "test") return sandboxContext(record, origin, runtime);
  const { id: keyId, keyClass, allCollections, collections } = record;
  return { kind: "partner", keyId, keyClass, allCollections, collections };
}

/**
 * A sandbox (test) key is bounded three ways (spec: Authentication): in a browser, only from
 * the registered documentation origins (SANDBOX_ORIGINS) or its own origin list; only the
 * sample collections (SANDBOX_COLLECTIONS), whatever it was issued for; and only test
 * networks (assertSandboxAllowed, once the drop's chain is known). Without an Origin (curl, a
 * partner's own server trying things out) the origin bound does not apply, unless the key
 * has an origin list. Checked on every request, so a change of configuration applies at once.
 */
async function sandboxContext(record: LiveApiKey, origin: string | null, runtime: KeyRuntime): Promise<AuthContext> {
  const { origins, collections: samples } = runtime.config.sandbox;
  if (origin !== null && ![...origins, ...record.origins].some((allowed) => sameOrigin(allowed, origin))) {
    throw new AppError("ORIGIN_NOT_ALLOWED", "This API key cannot be used from this origin.");
  }
  const issued = record.allCollections
    ? (await Promise.all(samples.map((shortId) => findCollectionRefCached(runtime.database.prisma, shortId)))).filter(
        (ref) => ref !== null,
      )
    : record.collections;
  const collections = issued.filter((ref) => ref.shortId !== null && samples.includes(ref.shortId));
  return { kind: "partner", keyId: record.id, keyClass: "test", allCollections: false, collections };
}

function readCredentials(request: Request): { key: string | null; origin: string | null } {
  return { key: request.headers.get("x-api-key")?.trim() || null, origin: request.headers.get("origin") };
}

/** A newcomer without a key is refused (the spec's 401) and told where the public documents are. */
function firstPartyOrThrow(request: Request, config: Pick<Config, "siteOrigins" | "publicUrl">): AuthContext {
  if (isFirstPartyRequest(request, config)) return FIRST_PARTY;
  throw new AppError("API_KEY_REQUIRED", "An API key is required.", {
    extra: discoveryLinks(config.publicUrl),
  });
}

/** The site's own origin (SITE_ORIGINS), or a same-origin fetch without Origin. The key is not looked at. */
export function isFirstPartyRequest(request: Request, config: Pick<Config, "siteOrigins">): boolean {
  const origin = request.headers.get("origin");
  const fromSiteOrigin = origin !== null && config.siteOrigins.some((site) => sameOrigin(site, origin));
  const sameOriginFetch = origin === null && request.headers.get("sec-fetch-site") === "same-origin";
  return fromSiteOrigin || sameOriginFetch;
}

/** A key with an origin list works only from those origins: a missing Origin is refused too. */
function assertOriginAllowed(key: Pick<LiveApiKey, "origins">, origin: string | null): void {
  if (key.origins.length === 0) return;
  if (origin !== null && key.origins.some((allowed) => sameOrigin(allowed, origin))) return;
  throw new AppError("ORIGIN_NOT_ALLOWED", "This API key cannot be used from this origin.");
}

function sameOrigin(a: string, b: string): boolean {
  return canonicalOrigin(a) === canonicalOrigin(b);
}

function canonicalOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.origin === "null" ? null : url.origin;
  } catch {
    return null;
  }
}

// ── Live key lookup, through the instance's key cache (lib/services/read-caches.ts) ──

async function lookUpLiveKey(runtime: KeyRuntime, hash: string): Promise<LiveApiKey | null> {
  try {
    return await runtime.caches.keys.get(hash, () =>
      withTimeout(findLiveKeyByHash({ db: runtime.database.prisma }, hash), KEY_LOOKUP_TIMEOUT_MS),
    );
  } catch (error) {
    lookupFailed(error);
    throw new AppError("AUTH_UNAVAILABLE", "The API key could not be checked right now. Please retry.");
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

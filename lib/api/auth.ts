// Who is calling: the site itself (first-party) or a partner key. Spec: Authentication.
//
// First-party recognition is a browser convenience, not a secret. A request without a key
// counts as first-party when its Origin is one of SITE_ORIGINS, or when it sends no Origin
// and the browser marks it `Sec-Fetch-Site: same-origin` (browsers omit Origin on
// same-origin GETs). Any HTTP client can forge both headers, so first-party access grants
// only what the public site already shows, and per-IP rate limits still apply.
//
// Live key records are cached per instance for KEY_CACHE_TTL_MS to keep the hot path
// lean: a revocation takes effect within that time on every instance.
import type { PrismaClient } from "@/lib/db/generated/client";
import type { Config } from "@/lib/config";
import type { Database } from "@/lib/db/client";
import { findLiveKeyByHash, type LiveApiKey } from "@/lib/services/api-keys";
import { FIRST_PARTY, type AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { hashApiKey, parseApiKey } from "@/lib/auth/api-keys";
import { createLogger } from "@/lib/log";

const log = createLogger("api");

export const KEY_CACHE_TTL_MS = 10_000;
const KEY_CACHE_MAX_ENTRIES = 10_000;
const KEY_LOOKUP_TIMEOUT_MS = 3_000;

export async function authenticate(request: Request, runtime: { config: Config; database: Pick<Database, "prisma"> }): Promise<AuthContext> {
  const { key, origin } = readCredentials(request);
  if (!key) return firstPartyOrThrow(request, runtime.config);
  if (!parseApiKey(key)) throw new AppError("API_KEY_INVALID", "The API key is not valid.");
  const record = await lookUpLiveKey(runtime.database.prisma, hashApiKey(key));
  if (!record) throw new AppError("API_KEY_INVALID", "The API key is not valid.");
  assertOriginAllowed(record, origin);
  const { id: keyId, keyClass, allCollections, collections } = record;
  return { kind: "partner", keyId, keyClass, allCollections, collections };
}

function readCredentials(request: Request): { key: string | null; origin: string | null } {
  return { key: request.headers.get("x-api-key")?.trim() || null, origin: request.headers.get("origin") };
}

function firstPartyOrThrow(request: Request, config: Pick<Config, "siteOrigins">): AuthContext {
  if (isFirstPartyRequest(request, config)) return FIRST_PARTY;
  throw new AppError("API_KEY_REQUIRED", "An API key is required.");
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

// ── Live key lookup, cached per database for a short TTL ──

type CacheEntry = { expiresAt: number; record: Promise<LiveApiKey | null> };
const caches = new WeakMap<PrismaClient, Map<string, CacheEntry>>();

async function lookUpLiveKey(prisma: PrismaClient, hash: string): Promise<LiveApiKey | null> {
  let cache = caches.get(prisma);
  if (!cache) caches.set(prisma, (cache = new Map()));
  const now = Date.now();
  let entry = cache.get(hash);
  if (!entry || entry.expiresAt <= now) {
    if (cache.size >= KEY_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    entry = { expiresAt: now + KEY_CACHE_TTL_MS, record: withTimeout(findLiveKeyByHash({ db: prisma }, hash), KEY_LOOKUP_TIMEOUT_MS) };
    cache.delete(hash);
    cache.set(hash, entry);
  }
  try {
    return await entry.record;
  } catch (error) {
    if (cache.get(hash) === entry) cache.delete(hash); // never cache a failure
    log.error("API key lookup failed", error);
    throw new AppError("AUTH_UNAVAILABLE", "The API key could not be checked right now. Please retry.");
  }
}

/** Drops every cached key record (tests, or right after revoking in this process). */
export function forgetCachedApiKeys(prisma: PrismaClient): void {
  caches.get(prisma)?.clear();
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

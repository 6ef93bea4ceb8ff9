// A collection is addressed by its UUID, its on-chain address or its short ID. This
// module classifies an identifier and resolves it to a small reference, either from the
// database or, for a scoped API key, against the key's own drops in memory.
import type { LaunchStatus, PrismaClient } from "@/lib/db/generated/client";

export type CollectionRef = {
  id: string;
  shortId: string | null;
  collectionAddress: string | null;
  chain: string;
  name: string | null;
  /** live, or not launched yet (coming_soon, deploying, maintenance). */
  launchStatus: LaunchStatus;
};

export type IdentifierKind = "uuid" | "address" | "shortId";

/** The columns of a CollectionRef, for Prisma `select`. */
export const collectionRefSelect = { id: true, shortId: true, collectionAddress: true, chain: true, name: true, launchStatus: true } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const SHORT_ID = /^[A-Za-z0-9_-]{2,64}$/;

/** What an identifier looks like, or null when it cannot name any collection. */
export function classifyIdentifier(identifier: string): IdentifierKind | null {
  if (UUID.test(identifier)) return "uuid";
  if (BASE58_ADDRESS.test(identifier)) return "address";
  if (SHORT_ID.test(identifier)) return "shortId";
  return null;
}

/**
 * Resolves an identifier through the database. A UUID or address-looking string may also
 * be somebody's short ID, so both are tried; the stronger match (id, then address) wins.
 * Returns null for an unknown or malformed identifier.
 */
export async function findCollectionRef(prisma: PrismaClient, identifier: string): Promise<CollectionRef | null> {
  const kind = classifyIdentifier(identifier);
  if (!kind) return null;
  const where =
    kind === "uuid"
      ? { OR: [{ id: identifier.toLowerCase() }, { shortId: identifier }] }
      : kind === "address"
        ? { OR: [{ collectionAddress: identifier }, { shortId: identifier }] }
        : { shortId: identifier };
  const refs = await prisma.collection.findMany({ where, select: collectionRefSelect, take: 2 });
  return pickBest(refs, identifier);
}

// Identifier → ref changes only when a drop is renamed, so hits are kept briefly per
// database: every collection route resolves one, and on the embedded database each query
// costs more than the rest of the request. Misses are never kept (a new drop shows at once).
const REF_CACHE_TTL_MS = 5_000;
const REF_CACHE_MAX_ENTRIES = 10_000;
const refCaches = new WeakMap<PrismaClient, Map<string, { ref: CollectionRef; expiresAt: number }>>();

/** findCollectionRef with a few seconds of memory for found drops. */
export async function findCollectionRefCached(prisma: PrismaClient, identifier: string): Promise<CollectionRef | null> {
  let cache = refCaches.get(prisma);
  if (!cache) refCaches.set(prisma, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(identifier);
  if (hit && hit.expiresAt > now) return hit.ref;
  const ref = await findCollectionRef(prisma, identifier);
  if (ref) {
    if (cache.size >= REF_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(identifier, { ref, expiresAt: now + REF_CACHE_TTL_MS });
  }
  return ref;
}

/** The same resolution, in memory, against a known list (a scoped key's own drops). */
export function matchCollectionRef<T extends CollectionRef>(refs: readonly T[], identifier: string): T | null {
  if (!classifyIdentifier(identifier)) return null;
  return pickBest(refs, identifier);
}

function pickBest<T extends CollectionRef>(refs: readonly T[], identifier: string): T | null {
  const lowered = identifier.toLowerCase();
  return (
    refs.find((ref) => UUID.test(identifier) && ref.id.toLowerCase() === lowered) ??
    refs.find((ref) => ref.collectionAddress === identifier) ??
    refs.find((ref) => ref.shortId === identifier) ??
    null
  );
}

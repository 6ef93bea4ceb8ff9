// Resolving a collection identifier (UUID, on-chain address or short ID) to a small
// reference through the database. The rules of what an identifier names are pure
// (lib/domain/collection-identifier.ts); a scoped key's own drops are matched in memory.
import type { PrismaClient } from "@/lib/db/generated/client";
import { classifyIdentifier, matchCollectionRef, type CollectionRef } from "@/lib/domain/collection-identifier";

export {
  classifyIdentifier,
  matchCollectionRef,
  type CollectionRef,
  type IdentifierKind,
} from "@/lib/domain/collection-identifier";

/** The columns of a CollectionRef, for Prisma `select`. */
export const collectionRefSelect = {
  id: true,
  shortId: true,
  collectionAddress: true,
  chain: true,
  name: true,
  launchStatus: true,
} as const;

/** The drop an identifier names, or null for an unknown or malformed identifier. */
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
  return matchCollectionRef(refs, identifier);
}

// Identifier → ref changes only when a drop is renamed, so hits are kept briefly per
// database: every collection route resolves one, and on the embedded database each query
// costs more than the rest of the request. Misses are never kept (a new drop shows at once).
// Expiry uses the monotonic clock: it is a cache's age, not a business time.
export const REF_CACHE_TTL_MS = 5_000;
const REF_CACHE_MAX_ENTRIES = 10_000;
const refCaches = new WeakMap<PrismaClient, Map<string, { ref: CollectionRef; expiresAt: number }>>();

/** findCollectionRef with a few seconds of memory for found drops. */
export async function findCollectionRefCached(prisma: PrismaClient, identifier: string): Promise<CollectionRef | null> {
  let cache = refCaches.get(prisma);
  if (!cache) refCaches.set(prisma, (cache = new Map()));
  const now = performance.now();
  const hit = cache.get(identifier);
  if (hit && hit.expiresAt > now) return hit.ref;
  const ref = await findCollectionRef(prisma, identifier);
  if (ref) {
    if (cache.size >= REF_CACHE_MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(identifier, { ref, expiresAt: now + REF_CACHE_TTL_MS });
  }
  return ref;
}

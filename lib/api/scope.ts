// Which drop a request is about, and whether the caller may ask about it. Spec:
// Authentication (scope, sandbox).
//
// A key scoped to specific drops is checked only against its own drops, in memory: the
// foreign identifier is never looked up, so the 403 COLLECTION_NOT_IN_SCOPE is the same in
// body, status and timing whether or not that drop exists. Callers who may see every drop
// (first-party, all-collections keys) get 404 COLLECTION_NOT_FOUND for an unknown one.
// Phase routes resolve the phase's own drop with one query in every case, then apply the
// same rule: for a scoped key an unknown phase is the same 403.
import type { PrismaClient } from "@/lib/db/generated/client";
import { PRODUCTION_CHAINS } from "@/lib/config";
import { classifyIdentifier, collectionRefSelect, findCollectionRefCached, matchCollectionRef, type CollectionRef } from "@/lib/services/collection-ref";
import { ApiError } from "./api-error";
import type { AuthContext } from "./auth";

export type ScopeKind = "none" | "collection" | "phase";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ScopedKey = Extract<AuthContext, { kind: "partner" }> & { allCollections: false };

function isScopedKey(auth: AuthContext): auth is ScopedKey {
  return auth.kind === "partner" && !auth.allCollections;
}

const notInScope = () => new ApiError("COLLECTION_NOT_IN_SCOPE", "This API key is not issued for that collection.");

export async function resolveCollectionScope(prisma: PrismaClient, auth: AuthContext, identifier: string): Promise<CollectionRef> {
  if (!classifyIdentifier(identifier)) throw new ApiError("INVALID_REQUEST", "Invalid collection identifier: use a short ID, UUID or on-chain address.");
  if (isScopedKey(auth)) return matchCollectionRef(auth.collections, identifier) ?? throwError(notInScope());
  const ref = await findCollectionRefCached(prisma, identifier);
  return ref ?? throwError(new ApiError("COLLECTION_NOT_FOUND", "No collection has that identifier."));
}

export async function resolvePhaseScope(prisma: PrismaClient, auth: AuthContext, phaseId: string): Promise<CollectionRef> {
  if (!UUID.test(phaseId)) throw new ApiError("INVALID_REQUEST", "Invalid phase id: expected a UUID.");
  const phase = await prisma.phase.findUnique({ where: { id: phaseId.toLowerCase() }, select: { collection: { select: collectionRefSelect } } });
  if (isScopedKey(auth)) return auth.collections.find((ref) => ref.id === phase?.collection.id) ?? throwError(notInScope());
  return phase?.collection ?? throwError(new ApiError("PHASE_NOT_FOUND", "No phase has that id."));
}

/**
 * Whether the caller reads this drop in full. A drop that has not launched (coming soon,
 * deploying, maintenance) is shown to keyless first-party callers exactly as the public site
 * shows it and no more: recognising the site is a browser convenience, not a secret. A
 * partner key in scope (the creator's own integration) reads it in full.
 */
export function readsInFull(auth: AuthContext, collection: Pick<CollectionRef, "launchStatus">): boolean {
  return auth.kind === "partner" || collection.launchStatus === "live";
}

/** Sandbox keys never touch a production chain: the drop's chain, or the service's own. */
export function assertSandboxAllowed(auth: AuthContext, chain: string): void {
  if (auth.kind === "partner" && auth.keyClass === "test" && PRODUCTION_CHAINS.has(chain)) {
    throw new ApiError("SANDBOX_KEY_ON_MAINNET", "Sandbox keys cannot be used on a production chain.");
  }
}

/** Resolves and checks the scope of one request; null for routes that name no drop. */
export async function resolveScope(
  runtime: { config: { chainName: string }; database: { prisma: PrismaClient } },
  auth: AuthContext,
  scope: ScopeKind,
  value: unknown,
): Promise<CollectionRef | null> {
  if (scope === "none") {
    assertSandboxAllowed(auth, runtime.config.chainName);
    return null;
  }
  if (typeof value !== "string") throw new ApiError("INVALID_REQUEST", `Missing ${scope === "phase" ? "phase id" : "collection identifier"}.`);
  const resolve = scope === "phase" ? resolvePhaseScope : resolveCollectionScope;
  const collection = await resolve(runtime.database.prisma, auth, value);
  assertSandboxAllowed(auth, collection.chain);
  return collection;
}

function throwError(error: Error): never {
  throw error;
}

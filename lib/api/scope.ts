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
import {
  classifyIdentifier,
  collectionRefSelect,
  findCollectionRefCached,
  matchCollectionRef,
  type CollectionRef,
} from "@/lib/services/collection-ref";
import { AppError } from "@/lib/errors";
import { assertInScope, assertSandboxAllowed, isScopedKey, notInScope, type AuthContext } from "@/lib/auth/context";

export type ScopeKind = "none" | "collection" | "phase";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function resolveCollectionScope(
  prisma: PrismaClient,
  auth: AuthContext,
  identifier: string,
): Promise<CollectionRef> {
  if (!classifyIdentifier(identifier))
    throw new AppError("INVALID_REQUEST", "Invalid collection identifier: use a short ID, UUID or on-chain address.");
  if (isScopedKey(auth)) return matchCollectionRef(auth.collections, identifier) ?? throwError(notInScope());
  const ref = await findCollectionRefCached(prisma, identifier);
  return ref ?? throwError(new AppError("COLLECTION_NOT_FOUND", "No collection has that identifier."));
}

export async function resolvePhaseScope(
  prisma: PrismaClient,
  auth: AuthContext,
  phaseId: string,
): Promise<CollectionRef> {
  if (!UUID.test(phaseId)) throw new AppError("INVALID_REQUEST", "Invalid phase id: expected a UUID.");
  const phase = await prisma.phase.findUnique({
    where: { id: phaseId.toLowerCase() },
    select: { collection: { select: collectionRefSelect } },
  });
  assertInScope(auth, phase?.collection.id);
  return phase?.collection ?? throwError(new AppError("PHASE_NOT_FOUND", "No phase has that id."));
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
  if (typeof value !== "string")
    throw new AppError("INVALID_REQUEST", `Missing ${scope === "phase" ? "phase id" : "collection identifier"}.`);
  const resolve = scope === "phase" ? resolvePhaseScope : resolveCollectionScope;
  const collection = await resolve(runtime.database.prisma, auth, value);
  assertSandboxAllowed(auth, collection.chain);
  return collection;
}

function throwError(error: Error): never {
  throw error;
}

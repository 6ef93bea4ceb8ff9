// Who is calling, once the HTTP layer has recognised the caller, and the rules that follow
// from it alone. Services receive this context; they never see the request.
import { PRODUCTION_CHAINS } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { CollectionRef } from "@/lib/domain/collection-identifier";
import type { ApiKeyClass } from "./api-keys";

export type AuthContext =
  | { kind: "first-party" }
  | { kind: "partner"; keyId: string; keyClass: ApiKeyClass; allCollections: boolean; collections: CollectionRef[] };

export const FIRST_PARTY: AuthContext = Object.freeze({ kind: "first-party" });

export type ScopedKey = Extract<AuthContext, { kind: "partner" }> & { allCollections: false };

/** A partner key issued for specific drops (checked in memory, never by looking the drop up). */
export function isScopedKey(auth: AuthContext): auth is ScopedKey {
  return auth.kind === "partner" && !auth.allCollections;
}

/** The refusal for another drop, the same in body and status whether or not that drop exists. */
export const notInScope = () =>
  new AppError("COLLECTION_NOT_IN_SCOPE", "This API key is not issued for that collection.");

/** The scope rule for a drop already resolved (a phase's, a session's): a scoped key sees only its own drops. */
export function assertInScope(auth: AuthContext, collectionId: string | undefined): void {
  if (isScopedKey(auth) && !auth.collections.some((ref) => ref.id === collectionId)) throw notInScope();
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
    throw new AppError("SANDBOX_KEY_ON_MAINNET", "Sandbox keys cannot be used on a production chain.");
  }
}

// A collection is addressed by its UUID, its on-chain address or its short ID. What an
// identifier looks like, and which of several drops it names: pure rules, shared by the
// database lookup (lib/services/collection-ref.ts) and a scoped key's in-memory check.

/** live, or not launched yet. */
export type LaunchStatus = "live" | "coming_soon" | "deploying" | "maintenance";

/** A resolved drop, as small as the pipeline needs it. */
export type CollectionRef = {
  id: string;
  shortId: string | null;
  collectionAddress: string | null;
  chain: string;
  name: string | null;
  launchStatus: LaunchStatus;
};

export type IdentifierKind = "uuid" | "address" | "shortId";

// Exported for the request schemas (lib/schemas/common.ts), so the OpenAPI document states
// the very patterns the lookup classifies by.
export const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
export const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
export const SHORT_ID = /^[A-Za-z0-9_-]{2,64}$/;

/** What an identifier looks like, or null when it cannot name any collection. */
export function classifyIdentifier(identifier: string): IdentifierKind | null {
  if (UUID.test(identifier)) return "uuid";
  if (BASE58_ADDRESS.test(identifier)) return "address";
  if (SHORT_ID.test(identifier)) return "shortId";
  return null;
}

/**
 * Which of `refs` the identifier names. A UUID or address-looking string may also be
 * somebody's short ID, so all are tried; the stronger match (id, then address) wins.
 */
export function matchCollectionRef<T extends CollectionRef>(refs: readonly T[], identifier: string): T | null {
  if (!classifyIdentifier(identifier)) return null;
  const lowered = identifier.toLowerCase();
  return (
    refs.find((ref) => UUID.test(identifier) && ref.id.toLowerCase() === lowered) ??
    refs.find((ref) => ref.collectionAddress === identifier) ??
    refs.find((ref) => ref.shortId === identifier) ??
    null
  );
}

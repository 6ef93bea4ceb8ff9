// Issuing, listing and revoking partner API keys, and the lookup the v1 pipeline makes on
// every keyed request. Keys are stored only as SHA-256 hashes; the clear key is returned
// once, by `createApiKey`, and never again.
import type { Db } from "@/lib/db/client";
import type { ServiceContext } from "./context";
import { AppError } from "@/lib/errors";
import { generateApiKey, type ApiKeyClass } from "@/lib/auth/api-keys";
import { collectionRefSelect, type CollectionRef } from "./collection-ref";

export type CreateApiKeyInput = {
  keyClass: ApiKeyClass;
  /** Short IDs of the drops the key may use, or "all". */
  collections: readonly string[] | "all";
  /** Browser origins allowed to use the key; required for publishable keys. */
  origins?: readonly string[];
  label?: string;
  /** A key a creator makes in the studio (only for its own drops, which the studio checks first). */
  creatorWallet?: string;
};

/** Whose keys: every key (the operator's `npm run keys`), or one creator's (the studio). */
export type KeyOwner = { creatorWallet?: string };

export type ApiKeySummary = {
  id: string;
  displayPrefix: string;
  keyClass: ApiKeyClass;
  label: string | null;
  origins: string[];
  allCollections: boolean;
  /** Short IDs (or UUIDs when a drop has none) of the key's drops. */
  collections: string[];
  createdAt: Date;
  revokedAt: Date | null;
};

/** What the pipeline needs to know about a live key. */
export type LiveApiKey = {
  id: string;
  keyClass: ApiKeyClass;
  origins: string[];
  allCollections: boolean;
  collections: CollectionRef[];
};

/** Keys need only the database and the clock: the command-line tool runs them without a chain. */
type KeysContext = Pick<ServiceContext, "db" | "clock">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const summarySelect = {
  id: true,
  displayPrefix: true,
  keyClass: true,
  label: true,
  origins: true,
  allCollections: true,
  createdAt: true,
  revokedAt: true,
  collections: { select: { collection: { select: { id: true, shortId: true } } } },
} as const;

/** Creates a key and returns it in clear, the only time it is ever available. */
export async function createApiKey(
  { db }: Pick<ServiceContext, "db">,
  input: CreateApiKeyInput,
  options: { sandboxCollections?: readonly string[] } = {},
): Promise<{ key: string; summary: ApiKeySummary }> {
  const origins = [...new Set((input.origins ?? []).map(normalizeOrigin))];
  // A sandbox key reaches only the sample collections (enforced on every request too): say so now rather than issue a key that cannot see its drops.
  const samples = options.sandboxCollections;
  if (input.keyClass === "test" && samples && input.collections !== "all") {
    const others = input.collections.filter((shortId) => !samples.includes(shortId));
    if (others.length > 0) {
      throw new AppError(
        "INVALID_REQUEST",
        `A sandbox (test) key reaches only the sample collection${samples.length === 1 ? "" : "s"} ${samples.join(", ")}; not ${others.join(", ")}.`,
      );
    }
  }
  if (input.keyClass === "pub" && origins.length === 0) {
    throw new AppError(
      "INVALID_REQUEST",
      "A publishable (pub) key needs at least one origin: it is bounded only by its origin list.",
    );
  }
  const label = input.label?.trim() || null;
  if (label && label.length > 200) throw new AppError("INVALID_REQUEST", "The label is longer than 200 characters.");
  const collectionIds = input.collections === "all" ? [] : await collectionIdsOf(db, input.collections);
  const { key, hash, displayPrefix } = generateApiKey(input.keyClass);
  const created = await db.apiKey.create({
    data: {
      keyHash: hash,
      displayPrefix,
      keyClass: input.keyClass,
      label,
      origins,
      allCollections: input.collections === "all",
      creatorWallet: input.creatorWallet ?? null,
      collections: { create: collectionIds.map((collectionId) => ({ collectionId })) },
    },
    select: summarySelect,
  });
  return { key, summary: toSummary(created) };
}

export async function listApiKeys({ db }: Pick<ServiceContext, "db">, owner: KeyOwner = {}): Promise<ApiKeySummary[]> {
  const where = owner.creatorWallet === undefined ? {} : { creatorWallet: owner.creatorWallet };
  const keys = await db.apiKey.findMany({ where, select: summarySelect, orderBy: { createdAt: "asc" } });
  return keys.map(toSummary);
}

/**
 * Revokes a key by id or display prefix. Revoking a revoked key changes nothing. A creator's
 * revoke sees only its own keys: another's answers the same NOT_FOUND as an unknown key.
 */
export async function revokeApiKey(
  { db, clock }: KeysContext,
  idOrPrefix: string,
  owner: KeyOwner = {},
): Promise<ApiKeySummary> {
  const mine = owner.creatorWallet === undefined ? {} : { creatorWallet: owner.creatorWallet };
  const matches = await db.apiKey.findMany({
    where: { ...mine, ...(UUID.test(idOrPrefix) ? { id: idOrPrefix.toLowerCase() } : { displayPrefix: idOrPrefix }) },
    select: summarySelect,
    take: 2,
  });
  if (matches.length === 0) throw new AppError("NOT_FOUND", `No API key has the id or prefix "${idOrPrefix}".`);
  if (matches.length > 1)
    throw new AppError("INVALID_REQUEST", `Several keys share the prefix "${idOrPrefix}"; revoke by id instead.`);
  const key = matches[0]!;
  if (key.revokedAt) return toSummary(key);
  return toSummary(
    await db.apiKey.update({ where: { id: key.id }, data: { revokedAt: clock.now() }, select: summarySelect }),
  );
}

/** The live key with this hash, with its drops; null when unknown or revoked. */
export async function findLiveKeyByHash({ db }: Pick<ServiceContext, "db">, hash: string): Promise<LiveApiKey | null> {
  const key = await db.apiKey.findUnique({
    where: { keyHash: hash },
    select: {
      id: true,
      keyClass: true,
      origins: true,
      allCollections: true,
      revokedAt: true,
      collections: { select: { collection: { select: collectionRefSelect } } },
    },
  });
  if (!key || key.revokedAt) return null;
  return {
    id: key.id,
    keyClass: key.keyClass,
    origins: key.origins,
    allCollections: key.allCollections,
    collections: key.collections.map(({ collection }) => collection),
  };
}

/**
 * `scheme://host[:port]` with a lower-case host and no default port, as browsers send it
 * in `Origin`. Throws INVALID_REQUEST for anything that is not a plain http(s) origin.
 */
export function normalizeOrigin(input: string): string {
  const trimmed = input.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError("INVALID_REQUEST", `"${trimmed}" is not an origin; expected e.g. https://shop.example.com`);
  }
  const extra = url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== "");
  if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || extra || trimmed.includes("*")) {
    throw new AppError(
      "INVALID_REQUEST",
      `"${trimmed}" is not an origin; use scheme://host[:port] with http or https, no path or wildcard.`,
    );
  }
  return url.origin;
}

async function collectionIdsOf(db: Db, shortIds: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(shortIds.map((id) => id.trim()).filter(Boolean))];
  if (wanted.length === 0) throw new AppError("INVALID_REQUEST", 'Name at least one collection short ID, or "all".');
  const found = await db.collection.findMany({
    where: { shortId: { in: wanted } },
    select: { id: true, shortId: true },
  });
  const missing = wanted.filter((shortId) => !found.some((row) => row.shortId === shortId));
  if (missing.length > 0)
    throw new AppError("COLLECTION_NOT_FOUND", `Unknown collection short ID: ${missing.join(", ")}.`);
  return found.map((row) => row.id);
}

type SummaryRow = Omit<ApiKeySummary, "collections"> & {
  collections: { collection: { id: string; shortId: string | null } }[];
};

function toSummary(row: SummaryRow): ApiKeySummary {
  return { ...row, collections: row.collections.map(({ collection }) => collection.shortId ?? collection.id) };
}

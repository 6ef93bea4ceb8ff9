// What each instance keeps in memory for its hot reads, and how it hears that it changed:
// the database announces every change to a drop, its phases, its counted NFTs or an API key
// (lib/db/change-feed.ts), whichever instance or tool made it, and this process's own writes
// are reported as they return. A cached fact is therefore never served after its change
// was committed and announced; the maximum ages are only a safety net.
import { KeyedCache } from "@/lib/cache/keyed-cache";
import type { Database } from "@/lib/db/client";
import type { WriteEvent } from "@/lib/db/change-feed";
import type { LiveApiKey } from "./api-keys";
import type { DropCounts, DropFacts } from "./drop-snapshot";
import type { CachedHoldings } from "./holdings";
import type { DropPages } from "./nft-pages";
import type { SearchMatches } from "./collection-search";
import type { WalletDropRows } from "./wallet-rows";
import type { PaymentMintRead } from "./surface-support";
import type { SupplyLeft } from "./mint/sold-out-memory";
import type { SellingDrop } from "./gate-drops";

export type ReadCaches = {
  /** A drop's record and phases (with their gate rules). */
  drops: KeyedCache<string, DropFacts>;
  /** A drop's minted and burned counts: every mint moves them, nothing else does. */
  dropCounts: KeyedCache<string, DropCounts>;
  /**
   * Whether a drop has nothing free, as the database said after a prepare's SOLD_OUT
   * (mint/sold-out-memory.ts): forgotten when any of its NFTs changes.
   */
  supplyLeft: KeyedCache<string, SupplyLeft>;
  /** The first pages of a drop's NFT lists (gallery, all-minted), per drop (nft-pages.ts). */
  nftPages: KeyedCache<string, DropPages>;
  /** Search answers by "<limit>:<offset>:<query>", until any drop or its counts change. */
  searches: KeyedCache<string, SearchMatches>;
  /** A wallet's own rows in a drop (mints per phase, allowlist entries, overrides), by "<drop id>:<wallet>". */
  walletRows: KeyedCache<string, WalletDropRows>;
  /** What a wallet holds on chain, for gated reads, by wallet (HOLDINGS_MAX_AGE_MS at most). */
  holdings: KeyedCache<string, CachedHoldings>;
  /**
   * Which of the gate NFTs a wallet holds another wallet used in a phase, by
   * "<phase id>:<wallet>:<mints>", as old as the holdings they were asked for (holdings.ts).
   */
  gateNftsUsed: KeyedCache<string, ReadonlySet<string>>;
  /** The published drops selling a gate's collections, by "<addresses>", until any drop changes (gate-drops.ts). */
  gateDrops: KeyedCache<string, readonly SellingDrop[]>;
  /** A token mint's decimals (null: not a readable mint), which never change. */
  mintDecimals: KeyedCache<string, number | null>;
  /**
   * Payment tokens' mints by address (lib/services/surface-support.ts): decimals and
   * extensions are fixed when a mint is created, so nothing announces them.
   */
  paymentMints: KeyedCache<string, PaymentMintRead>;
  /** Live API keys by hash (null: unknown or revoked). */
  keys: KeyedCache<string, LiveApiKey | null>;
};

/**
 * The chain announces nothing: a wallet's holdings as gated reads (eligibility, wallet-mints)
 * see them are at most this old, except after a mint through this service, which forgets
 * the wallet's at once. Prepare always reads the chain afresh.
 */
export const HOLDINGS_MAX_AGE_MS = 5_000;
/**
 * Cached NFT pages are read again at least this often: the bound for what changes them
 * without an announcement (a bounty award). Reactions and profiles are announced.
 */
export const NFT_PAGES_MAX_AGE_MS = 10_000;
/** A sold-out drop is asked again at least this often: the bound should an announcement be lost unnoticed. */
export const SUPPLY_LEFT_MAX_AGE_MS = 10_000;
/** A revoked key stops working at once on every instance; this is the bound if an announcement is lost. */
export const KEY_CACHE_MAX_AGE_MS = 10_000;
const DROP_CACHE_MAX_AGE_MS = 60_000;

export function createReadCaches(): ReadCaches {
  return {
    drops: new KeyedCache({ maxAgeMs: DROP_CACHE_MAX_AGE_MS, maxEntries: 5_000 }),
    dropCounts: new KeyedCache({ maxAgeMs: DROP_CACHE_MAX_AGE_MS, maxEntries: 5_000 }),
    supplyLeft: new KeyedCache({ maxAgeMs: SUPPLY_LEFT_MAX_AGE_MS, maxEntries: 1_000 }),
    nftPages: new KeyedCache({ maxAgeMs: NFT_PAGES_MAX_AGE_MS, maxEntries: 1_000 }),
    searches: new KeyedCache({ maxAgeMs: NFT_PAGES_MAX_AGE_MS, maxEntries: 5_000 }),
    walletRows: new KeyedCache({ maxAgeMs: DROP_CACHE_MAX_AGE_MS, maxEntries: 50_000 }),
    holdings: new KeyedCache({ maxAgeMs: HOLDINGS_MAX_AGE_MS, maxEntries: 50_000 }),
    gateNftsUsed: new KeyedCache({ maxAgeMs: HOLDINGS_MAX_AGE_MS, maxEntries: 50_000 }),
    gateDrops: new KeyedCache({ maxAgeMs: DROP_CACHE_MAX_AGE_MS, maxEntries: 1_000 }),
    mintDecimals: new KeyedCache({ maxAgeMs: 10 * 60_000, maxEntries: 10_000 }),
    paymentMints: new KeyedCache({ maxAgeMs: 10 * 60_000, maxEntries: 10_000 }),
    keys: new KeyedCache({ maxAgeMs: KEY_CACHE_MAX_AGE_MS, maxEntries: 10_000 }),
  };
}

export const DROP_CHANGED_CHANNEL = "dropmint_drop_changed";
export const DROP_COUNTS_CHANGED_CHANNEL = "dropmint_drop_counts_changed";
export const KEY_CHANGED_CHANNEL = "dropmint_key_changed";
export const WALLET_CHANGED_CHANNEL = "dropmint_wallet_changed";
export const DROP_NFTS_CHANGED_CHANNEL = "dropmint_drop_nfts_changed";
/** A wallet's profile or effects changed (payload: the wallet): every drop's pages may show it. */
export const PROFILES_CHANGED_CHANNEL = "dropmint_profiles_changed";

/** Subscribes the caches to the database's changes; the returned function stops it. */
export async function keepReadCachesFresh(
  database: Pick<Database, "changes" | "onWrite">,
  caches: ReadCaches,
): Promise<() => Promise<void>> {
  const stopWrites = database.onWrite((event) => invalidateAfterWrite(caches, event));
  // A lost announcement could be anything: forget it all, and keep nothing while deaf.
  const stopGaps = database.changes.onGap((gap) => {
    for (const cache of announcedCaches(caches)) {
      if (gap.down) cache.pause();
      else cache.resume();
    }
  });
  const listen = (channel: string, onChange: (payload: string) => void) => database.changes.listen(channel, onChange);
  const unsubscribes = await Promise.all([
    // The drop's pages show its reveal settings and name: they go with it.
    listen(DROP_CHANGED_CHANNEL, (id) => {
      caches.drops.invalidate(id);
      caches.supplyLeft.invalidate(id);
      caches.nftPages.invalidate(id);
      caches.searches.invalidateAll();
      caches.gateDrops.invalidateAll(); // it may sell NFTs some gate names
    }),
    // Search answers carry each drop's minted count.
    listen(DROP_COUNTS_CHANGED_CHANNEL, (id) => {
      caches.dropCounts.invalidate(id);
      caches.searches.invalidateAll();
    }),
    // Any NFT of the drop changed (a reservation, a release, a mint): what is free may have too.
    listen(DROP_NFTS_CHANGED_CHANNEL, (id) => {
      caches.nftPages.invalidate(id); // reactions too
      caches.supplyLeft.invalidate(id);
    }),
    listen(PROFILES_CHANGED_CHANNEL, () => caches.nftPages.invalidateAll()),
    listen(WALLET_CHANGED_CHANNEL, (dropAndWallet) => forgetWallet(caches, dropAndWallet)),
    listen(KEY_CHANGED_CHANNEL, (hash) => caches.keys.invalidate(hash)),
  ]);
  return async () => {
    stopWrites();
    stopGaps();
    await Promise.all(unsubscribes.map((unsubscribe) => unsubscribe()));
  };
}

/** Every cache an announcement keeps fresh (a mint's decimals and extensions never change). */
function announcedCaches(caches: ReadCaches) {
  const { mintDecimals: _never, paymentMints: _fixed, ...announced } = caches;
  return Object.values(announced);
}

/** "<drop id>:<wallet>" changed: its rows in the drop, and what it holds (a mint moved an NFT to it). */
function forgetWallet(caches: ReadCaches, dropAndWallet: string): void {
  caches.walletRows.invalidate(dropAndWallet);
  caches.holdings.invalidate(dropAndWallet.slice(dropAndWallet.indexOf(":") + 1));
}

function forgetAllWallets(caches: Pick<ReadCaches, "walletRows" | "holdings">): void {
  caches.walletRows.invalidateAll();
  caches.holdings.invalidateAll();
}

/**
 * This process's own writes, before the database's announcement arrives: the drop a written
 * record belongs to, or every drop when the write does not say (a bulk update).
 */
function invalidateAfterWrite(caches: ReadCaches, event: WriteEvent): void {
  forgetNftPagesAfterWrite(caches, event);
  const { model, args, result } = event;
  if (model === "ApiKey") return caches.keys.invalidateAll();
  if (model === "Mint") {
    const mint = (result ?? args.data ?? {}) as { collectionId?: unknown; walletAddress?: unknown };
    return typeof mint.collectionId === "string" && typeof mint.walletAddress === "string"
      ? forgetWallet(caches, `${mint.collectionId}:${mint.walletAddress}`)
      : forgetAllWallets(caches);
  }
  if (model === "AllowlistEntry" || model === "WalletAllocationOverride") return caches.walletRows.invalidateAll(); // rows name their phase, not their drop
  if (model === "GateRule") return caches.drops.invalidateAll(); // a rule names its phase, not its drop
  if (model === "ClaimCode" || model === "ClaimCodeBatch") return caches.drops.invalidateAll(); // a drop's facts say whether it has codes
  if (model !== "Collection" && model !== "Phase" && model !== "Nft") return;
  // An NFT matters only when its status changes, and only to the counts: reservations leave them alone.
  if (model === "Nft" && !changesStatus(args)) return;
  if (model === "Collection") caches.gateDrops.invalidateAll();
  caches.searches.invalidateAll(); // a drop or its counts: search answers show both
  const cache = model === "Nft" ? caches.dropCounts : caches.drops;
  const record = (result ?? {}) as { id?: unknown; collectionId?: unknown };
  const id = model === "Collection" ? record.id : record.collectionId;
  if (typeof id === "string") cache.invalidate(id);
  else cache.invalidateAll();
}

/** Any write to a drop, its NFTs or mints, or to what their pages show beside them (reactions, awards, profiles). */
function forgetNftPagesAfterWrite(caches: ReadCaches, { model, result }: WriteEvent): void {
  if (model === "Nft" || model === "Mint" || model === "Collection") {
    const record = (result ?? {}) as { id?: unknown; collectionId?: unknown };
    const id = model === "Collection" ? record.id : record.collectionId;
    for (const cache of model === "Mint" ? [caches.nftPages] : [caches.nftPages, caches.supplyLeft])
      if (typeof id === "string") cache.invalidate(id);
      else cache.invalidateAll();
    return;
  }
  if (model === "Reaction" || model === "BountyAward" || model === "Profile" || model === "ProfileEffect")
    caches.nftPages.invalidateAll();
}

function changesStatus(args: Record<string, unknown>): boolean {
  const data = args.data ?? args.create ?? args.update;
  if (data === undefined) return true; // a delete
  const rows = Array.isArray(data) ? data : [data, args.update].filter(Boolean);
  return rows.some((row) => typeof row === "object" && row !== null && "status" in row);
}

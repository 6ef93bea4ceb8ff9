// The minted feeds of a drop: every landed mint, paginated and searchable (all-minted), and
// the latest mints with their media (recently-minted). Items are Mint rows with their NFT;
// a burned NFT stays in the history. Each NFT shows its real data only once revealed
// (lib/domain/reveal.ts); before that, the placeholder view of lib/services/reveal.ts.
import { LastViews } from "@/lib/cache/last-views";
import type { Db } from "@/lib/db/client";
import type { BountyAward, Collection, Mint, Nft, Prisma } from "@/lib/db/generated/client";
import { orderByPopularity, parseMintedSearch, type MintedSearch } from "@/lib/domain/minted-feed";
import { isNftRevealed, mintRevealCutoff } from "@/lib/domain/reveal";
import { twitterHandleOf } from "@/lib/domain/twitter-handle";
import type { AllMintedView, MintedItem, RecentlyMintedView, RecentMint } from "@/lib/schemas/minted-items";
import { getCollectionOrThrow } from "./collections";
import type { ServiceContext } from "./context";
import { getDropPage, type CachedPage } from "./nft-pages";
import { getProfiles, NO_PROFILE, type PublicProfile } from "./profiles";
import { shownNft, type ShownNft } from "./reveal";

type MintRow = Mint & { nft: Nft };
type FeedEntry = { row: MintRow; shown: ShownNft; item: MintedItem };

const NEWEST = [{ mintedAt: "desc" }, { id: "desc" }] satisfies Prisma.MintOrderByWithRelationInput[];
const OLDEST = [{ mintedAt: "asc" }, { id: "asc" }] satisfies Prisma.MintOrderByWithRelationInput[];

/** Landed mints of the drop's NFTs (a limited edition's copies; masters are never minted). */
const mintsOf = (collectionId: string): Prisma.MintWhereInput => ({ collectionId, nft: { isMasterEdition: false } });

export async function getAllMinted(
  ctx: ServiceContext,
  collectionId: string,
  options: { limit: number; offset: number; sort: "newest" | "oldest" | "popular"; search?: string },
): Promise<AllMintedView> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const collection = await getCollectionOrThrow(ctx, collectionId);
  const search = parseMintedSearch(options.search);
  const loadPage = async (): Promise<CachedPage<{ rows: MintRow[]; total: number; extras: FeedExtras }>> => {
    // A search's matches depend on the clock (only revealed names are searchable): never cached, see below.
    const where = await mintedSearchWhere(db, collection, search, now);
    const [rows, total] = await Promise.all([
      db.mint.findMany({
        where,
        include: { nft: true },
        orderBy: options.sort === "oldest" ? OLDEST : NEWEST,
        skip: options.offset,
        take: options.limit,
      }),
      db.mint.count({ where }),
    ]);
    return { value: { rows, total, extras: await loadFeedExtras(ctx, rows) }, validUntil: Infinity };
  };
  // The unsearched pages everyone loads are cached per drop (nft-pages.ts); what depends on the clock is computed below.
  const page = search
    ? (await loadPage()).value
    : await getDropPage(ctx, collection.id, `minted:${options.sort}:${options.offset}:${options.limit}`, loadPage);
  const build = () => allMintedView(ctx, collection, page, options, now);
  if (search) return build();
  // Of a cached page, only whether each NFT is revealed yet depends on the clock, and the
  // drop's own fields on its row: the same frozen view while neither has changed.
  const reveals = page.rows.map((row) => (isNftRevealed(collection, row.mintedAt, now) ? 1 : 0)).join("");
  return allMintedViews.of(page, `${collection.updatedAt.getTime()}:${reveals}`, build);
}

const allMintedViews = new LastViews<AllMintedView>();

function allMintedView(
  ctx: ServiceContext,
  collection: Collection,
  { rows, total, extras }: { rows: MintRow[]; total: number; extras: FeedExtras },
  options: { limit: number; offset: number; sort: "newest" | "oldest" | "popular" },
  now: Date,
): AllMintedView {
  const items = buildFeedEntries(ctx, collection, rows, extras, now).map((entry) => entry.item);
  return {
    // "popular" ranks within each page: the page is the newest-first page, reordered.
    nfts: options.sort === "popular" ? orderByPopularity(items) : items,
    total,
    hasMore: options.offset + rows.length < total,
    offset: options.offset,
    limit: options.limit,
    collection: {
      id: collection.id,
      shortId: collection.shortId,
      name: collection.name,
      twitterHandle: twitterHandleOf(collection.twitter),
    },
    allowImageDownload: collection.allowImageDownload,
  };
}

export async function getRecentlyMinted(
  ctx: ServiceContext,
  collectionId: string,
  options: { limit: number },
): Promise<RecentlyMintedView> {
  const now = ctx.clock.now();
  const [collection, rows] = await Promise.all([
    getCollectionOrThrow(ctx, collectionId),
    ctx.db.mint.findMany({
      where: mintsOf(collectionId),
      include: { nft: true },
      orderBy: NEWEST,
      take: options.limit,
    }),
  ]);
  const nfts = buildFeedEntries(ctx, collection, rows, await loadFeedExtras(ctx, rows), now).map(toRecentMint);
  return {
    nfts,
    total: nfts.length,
    delayedRevealEnabled: collection.delayedRevealEnabled,
    editionType: collection.editionType,
    allowImageDownload: collection.allowImageDownload,
  };
}

/**
 * Search: a case-insensitive substring of the NFT name (only among revealed NFTs, so a
 * search cannot probe hidden names) or of the minter's display name; a number is an exact
 * token id (or edition number of a limited edition); 4+ base58 characters are also a
 * case-sensitive prefix of the owner's or the minter's wallet.
 */
async function mintedSearchWhere(
  db: Db,
  collection: Collection,
  search: MintedSearch | null,
  now: Date,
): Promise<Prisma.MintWhereInput> {
  const base = mintsOf(collection.id);
  if (!search) return base;
  const any: Prisma.MintWhereInput[] = [];
  const cutoff = mintRevealCutoff(collection, now);
  if (cutoff.kind !== "none") {
    any.push({
      nft: { name: { contains: likeLiteral(search.text), mode: "insensitive" } },
      ...(cutoff.kind === "mintedBy" ? { mintedAt: { lte: cutoff.at } } : {}),
    });
  }
  if (search.number !== null)
    any.push({ nft: { OR: [{ tokenId: search.number }, { tokenId: null, editionNumber: search.number }] } });
  if (search.walletPrefix) {
    any.push(
      { nft: { ownerWallet: { startsWith: search.walletPrefix } } },
      { walletAddress: { startsWith: search.walletPrefix } },
    );
  }
  const named = await mintersNamedLike(db, collection.id, search.text);
  if (named.length > 0) any.push({ walletAddress: { in: named } });
  return { ...base, OR: any.length > 0 ? any : [{ id: { in: [] } }] };
}

/** Wallets that minted from the drop and whose display name contains `text`. */
async function mintersNamedLike(db: Db, collectionId: string, text: string): Promise<string[]> {
  const minters = await db.mint.findMany({
    where: { collectionId },
    distinct: ["walletAddress"],
    select: { walletAddress: true },
  });
  if (minters.length === 0) return [];
  const profiles = await db.profile.findMany({
    where: {
      walletAddress: { in: minters.map((m) => m.walletAddress) },
      displayName: { contains: likeLiteral(text), mode: "insensitive" },
    },
    select: { walletAddress: true },
  });
  return profiles.map((p) => p.walletAddress);
}

/** Prisma passes `contains` into LIKE as is: escape its wildcards so "%" and "_" match themselves. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type FeedExtras = {
  profiles: Map<string, PublicProfile>;
  reactions: Map<string, Record<string, number>>;
  awards: Map<string, BountyAward>;
};

/** What a page shows beside its mints: minter profiles, reactions and bounties, in one query each. */
async function loadFeedExtras(ctx: ServiceContext, rows: MintRow[]): Promise<FeedExtras> {
  const nftIds = rows.map((row) => row.nftId);
  const [profiles, reactions, awards] = await Promise.all([
    getProfiles(
      ctx,
      rows.map((row) => row.walletAddress),
    ),
    reactionsOf(ctx.db, nftIds),
    bountiesOf(ctx.db, nftIds),
  ]);
  return { profiles, reactions, awards };
}

/** MintedItems of a page at `now`. */
function buildFeedEntries(
  ctx: ServiceContext,
  collection: Collection,
  rows: MintRow[],
  { profiles, reactions, awards }: FeedExtras,
  now: Date,
): FeedEntry[] {
  return rows.map((row) => {
    const { nft } = row;
    const revealed = isNftRevealed(collection, row.mintedAt, now);
    const shown = shownNft(nft, collection, revealed, ctx.publicBaseUrl);
    const minter = profiles.get(row.walletAddress) ?? NO_PROFILE;
    const award = awards.get(nft.id);
    const item: MintedItem = {
      id: nft.id,
      tokenId: nft.tokenId,
      name: shown.name,
      image: shown.previewImageUrl ?? shown.imageUrl,
      fullImageUrl: shown.imageUrl ?? shown.previewImageUrl,
      mintAddress: nft.mintAddress,
      mintedAt: row.mintedAt.toISOString(),
      isRevealed: revealed,
      ownerWallet: nft.ownerWallet,
      attributes: shown.attributes,
      minterDisplayName: minter.displayName,
      minterAvatarUrl: minter.avatarUrl,
      minterEffects: minter.effects,
      reactions: reactions.get(nft.id) ?? {},
      editionNumber: nft.editionNumber,
      packTierName: nft.packTierName,
      rarityRank: shown.rarityRank,
      rarityTier: shown.rarityTier,
      rarityScore: shown.rarityScore,
      bounty: award
        ? {
            bountyType: award.bountyType,
            amount: award.amount === null ? null : Number(award.amount),
            tokenSymbol: award.tokenSymbol,
            payoutStatus: award.payoutStatus,
            memo: award.memo,
          }
        : null,
      isCrossChain: nft.isCrossChain,
      sourceChain: nft.sourceChain,
    };
    return { row, shown, item };
  });
}

function toRecentMint({ row: { nft }, shown, item }: FeedEntry): RecentMint {
  const isEdition = nft.isMasterEdition || nft.editionNumber !== null;
  return {
    ...item,
    masterNftId: nft.masterNftId,
    previewImage: shown.previewImageUrl,
    maxEditionSupply: nft.maxEditionSupply,
    isMasterEdition: nft.isMasterEdition,
    currentEditionSupply: isEdition ? nft.currentEditionSupply : null,
    animationUrl: shown.animationUrl,
    mediaType: shown.mediaType,
    isPatron: nft.isPatron,
    customTag: nft.customTag,
    generationStatus: nft.generationStatus,
    currentPlaceholderSequence: nft.currentPlaceholderSequence,
    audioUrl: null,
    audioPreviewUrl: shown.audioPreviewUrl,
    coverArtUrl: shown.coverArtUrl,
  };
}

/** emoji → count per NFT, most used first. */
async function reactionsOf(db: Db, nftIds: string[]): Promise<Map<string, Record<string, number>>> {
  if (nftIds.length === 0) return new Map();
  const groups = await db.reaction.groupBy({
    by: ["nftId", "emoji"],
    where: { nftId: { in: nftIds } },
    _count: { _all: true },
  });
  groups.sort((a, b) => b._count._all - a._count._all || a.emoji.localeCompare(b.emoji));
  const byNft = new Map<string, Record<string, number>>();
  for (const group of groups) {
    const counts = byNft.get(group.nftId) ?? {};
    counts[group.emoji] = group._count._all;
    byNft.set(group.nftId, counts);
  }
  return byNft;
}

/**
 * The bounty shown on each NFT. An NFT can win twice (a one-off bounty and a prize-pool
 * draw): the one-off bounty is shown, else the earliest award.
 */
async function bountiesOf(db: Db, nftIds: string[]): Promise<Map<string, BountyAward>> {
  if (nftIds.length === 0) return new Map();
  const awards = await db.bountyAward.findMany({
    where: { nftId: { in: nftIds } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const chosen = new Map<string, BountyAward>();
  for (const award of awards) {
    const current = chosen.get(award.nftId);
    if (!current || (current.bountyId === null && award.bountyId !== null)) chosen.set(award.nftId, award);
  }
  return chosen;
}

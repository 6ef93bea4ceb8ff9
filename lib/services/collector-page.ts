// What a collector's page (/w/<address>) shows: the profile, the NFTs the wallet minted on
// Dropmint and those of Dropmint's drops it holds on the chain now, and the drops it minted
// from. Each NFT as the public may see it (reveal.ts), with an explorer link for the
// configured cluster (none on the local chain).
import { ChainUnavailableError } from "@/lib/chain";
import type { Collection, Mint, Nft } from "@/lib/db/generated/client";
import { explorerAddressUrl } from "@/lib/domain/explorer";
import { isNftRevealed } from "@/lib/domain/reveal";
import type { ServiceContext } from "./context";
import { getProfileView, type ProfileView } from "./profile-edit";
import { getProfiles, NO_PROFILE, type PublicProfile } from "./profiles";
import { shownNft } from "./reveal";

/** The most NFTs of each list the page shows. */
export const COLLECTOR_PAGE_NFTS = 60;

export type CollectorNft = {
  nftId: string;
  name: string | null;
  image: string | null;
  mintAddress: string | null;
  isRevealed: boolean;
  rarityTier: string | null;
  rarityRank: number | null;
  drop: { name: string | null; shortId: string | null };
  mintedAt: string | null;
  explorerUrl: string | null;
};

export type CollectorDrop = { name: string | null; shortId: string | null; image: string | null; mints: number };

export type CollectorPage = {
  profile: ProfileView;
  minted: CollectorNft[];
  /** null when the chain could not be read just now. */
  held: CollectorNft[] | null;
  drops: CollectorDrop[];
};

type NftRow = Nft & { collection: Collection; mint: Mint | null };

export async function getCollectorPage(ctx: ServiceContext, wallet: string): Promise<CollectorPage> {
  const [profile, minted, held, drops] = await Promise.all([
    getProfileView(ctx, wallet),
    mintedBy(ctx, wallet),
    heldBy(ctx, wallet),
    dropsMintedFrom(ctx, wallet),
  ]);
  return { profile, minted, held, drops };
}

/** What a collector's share card shows: the public profile and the mint counts (no chain read). */
export async function getCollectorSummary(
  ctx: ServiceContext,
  wallet: string,
): Promise<{ profile: PublicProfile; mints: number; drops: number }> {
  const [profiles, drops] = await Promise.all([getProfiles(ctx, [wallet]), dropsMintedFrom(ctx, wallet)]);
  return {
    profile: profiles.get(wallet) ?? NO_PROFILE,
    mints: drops.reduce((sum, drop) => sum + drop.mints, 0),
    drops: drops.length,
  };
}

async function mintedBy(ctx: ServiceContext, wallet: string): Promise<CollectorNft[]> {
  const mints = await ctx.db.mint.findMany({
    where: { walletAddress: wallet },
    orderBy: { mintedAt: "desc" },
    take: COLLECTOR_PAGE_NFTS,
    include: { nft: { include: { collection: true, mint: true } } },
  });
  return mints.map((m) => collectorNft(ctx, m.nft));
}

/** The wallet's tokens that are NFTs of our drops: one chain read, one database read. */
async function heldBy(ctx: ServiceContext, wallet: string): Promise<CollectorNft[] | null> {
  let mints: string[];
  try {
    mints = (await ctx.chain.getTokenBalances(wallet)).filter((b) => b.amount > 0n).map((b) => b.mint);
  } catch (error) {
    if (error instanceof ChainUnavailableError) return null;
    throw error;
  }
  if (mints.length === 0) return [];
  const nfts = await ctx.db.nft.findMany({
    where: { mintAddress: { in: mints } },
    include: { collection: true, mint: true },
    orderBy: [{ collectionId: "asc" }, { tokenId: "asc" }],
    take: COLLECTOR_PAGE_NFTS,
  });
  return nfts.map((nft) => collectorNft(ctx, nft));
}

async function dropsMintedFrom(ctx: ServiceContext, wallet: string): Promise<CollectorDrop[]> {
  const groups = await ctx.db.mint.groupBy({
    by: ["collectionId"],
    where: { walletAddress: wallet },
    _count: { _all: true },
  });
  const collections = await ctx.db.collection.findMany({
    where: { id: { in: groups.map((g) => g.collectionId) } },
    select: { id: true, name: true, shortId: true, image: true },
  });
  return groups
    .map((g) => {
      const c = collections.find((c) => c.id === g.collectionId);
      return { name: c?.name ?? null, shortId: c?.shortId ?? null, image: c?.image ?? null, mints: g._count._all };
    })
    .sort((a, b) => b.mints - a.mints || (a.name ?? "").localeCompare(b.name ?? ""));
}

function collectorNft(ctx: ServiceContext, nft: NftRow): CollectorNft {
  const mintedAt = nft.mint?.mintedAt ?? nft.mintedAt;
  const revealed = isNftRevealed(nft.collection, mintedAt, ctx.clock.now());
  const shown = shownNft(nft, nft.collection, revealed, ctx.publicBaseUrl);
  return {
    nftId: nft.id,
    name: shown.name,
    image: shown.previewImageUrl ?? shown.imageUrl,
    mintAddress: nft.mintAddress,
    isRevealed: revealed,
    rarityTier: shown.rarityTier,
    rarityRank: shown.rarityRank,
    drop: { name: nft.collection.name, shortId: nft.collection.shortId },
    mintedAt: mintedAt?.toISOString() ?? null,
    explorerUrl: nft.mintAddress ? explorerAddressUrl(ctx.config.cluster, nft.mintAddress) : null,
  };
}

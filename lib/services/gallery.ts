// The NFTs of a drop that can still be minted (GET gallery). Shown: NFTs available now,
// including those whose reservation has expired (free again at once). A limited edition
// lists its unminted copies, each with its edition fields and master_nft_id; the master
// itself is a template and never listed. NFTs held for one wallet (a creator hold, or that
// wallet's own mint in progress) appear only when that wallet asks (`walletAddress`).
import type { Nft, Prisma } from "@/lib/db/generated/client";
import { isHoldRunning } from "@/lib/domain/reservation-hold";
import { isCollectionRevealed, isNftRevealed, nftRevealAt } from "@/lib/domain/reveal";
import type { GalleryNft, GalleryView } from "@/lib/schemas/gallery";
import { getCollectionOrThrow } from "./collections";
import type { ServiceContext } from "./context";
import { isFairDrop } from "./fairness";
import { getDropPage, type CachedPage } from "./nft-pages";
import { shownNft } from "./reveal";

export type GalleryOptions = {
  limit: number;
  offset: number;
  walletAddress?: string;
  /** First-party gallery: the minted (and burned) NFTs instead of the mintable ones, each shown by its own reveal. */
  mintedOnly?: boolean;
};

export function mintableNftsWhere(
  collectionId: string,
  now: Date,
  walletAddress?: string,
  fair = false,
): Prisma.NftWhereInput {
  const forWallet = walletAddress ?? null;
  // A fair drop lists every NFT not minted yet, held or not: the list must not change when a
  // prepare reserves the next NFT, or comparing it before and after would name that NFT.
  if (fair)
    return {
      collectionId,
      isMasterEdition: false,
      status: { in: ["available", "reserved"] },
      OR: [{ reservationWallet: null }, ...(forWallet ? [{ reservationWallet: forWallet }] : [])],
    };
  return {
    collectionId,
    isMasterEdition: false,
    AND: [
      // A creator hold for another wallet is not mintable by the asker.
      { OR: [{ reservationWallet: null }, ...(forWallet ? [{ reservationWallet: forWallet }] : [])] },
      {
        OR: [
          { status: "available" },
          // Ended at `now` exactly, as isHoldRunning says (the query below takes the running ones).
          { status: "reserved", reservedUntil: { lte: now } },
          ...(forWallet
            ? [{ status: "reserved" as const, OR: [{ reservedByWallet: forWallet }, { reservationWallet: forWallet }] }]
            : []),
        ],
      },
    ],
  };
}

export async function getGallery(
  ctx: ServiceContext,
  collectionId: string,
  options: GalleryOptions,
): Promise<GalleryView> {
  if (options.walletAddress) return (await loadGallery(ctx, collectionId, options)).value;
  // The pages everyone loads are cached per drop, rendered (nft-pages.ts): until a write to the
  // drop's NFTs, a reservation's end or a reveal, they read the same at any moment. A wallet's own view never is.
  return getDropPage(
    ctx,
    collectionId,
    `gallery:${options.mintedOnly ? "minted" : "mintable"}:${options.offset}:${options.limit}`,
    () => loadGallery(ctx, collectionId, options),
  );
}

async function loadGallery(
  ctx: ServiceContext,
  collectionId: string,
  options: GalleryOptions,
): Promise<CachedPage<GalleryView>> {
  const { db, publicBaseUrl } = ctx;
  const now = ctx.clock.now();
  const collection = await getCollectionOrThrow(ctx, collectionId);
  const fair = isFairDrop(collection);
  const where: Prisma.NftWhereInput = options.mintedOnly
    ? { collectionId, isMasterEdition: false, status: { in: ["minted", "burned"] } }
    : mintableNftsWhere(collectionId, now, options.walletAddress, fair);
  const [rows, total, nextRelease] = await Promise.all([
    db.nft.findMany({
      where,
      orderBy: [
        { tokenId: { sort: "asc", nulls: "last" } },
        { editionNumber: { sort: "asc", nulls: "last" } },
        { id: "asc" },
      ],
      skip: options.offset,
      take: options.limit,
    }),
    db.nft.count({ where }),
    // The mintable pages change, with no write, when the drop's first running reservation ends (never for a fair drop, which lists held NFTs too).
    options.mintedOnly || fair
      ? null
      : db.nft.aggregate({
          where: { collectionId, status: "reserved", reservedUntil: { gt: now } },
          _min: { reservedUntil: true },
        }),
  ]);
  const revealed = isCollectionRevealed(collection, now);
  // A minted NFT may be revealed before its drop (instant or timed reveal after its own mint).
  const revealedOf = (nft: Nft) => (options.mintedOnly ? isNftRevealed(collection, nft.mintedAt, now) : revealed);
  const view: GalleryView = {
    nfts: rows.map((nft) =>
      toGalleryNft(nft, shownNft(nft, collection, revealedOf(nft), publicBaseUrl), fair ? null : now),
    ),
    total,
    limit: options.limit,
    offset: options.offset,
  };
  // And when an NFT shown here, or the drop, reveals.
  const revealAt = (nft: Nft) =>
    options.mintedOnly
      ? nftRevealAt(collection, nft.mintedAt, revealedOf(nft))
      : revealed
        ? null
        : collection.revealedAt;
  const reveals = rows.map((nft) => revealAt(nft)?.getTime() ?? Infinity);
  const validUntil = Math.min(nextRelease?._min.reservedUntil?.getTime() ?? Infinity, ...reveals);
  return { value: Object.freeze(view), validUntil };
}

/** `now` null: holds are not shown (a fair drop's). */
function toGalleryNft(nft: Nft, shown: ReturnType<typeof shownNft>, now: Date | null): GalleryNft {
  const held = now !== null && isHoldRunning(nft, now);
  return {
    id: nft.id,
    token_id: nft.tokenId,
    name: shown.name,
    description: shown.description,
    image_url: shown.imageUrl,
    preview_image_url: shown.previewImageUrl,
    cover_art_url: shown.coverArtUrl,
    animation_url: shown.animationUrl,
    audio_url: null,
    audio_preview_url: shown.audioPreviewUrl,
    media_type: shown.mediaType,
    preview_url: shown.previewUrl,
    preview_start_time: shown.previewStartTime,
    preview_duration: shown.previewDuration,
    audio_duration_seconds: shown.audioDurationSeconds,
    mint_status: nft.status === "minted" || nft.status === "burned" ? nft.status : held ? "reserved" : "available",
    attributes: shown.attributes,
    is_master_edition: nft.isMasterEdition,
    current_edition_supply: nft.currentEditionSupply,
    max_edition_supply: nft.maxEditionSupply,
    edition_number: nft.editionNumber,
    master_nft_id: nft.masterNftId,
    reservation_wallet: nft.reservationWallet,
    reserved_by: held ? nft.reservedByWallet : null,
  };
}

// One NFT for the site's pages (first-party GET nft/{identifier}). The identifier is a mint
// address, `contract:tokenId` (the drop's on-chain collection address, short ID or UUID,
// then the token id), or a bare token id: with `?collection=`, in that drop; without it,
// the one NFT that has that token id among the launched drops, and a 400 naming the
// ambiguity when several drops have one (token ids repeat across drops). A UUID (our internal NFT id) is refused: pages link NFTs by what is
// on chain or in the drop. Shown through the same reveal rule as every feed
// (lib/domain/reveal.ts); an NFT of a drop not launched yet answers like an unknown one.
import { isHoldRunning } from "@/lib/domain/reservation-hold";
import type { Db } from "@/lib/db/client";
import type { Nft } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { isNftRevealed } from "@/lib/domain/reveal";
import type { NftView } from "@/lib/schemas/nft";
import { findCollectionRefCached } from "./collection-ref";
import { isFairDrop } from "./fairness";
import type { ServiceContext } from "./context";
import { shownNft } from "./reveal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINT_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const TOKEN_ID = /^\d{1,10}$/;
/** Token ids are PostgreSQL integers. */
export const MAX_TOKEN_ID = 2_147_483_647;

/** `collection` undefined: a bare token id, looked up among every launched drop. */
export type NftIdentifier = { kind: "mint"; address: string } | { kind: "token"; collection?: string; tokenId: number };

const invalid = (why: string) => new AppError("INVALID_REQUEST", why);
const notFound = () => new AppError("NOT_FOUND", "No NFT matches that identifier.");

/** Classifies an identifier; `collection` is the `?collection=` query value for a bare token id. */
export function parseNftIdentifier(identifier: string, collection?: string): NftIdentifier {
  if (UUID.test(identifier))
    throw invalid("NFTs are looked up by mint address, contract:tokenId or token id, not by UUID.");
  const colon = identifier.lastIndexOf(":");
  if (colon > 0)
    return { kind: "token", collection: identifier.slice(0, colon), tokenId: tokenIdOf(identifier.slice(colon + 1)) };
  if (TOKEN_ID.test(identifier)) return { kind: "token", collection, tokenId: tokenIdOf(identifier) };
  if (MINT_ADDRESS.test(identifier)) return { kind: "mint", address: identifier };
  throw invalid("Invalid NFT identifier: use a mint address, contract:tokenId or a token id.");
}

function tokenIdOf(text: string): number {
  if (!TOKEN_ID.test(text)) throw invalid(`The token id must be a whole number from 0 to ${MAX_TOKEN_ID}.`);
  // A well-formed id past the largest an NFT can have names no NFT: not found, like any other.
  if (Number(text) > MAX_TOKEN_ID) throw notFound();
  return Number(text);
}

export async function getNft(ctx: ServiceContext, identifier: NftIdentifier): Promise<NftView> {
  const { db } = ctx;
  const now = ctx.clock.now();
  const nft = await findNft(db, identifier);
  const collection = nft && (await db.collection.findUnique({ where: { id: nft.collectionId } }));
  if (!nft || !collection || collection.launchStatus !== "live") throw notFound();
  const revealed = isNftRevealed(collection, nft.mintedAt, now);
  const shown = shownNft(nft, collection, revealed, ctx.publicBaseUrl);
  // A fair drop never shows which NFT a mint in progress holds (it would show what comes next).
  const reservationRunning = isHoldRunning(nft, now) && !isFairDrop(collection);
  return {
    nft: {
      id: nft.id,
      tokenId: nft.tokenId,
      editionNumber: nft.editionNumber,
      maxEditionSupply: nft.maxEditionSupply,
      name: shown.name,
      description: shown.description,
      image: shown.imageUrl,
      previewImage: shown.previewImageUrl,
      animationUrl: shown.animationUrl,
      mediaType: shown.mediaType,
      attributes: shown.attributes,
      rarityRank: shown.rarityRank,
      rarityTier: shown.rarityTier,
      rarityScore: shown.rarityScore,
      isRevealed: revealed,
      mintStatus: nft.status === "reserved" && !reservationRunning ? "available" : nft.status,
      mintAddress: nft.mintAddress,
      ownerWallet: nft.ownerWallet,
      mintedAt: nft.mintedAt?.toISOString() ?? null,
    },
    collection: {
      id: collection.id,
      shortId: collection.shortId,
      name: collection.name,
      collectionAddress: collection.collectionAddress,
      chain: collection.chain,
    },
  };
}

async function findNft(db: Db, identifier: NftIdentifier): Promise<Nft | null> {
  if (identifier.kind === "mint") return db.nft.findUnique({ where: { mintAddress: identifier.address } });
  if (identifier.collection === undefined) {
    const found = await db.nft.findMany({
      where: { tokenId: identifier.tokenId, collection: { launchStatus: "live" } },
      take: 2,
    });
    if (found.length > 1)
      throw invalid(
        "Several drops have an NFT with that token id: add the collection query parameter (short ID, UUID or address of the drop).",
      );
    return found[0] ?? null;
  }
  const ref = await findCollectionRefCached(db, identifier.collection);
  if (!ref) throw new AppError("COLLECTION_NOT_FOUND", "No collection has that identifier.");
  return db.nft.findUnique({ where: { collectionId_tokenId: { collectionId: ref.id, tokenId: identifier.tokenId } } });
}

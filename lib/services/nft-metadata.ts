// Off-chain metadata JSON of each NFT, served at the short on-chain uri /m/{identifier}/{ref}
// (identifier: the short ID, or the UUID of a drop without one; ref: the token id,
// e<edition number> for a limited edition, else the NFT's UUID; a provably fair drop's NFTs
// are found by their mint address, which names no NFT before it lands). Uris stay short because
// the whole mint transaction must fit Solana's 1232-byte limit.
import { animationKindOf, mediaContentTypeOf } from "@/lib/domain/animation-formats";
import { isNftRevealed, unrevealedName } from "@/lib/domain/reveal";
import type { ServiceContext } from "./context";
import { toPublicUrl } from "./public-url";
import { findCollectionRef } from "./collection-ref";
import { placeholderImageUrl } from "./reveal";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MINT_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function metadataRefOf(nft: { tokenId: number | null; editionNumber: number | null; id: string }): string {
  if (nft.tokenId !== null) return String(nft.tokenId);
  if (nft.editionNumber !== null) return `e${nft.editionNumber}`;
  return nft.id;
}

export function metadataUri(
  publicBaseUrl: string,
  identifier: string,
  nft: Parameters<typeof metadataRefOf>[0],
): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/m/${identifier}/${metadataRefOf(nft)}`;
}

/** A provably fair drop's uri names the new mint's address, not the NFT: it resolves once that mint has landed. */
export function metadataUriOfMint(publicBaseUrl: string, identifier: string, mintAddress: string): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/m/${identifier}/${mintAddress}`;
}

/** Metadata JSON (Metaplex-style fields), or null when there is no such NFT. Placeholder until reveal. */
export async function getNftMetadata(ctx: ServiceContext, identifier: string, ref: string) {
  const { db, publicBaseUrl } = ctx;
  const now = ctx.clock.now();
  const found = await findCollectionRef(db, identifier);
  const collection = found && (await db.collection.findUnique({ where: { id: found.id } }));
  if (!collection || collection.launchStatus !== "live") return null;
  const where = /^\d+$/.test(ref)
    ? { collectionId: collection.id, tokenId: Number(ref) }
    : /^e\d+$/.test(ref)
      ? { collectionId: collection.id, editionNumber: Number(ref.slice(1)), isMasterEdition: false }
      : UUID.test(ref)
        ? { collectionId: collection.id, id: ref.toLowerCase() }
        : MINT_ADDRESS.test(ref)
          ? { collectionId: collection.id, mintAddress: ref }
          : null;
  if (!where) return null;
  const nft = await db.nft.findFirst({ where });
  if (!nft) return null;
  const url = (value: string | null) => toPublicUrl(value, publicBaseUrl);
  const creators = (collection.creators as Array<{ address: string; share: number }> | null) ?? null;
  const base = {
    symbol: collection.symbol ?? "",
    // The royalties a drop launched from a Sugar folder states, as Metaplex metadata carries them.
    ...(collection.sellerFeeBasisPoints !== null ? { seller_fee_basis_points: collection.sellerFeeBasisPoints } : {}),
    ...(creators && creators.length > 0
      ? { properties: { creators: creators.map(({ address, share }) => ({ address, share })) } }
      : {}),
    external_url: `${publicBaseUrl}/d/${collection.shortId ?? collection.id}`,
    collection: { name: collection.name, family: collection.name },
  };
  // The same rule as every feed: placeholder until this NFT is revealed.
  if (!isNftRevealed(collection, nft.mintedAt, now)) {
    return {
      ...base,
      name: unrevealedName(collection.name),
      description: "Revealed after the mint.",
      image: placeholderImageUrl(collection, publicBaseUrl),
      attributes: [],
    };
  }
  const image = url(nft.imageUrl);
  const animation = url(nft.animationUrl);
  return {
    ...base,
    name: nft.name,
    description: nft.description ?? collection.description,
    image,
    animation_url: animation,
    ...(animation && image ? { properties: { ...base.properties, ...animatedFiles(image, animation) } } : {}),
    attributes: nft.attributes,
    ...(nft.editionNumber !== null ? { edition: nft.editionNumber, max_edition_supply: nft.maxEditionSupply } : {}),
  };
}

const CATEGORIES = { video: "video", audio: "audio", model: "vr" } as const;

/** What Sugar writes for an asset with an animation: both files, and the category wallets pick a player by. */
function animatedFiles(image: string, animation: string) {
  const kind = animationKindOf(animation);
  return {
    files: [
      { uri: image, type: mediaContentTypeOf(image) },
      { uri: animation, type: mediaContentTypeOf(animation) },
    ],
    ...(kind ? { category: CATEGORIES[kind] } : {}),
  };
}

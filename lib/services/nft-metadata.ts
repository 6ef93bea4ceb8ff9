// Off-chain metadata JSON of each NFT, served at the short on-chain uri /m/{shortId}/{ref}
// (ref: the token id, or e<edition number> for a limited edition). Uris stay short because
// the whole mint transaction must fit Solana's 1232-byte limit.
import { isNftRevealed, unrevealedName } from "@/lib/domain/reveal";
import type { ServiceContext } from "./context";
import { toPublicUrl } from "./public-url";
import { placeholderImageUrl } from "./reveal";

export function metadataRefOf(nft: { tokenId: number | null; editionNumber: number | null; id: string }): string {
  if (nft.tokenId !== null) return String(nft.tokenId);
  if (nft.editionNumber !== null) return `e${nft.editionNumber}`;
  return nft.id;
}

export function metadataUri(publicBaseUrl: string, shortId: string, nft: Parameters<typeof metadataRefOf>[0]): string {
  return `${publicBaseUrl.replace(/\/+$/, "")}/m/${shortId}/${metadataRefOf(nft)}`;
}

/** Metadata JSON (Metaplex-style fields), or null when there is no such NFT. Placeholder until reveal. */
export async function getNftMetadata(ctx: ServiceContext, shortId: string, ref: string) {
  const { db, publicBaseUrl } = ctx;
  const now = ctx.clock.now();
  const collection = await db.collection.findUnique({ where: { shortId } });
  if (!collection || collection.launchStatus !== "live") return null;
  const where = /^\d+$/.test(ref)
    ? { collectionId: collection.id, tokenId: Number(ref) }
    : /^e\d+$/.test(ref)
      ? { collectionId: collection.id, editionNumber: Number(ref.slice(1)), isMasterEdition: false }
      : null;
  if (!where) return null;
  const nft = await db.nft.findFirst({ where });
  if (!nft) return null;
  const url = (value: string | null) => toPublicUrl(value, publicBaseUrl);
  const base = {
    symbol: collection.symbol ?? "",
    external_url: `${publicBaseUrl}/d/${collection.shortId}`,
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
  return {
    ...base,
    name: nft.name,
    description: nft.description ?? collection.description,
    image: url(nft.imageUrl),
    animation_url: url(nft.animationUrl),
    attributes: nft.attributes,
    ...(nft.editionNumber !== null ? { edition: nft.editionNumber, max_edition_supply: nft.maxEditionSupply } : {}),
  };
}

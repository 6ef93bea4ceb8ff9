// The name, symbol and metadata uri an NFT's mint transaction writes on chain: the same for
// a collector's mint (prepare) and a bounty's free mint (bounty-payouts.ts).
import type { PublicKey } from "@solana/web3.js";
import type { TokenMetadataFields } from "@/lib/chain";
import type { Collection } from "@/lib/db/generated/client";
import { isCollectionRevealed, unrevealedName } from "@/lib/domain/reveal";
import { isFairDrop } from "@/lib/services/fairness";
import { metadataUri, metadataUriOfMint } from "@/lib/services/nft-metadata";

export function onChainFields(
  publicBaseUrl: string,
  collection: Collection,
  nft: { id: string; tokenId: number | null; editionNumber: number | null; name: string | null },
  mint: PublicKey,
  now: Date,
): TokenMetadataFields {
  const identifier = collection.shortId ?? collection.id;
  // A fair drop's transaction must not tell which NFT it mints: the drop's name, and metadata found by the new mint's address.
  if (isFairDrop(collection))
    return {
      name: collection.name ?? "",
      symbol: collection.symbol ?? "",
      uri: metadataUriOfMint(publicBaseUrl, identifier, mint.toBase58()),
    };
  return {
    // Before the drop's reveal the chain carries the placeholder name, like the metadata JSON.
    name: isCollectionRevealed(collection, now) ? (nft.name ?? collection.name ?? "") : unrevealedName(collection.name),
    symbol: collection.symbol ?? "",
    uri: metadataUri(publicBaseUrl, identifier, { tokenId: nft.tokenId, editionNumber: nft.editionNumber, id: nft.id }),
  };
}

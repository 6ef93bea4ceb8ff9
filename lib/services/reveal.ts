// What of an NFT the public may see. Before its reveal an NFT shows the drop's placeholder
// art (the drop's cover when no placeholder is set) under a placeholder name, with no
// description, other media, traits or rarity, so no field leaks the hidden art. Full audio
// is never public, revealed or not, so it is not part of this view at all.
import type { Collection, Nft } from "@/lib/db/generated/client";
import { unrevealedName } from "@/lib/domain/reveal";
import { toPublicUrl } from "./public-url";

export type ShownNft = {
  name: string | null;
  description: string | null;
  imageUrl: string | null;
  previewImageUrl: string | null;
  coverArtUrl: string | null;
  animationUrl: string | null;
  audioPreviewUrl: string | null;
  mediaType: string | null;
  previewUrl: string | null;
  previewStartTime: number | null;
  previewDuration: number | null;
  audioDurationSeconds: number | null;
  attributes: unknown[];
  rarityRank: number | null;
  rarityScore: number | null;
  rarityTier: string | null;
};

type RevealCollection = Pick<Collection, "name" | "placeholderImage" | "image">;

export function placeholderImageUrl(collection: RevealCollection, publicBaseUrl: string): string | null {
  return toPublicUrl(collection.placeholderImage ?? collection.image, publicBaseUrl);
}

export function shownNft(nft: Nft, collection: RevealCollection, revealed: boolean, publicBaseUrl: string): ShownNft {
  if (!revealed) {
    const placeholder = placeholderImageUrl(collection, publicBaseUrl);
    return {
      name: unrevealedName(collection.name),
      description: null,
      imageUrl: placeholder,
      previewImageUrl: placeholder,
      coverArtUrl: null,
      animationUrl: null,
      audioPreviewUrl: null,
      mediaType: null,
      previewUrl: null,
      previewStartTime: null,
      previewDuration: null,
      audioDurationSeconds: null,
      attributes: [],
      rarityRank: null,
      rarityScore: null,
      rarityTier: null,
    };
  }
  const url = (value: string | null) => toPublicUrl(value, publicBaseUrl);
  return {
    name: nft.name,
    description: nft.description,
    imageUrl: url(nft.imageUrl),
    previewImageUrl: url(nft.previewImageUrl),
    coverArtUrl: url(nft.coverArtUrl),
    animationUrl: url(nft.animationUrl),
    audioPreviewUrl: url(nft.audioPreviewUrl),
    mediaType: nft.mediaType,
    previewUrl: url(nft.previewUrl),
    previewStartTime: nft.previewStartTime,
    previewDuration: nft.previewDuration,
    audioDurationSeconds: nft.audioDurationSeconds,
    attributes: Array.isArray(nft.attributes) ? nft.attributes : [],
    rarityRank: nft.rarityRank,
    rarityScore: nft.rarityScore,
    rarityTier: nft.rarityTier,
  };
}

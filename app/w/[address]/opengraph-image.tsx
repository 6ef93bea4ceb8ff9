// The collector's Open Graph image (og:image on /w/{address}): avatar, name, rank and counts.
// Rendered per request from live data; a malformed address gets the brand card.
import { SHARE_IMAGE_SIZE, shareImageResponse } from "@/app/_components/share-image";
import { loadCollectorShareCard } from "./load-share-card";

export const alt = "A collector on Dropmint: their avatar, name, rank and mints";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
// Names, ranks and counts change with every profile edit and mint: never prerender this.
export const dynamic = "force-dynamic";

export default async function Image({ params }: { params: Promise<{ address: string }> }) {
  const { address } = await params;
  return shareImageResponse(await loadCollectorShareCard(address));
}

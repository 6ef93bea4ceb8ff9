// The drop's Open Graph image (og:image on /d/{identifier}): art, name, price and progress.
// Rendered per request from live data; a pre-launch drop reads "Coming soon", and an
// unknown drop gets the brand card rather than an error.
import { SHARE_IMAGE_SIZE, shareImageResponse } from "@/app/_components/share-image";
import { loadShareCard } from "./load-share-card";

export const alt = "The drop on Dropmint: its art, name, price and how many are minted";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
// Price and progress change with every mint: never prerender or cache this at build time.
export const dynamic = "force-dynamic";

export default async function Image({ params }: { params: Promise<{ identifier: string }> }) {
  const { identifier } = await params;
  return shareImageResponse(await loadShareCard(identifier));
}

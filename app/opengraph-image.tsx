// The site's own share image (the home page and pages without one of their own).
import { SHARE_IMAGE_SIZE, shareImageResponse } from "./_components/share-image";

export const alt = "Dropmint: mint NFT drops on Solana";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";

export default function Image() {
  return shareImageResponse({ kind: "brand" });
}

// The drop's Twitter card image: the same image as Open Graph. The config exports are
// repeated here (not re-exported) because Next reads route segment config statically.
import { SHARE_IMAGE_SIZE } from "@/app/_components/share-image";

export { default } from "./opengraph-image";
export const alt = "The drop on Dropmint: its art, name, price and how many are minted";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const dynamic = "force-dynamic";

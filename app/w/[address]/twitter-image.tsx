// The collector's Twitter card image: the same image as Open Graph. The config exports are
// repeated here (not re-exported) because Next reads route segment config statically.
import { SHARE_IMAGE_SIZE } from "@/app/_components/share-image";

export { default } from "./opengraph-image";
export const alt = "A collector on Dropmint: their avatar, name, rank and mints";
export const size = SHARE_IMAGE_SIZE;
export const contentType = "image/png";
export const dynamic = "force-dynamic";

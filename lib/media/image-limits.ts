// The limits a creator's images are checked against (lib/media/images.ts), apart from sharp
// so the docs page can state them without loading it.
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Longest side, and most pixels, an image may have. */
export const MAX_IMAGE_SIDE = 8192;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The web-sized variant for cards and galleries: this wide at most, WebP. */
export const VARIANT_WIDTH = 600;

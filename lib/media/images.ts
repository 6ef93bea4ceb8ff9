// Checks a creator's image and makes its web-sized variant, with sharp (libvips). An image is
// accepted when its bytes are a PNG, JPEG, GIF or WebP that decodes in full (a truncated file
// fails), its file extension says the same format, and it stays within the size limits below.
// SVG is refused: it can carry script, and creator content must never run on our pages.
import sharp, { type Metadata } from "sharp";

import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, VARIANT_WIDTH } from "./image-limits";

export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE, VARIANT_WIDTH };

const FORMATS = { png: "png", jpeg: "jpg", gif: "gif", webp: "webp" } as const;
const EXTENSIONS: Readonly<Record<string, keyof typeof FORMATS>> = {
  png: "png",
  jpg: "jpeg",
  jpeg: "jpeg",
  gif: "gif",
  webp: "webp",
};

export type ImageInfo = { ext: (typeof FORMATS)[keyof typeof FORMATS]; width: number; height: number };

/** The image's format and size, or a sentence saying what is wrong with it. */
export async function inspectImage(
  bytes: Uint8Array,
  fileName: string,
): Promise<{ ok: true; info: ImageInfo } | { ok: false; message: string }> {
  const named = EXTENSIONS[fileName.slice(fileName.lastIndexOf(".") + 1).toLowerCase()];
  if (!named) return { ok: false, message: "is not a PNG, JPEG, GIF or WebP file (SVG and other formats are refused)" };
  if (bytes.length === 0) return { ok: false, message: "is empty" };
  if (bytes.length > MAX_IMAGE_BYTES)
    return {
      ok: false,
      message: `is ${(bytes.length / 1048576).toFixed(1)} MB; images may be at most ${MAX_IMAGE_BYTES / 1048576} MB`,
    };
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  } catch {
    return { ok: false, message: "does not decode as an image" };
  }
  const format = metadata.format as string;
  if (!(format in FORMATS))
    return { ok: false, message: `is a ${format} image; Dropmint stores PNG, JPEG, GIF and WebP` };
  if (format !== named)
    return {
      ok: false,
      message: `is named .${fileName.split(".").pop()} but holds a ${format === "jpeg" ? "JPEG" : format.toUpperCase()} image`,
    };
  const { width = 0, height = 0 } = metadata;
  if (
    width < 1 ||
    height < 1 ||
    width > MAX_IMAGE_SIDE ||
    height > MAX_IMAGE_SIDE ||
    width * height > MAX_IMAGE_PIXELS
  ) {
    return {
      ok: false,
      message: `is ${width}×${height} pixels; images may be at most ${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1e6} megapixels`,
    };
  }
  try {
    // Decode every pixel (shrunk on load, so it stays cheap): a truncated or corrupt file fails here.
    await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "truncated" })
      .resize(32, 32, { fit: "inside" })
      .raw()
      .toBuffer();
  } catch {
    return { ok: false, message: "does not decode in full (truncated or corrupt)" };
  }
  return { ok: true, info: { ext: FORMATS[format as keyof typeof FORMATS], width, height } };
}

/** The web-sized variant: at most VARIANT_WIDTH wide, never enlarged (pixel art stays crisp: nearest neighbour), WebP. */
export async function webVariant(bytes: Uint8Array, info: ImageInfo): Promise<Uint8Array> {
  const small = info.width <= 128 && info.height <= 128;
  // An animated GIF or WebP keeps every frame: its web variant is an animated WebP, not a still.
  const animated = info.ext === "gif" || info.ext === "webp";
  const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).resize({
    width: VARIANT_WIDTH,
    height: VARIANT_WIDTH,
    fit: "inside",
    withoutEnlargement: !small,
    kernel: small ? "nearest" : "lanczos3",
  });
  return new Uint8Array(await pipeline.webp({ quality: small ? 100 : 82, lossless: small }).toBuffer());
}

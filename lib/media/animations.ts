// Checks a creator's animation file (lib/domain/animation-formats.ts) without holding it in
// memory: read in 1 MB steps for its SHA-256, its first bytes matched against the format its
// extension names (a renamed file is refused, as a renamed image is), its size bounded.
import { createHash } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import {
  ANIMATION_FORMATS,
  animationExtOf,
  MAX_ANIMATION_BYTES,
  type AnimationExt,
} from "@/lib/domain/animation-formats";

export type AnimationInfo = { ext: AnimationExt; contentType: string; bytes: number };

const STEP = 1024 * 1024;
const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString("latin1");
/** QuickTime's first atoms: "ftyp" in newer files, a movie or data atom first in older ones. */
const QUICKTIME_ATOMS = ["ftyp", "moov", "mdat", "wide", "free", "skip", "pnot"];

/** Whether the first bytes are the format the extension names. */
export function headerMatches(ext: AnimationExt, head: Uint8Array): boolean {
  switch (ext) {
    case "mp4":
      return ascii(head, 4, 8) === "ftyp";
    case "mov":
      return QUICKTIME_ATOMS.includes(ascii(head, 4, 8));
    case "webm":
      return head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3;
    case "glb":
      return ascii(head, 0, 4) === "glTF" && head[4] === 2;
    case "mp3":
      return ascii(head, 0, 3) === "ID3" || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
  }
}

const FORMAT_NAMES: Record<AnimationExt, string> = {
  mp4: "an MP4 video",
  mov: "a QuickTime video",
  webm: "a WebM video",
  glb: "a binary glTF 2.0 model",
  mp3: "an MP3 file",
};

/** The file's format, size and SHA-256 (hex), or a sentence saying what is wrong with it. */
export async function inspectAnimation(
  handle: FileHandle,
  size: number,
  fileName: string,
): Promise<{ ok: true; info: AnimationInfo; sha256: string } | { ok: false; message: string }> {
  const ext = animationExtOf(fileName);
  if (!ext) return { ok: false, message: "is not an MP4, MOV, WebM, GLB or MP3 file" };
  if (size === 0) return { ok: false, message: "is empty" };
  if (size > MAX_ANIMATION_BYTES)
    return {
      ok: false,
      message: `is ${(size / 1048576).toFixed(1)} MB; animation files may be at most ${MAX_ANIMATION_BYTES / 1048576} MB`,
    };
  const hash = createHash("sha256");
  const buffer = Buffer.allocUnsafe(Math.min(STEP, size));
  let position = 0;
  while (position < size) {
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) break;
    if (position === 0 && !headerMatches(ext, buffer.subarray(0, bytesRead)))
      return { ok: false, message: `is named .${fileName.split(".").pop()} but is not ${FORMAT_NAMES[ext]}` };
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  const { contentType } = ANIMATION_FORMATS[ext];
  return { ok: true, info: { ext, contentType, bytes: position }, sha256: hash.digest("hex") };
}

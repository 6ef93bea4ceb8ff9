// The hash a Sugar `hiddenSettings.hash` is checked against. Sugar's own (`sugar hash`) is
// the first 32 base58 characters of the SHA-256 of its upload cache file, which lists the
// asset links its upload produced; Dropmint uploads nothing through Sugar and keeps no such
// cache, so it commits to the asset files themselves, in the same 32-character form:
//
//   line i  = "<i>:<SHA-256 hex of i.json>:<SHA-256 hex of i's image file>\n", i = 0…N-1
//             (with ":<SHA-256 hex of i's animation file>" before the newline when it has one)
//   hash    = first 32 characters of base58(SHA-256(line 0 + line 1 + …))
//
// `npm run drop -- validate` prints it. Committing to it before the mint fixes every NFT's
// art and traits; anyone holding the files can recompute it after the reveal.
import { createHash } from "node:crypto";
import bs58 from "bs58";

export type AssetDigest = { index: number; jsonSha256: string; imageSha256: string; animationSha256?: string | null };

export const ASSETS_HASH_LENGTH = 32;

export function assetsHash(assets: readonly AssetDigest[]): string {
  const lines = [...assets]
    .sort((a, b) => a.index - b.index)
    .map((a) => `${a.index}:${a.jsonSha256}:${a.imageSha256}${a.animationSha256 ? `:${a.animationSha256}` : ""}\n`)
    .join("");
  return bs58.encode(createHash("sha256").update(lines).digest()).slice(0, ASSETS_HASH_LENGTH);
}

// Where a creator's media live once `npm run drop` stored them: in MEDIA_DIR (default
// DATA_DIR/media; instances behind one address share it), served by the site at /media/<key>,
// or in an S3-compatible bucket when MEDIA_S3_BUCKET is set (served from MEDIA_S3_PUBLIC_URL). Keys are "<shortId>/<sha256>[.<variant>].<ext>":
// named by their content, so a URL never changes meaning and is cached for a year, a second
// store of the same bytes is a no-op, and a resumed upload duplicates nothing.
import { readdir, rm, stat, mkdir } from "node:fs/promises";
import path from "node:path";
import type { Config, MediaConfig } from "@/lib/config";
import { ANIMATION_FORMATS } from "@/lib/domain/animation-formats";
import { writeFileAtomic } from "@/lib/fs/atomic-file";

/** Every stored file answers with this: its key names its content, so it never changes. */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

const KEY = /^[a-z0-9][a-z0-9-]{2,15}\/[0-9a-f]{64}(?:\.w\d{2,4})?\.(png|jpg|gif|webp|mp4|mov|webm|glb|mp3)$/;
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  ...Object.fromEntries(Object.entries(ANIMATION_FORMATS).map(([ext, format]) => [ext, format.contentType])),
};

/** A media key is exactly this shape (it is also a path below the store's folder, so nothing else may pass). */
export const isMediaKey = (key: string) => KEY.test(key);

export type MediaStore = {
  readonly kind: "local" | "s3";
  /** Where the key is served: "/media/<key>" on this site, or the bucket's public URL. */
  urlOf(key: string): string;
  has(key: string): Promise<boolean>;
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** Stores a large file from a stream (an animation), never holding it whole; `size` is its length. */
  putStream(key: string, chunks: AsyncIterable<Uint8Array>, size: number): Promise<void>;
  /** Every key under "<folder>/" (the drop's), and any half-written leftovers as well. */
  list(folder: string): Promise<string[]>;
  remove(key: string): Promise<void>;
  close(): void;
};

function assertKey(key: string) {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
}

export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

/** The folder under DATA_DIR where the local store keeps files unless MEDIA_DIR names another. */
export function localMediaDir(dataDir: string): string {
  return path.join(dataDir, "media");
}

export function openLocalMediaStore(dir: string): MediaStore {
  return {
    kind: "local",
    urlOf: (key) => `/media/${key}`,
    async has(key) {
      assertKey(key);
      return stat(path.join(dir, key)).then(
        (s) => s.isFile(),
        () => false,
      );
    },
    async put(key, bytes) {
      assertKey(key);
      const target = path.join(dir, key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written whole or not at all: a kill mid-write leaves only a temp file, which the
      // drop's next run clears.
      await writeFileAtomic(target, [bytes]);
    },
    async putStream(key, chunks) {
      assertKey(key);
      const target = path.join(dir, key);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFileAtomic(target, chunks);
    },
    async list(folder) {
      const names = await readdir(path.join(dir, folder)).catch(() => [] as string[]);
      return names.map((name) => `${folder}/${name}`);
    },
    async remove(key) {
      if (!key.includes("/") || key.includes("..")) throw new Error(`not a media key: ${key}`);
      await rm(path.join(dir, key), { force: true });
    },
    close() {},
  };
}

/** The path of one stored file of the local store in `mediaDir` (config.mediaDir); null when the key is not a media key. */
export function localMediaPath(mediaDir: string, key: string): string | null {
  return isMediaKey(key) ? path.join(mediaDir, key) : null;
}

export async function openMediaStore(config: Config): Promise<MediaStore> {
  return openMediaStoreFor(config.media, config.mediaDir);
}

/** `mediaDir`: the local store's folder (config.mediaDir: MEDIA_DIR, or DATA_DIR/media). */
export async function openMediaStoreFor(media: MediaConfig, mediaDir: string): Promise<MediaStore> {
  if (media.kind === "local") return openLocalMediaStore(mediaDir);
  const { openS3MediaStore } = await import("./s3-media-store");
  return openS3MediaStore(media);
}

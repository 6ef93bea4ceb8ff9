// The animation files a Sugar asset may carry beside its image, as Sugar itself pairs them:
// `N.mp4`, `N.mov`, `N.webm`, `N.glb` or `N.mp3` next to `N.json` (Sugar's assets regex,
// any letter case); Sugar uploads the file and writes its link into `animation_url`.
// Other media (gltf with its side files, html, wav, flac) Sugar never uploads, so Dropmint
// refuses them too. Each format names its content type and the player that shows it.

export type AnimationKind = "video" | "audio" | "model";

export const ANIMATION_FORMATS = {
  mp4: { kind: "video", contentType: "video/mp4" },
  mov: { kind: "video", contentType: "video/quicktime" },
  webm: { kind: "video", contentType: "video/webm" },
  glb: { kind: "model", contentType: "model/gltf-binary" },
  mp3: { kind: "audio", contentType: "audio/mpeg" },
} as const satisfies Record<string, { kind: AnimationKind; contentType: string }>;

export type AnimationExt = keyof typeof ANIMATION_FORMATS;

/** At most this large (a 4K loop of a minute fits; the store streams it, never holding it whole). */
export const MAX_ANIMATION_BYTES = 200 * 1024 * 1024;

/** Media a creator might put in assets/ that Sugar does not upload, with the reason Dropmint refuses them. */
export const REFUSED_MEDIA: Readonly<Record<string, string>> = {
  gltf: "a .gltf names other files it needs and Sugar does not upload it: export the model as one .glb",
  html: "a web page runs script, which creator content never does on Dropmint (and Sugar does not upload .html)",
  wav: "Sugar uploads audio as .mp3 only: convert it to MP3",
  flac: "Sugar uploads audio as .mp3 only: convert it to MP3",
  svg: "SVG can carry script, which creator content never does on Dropmint: export it as PNG",
};

export function animationExtOf(fileName: string): AnimationExt | null {
  const dot = fileName.lastIndexOf(".");
  const ext = dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
  return ext in ANIMATION_FORMATS ? (ext as AnimationExt) : null;
}

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** The content type of a stored image or animation, by its URL's extension. */
export function mediaContentTypeOf(url: string): string {
  const pathOnly = url.split(/[?#]/)[0] ?? "";
  const ext = pathOnly.slice(pathOnly.lastIndexOf(".") + 1).toLowerCase();
  return (
    IMAGE_TYPES[ext] ??
    (ext in ANIMATION_FORMATS ? ANIMATION_FORMATS[ext as AnimationExt].contentType : "application/octet-stream")
  );
}

/** The player for an animation URL, by its file extension; null when it is none of Sugar's formats. */
export function animationKindOf(url: string): AnimationKind | null {
  const pathOnly = url.split(/[?#]/)[0] ?? "";
  const ext = animationExtOf(pathOnly);
  return ext ? ANIMATION_FORMATS[ext].kind : null;
}

/**
 * The site-relative path of one of the site's own media files ("/media/<drop>/<file>"), from
 * an absolute or relative URL; null for anything else. Pages play only these: the page may be
 * opened at another host name than PUBLIC_URL's, and the Content-Security-Policy trusts 'self'.
 */
export function sameOriginMediaPath(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^(?:https?:\/\/[^/?#]+)?(\/media\/[a-z0-9][a-z0-9-]{2,15}\/[0-9a-f]{64}\.[a-z0-9]{2,4})$/.exec(url);
  return match ? match[1]! : null;
}

// Pages show the site's own media by same-origin path: the responses carry absolute URLs on
// PUBLIC_URL, and a page opened at another address (127.0.0.1, a LAN IP from a phone) would
// otherwise ask that other origin, which its CSP ('self') refuses. Media hosted elsewhere
// (https) keeps its URL.

/** `url` as a path on this site when it points at the public URL's origin; else unchanged. */
export function sameOriginSrc(url: string | null | undefined, publicUrl: string): string | null {
  if (!url) return null;
  let parsed: URL;
  let base: URL;
  try {
    parsed = new URL(url, publicUrl);
    base = new URL(publicUrl);
  } catch {
    return url;
  }
  if (parsed.origin !== base.origin) return url;
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

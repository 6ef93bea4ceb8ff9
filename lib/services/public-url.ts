// Stored media paths are site-relative ("/art/…") so a drop survives a change of host;
// responses carry absolute URLs, built here and only here.

export function toPublicUrl(pathOrUrl: string | null | undefined, publicBaseUrl: string): string | null {
  if (!pathOrUrl) return null;
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicBaseUrl.replace(/\/+$/, "")}/${pathOrUrl.replace(/^\/+/, "")}`;
}

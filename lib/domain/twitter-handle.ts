// A drop's X (Twitter) handle from what the creator entered: a profile URL on x.com or
// twitter.com, "@handle" or the bare handle. Anything else (another site, a post or
// community link) has no handle.

const HANDLE = /^[A-Za-z0-9_]{1,15}$/;
const HOSTS = new Set(["x.com", "twitter.com", "mobile.twitter.com", "mobile.x.com"]);
// First path segments of x.com that are pages, not accounts.
const RESERVED = new Set([
  "i",
  "intent",
  "home",
  "share",
  "search",
  "hashtag",
  "explore",
  "settings",
  "messages",
  "notifications",
]);

export function twitterHandleOf(twitter: string | null | undefined): string | null {
  const value = twitter?.trim();
  if (!value) return null;
  if (/^@?[A-Za-z0-9_]{1,15}$/.test(value)) return value.replace(/^@/, "");
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!HOSTS.has(url.hostname.toLowerCase().replace(/^www\./, ""))) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  const handle = segments[0]?.replace(/^@/, "");
  if (segments.length !== 1 || !handle || !HANDLE.test(handle) || RESERVED.has(handle.toLowerCase())) return null;
  return handle;
}

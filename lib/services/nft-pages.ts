// The first pages of a drop's NFT lists (gallery, all-minted) as the database returned them,
// kept per instance and per drop until any NFT of the drop changes (read-caches.ts: a
// reservation, a release, a mint, a reveal, on any instance). What depends on the clock is
// computed per request from the cached rows (reveal, "reserved" versus an expired
// reservation), and a page whose rows a passing reservation would change carries the
// moment it stops being valid. Pages that name a wallet or a search are never cached: they
// are one visitor's, and the first pages are what a rush reloads.
import type { ServiceContext } from "./context";

/** Pages kept per drop at most (limit × offset × sort combinations); past it, the drop's pages start over. */
const MAX_PAGES_PER_DROP = 64;

export type CachedPage<T> = {
  value: T;
  /** Epoch ms after which the page must be read again (a reservation ends). */ validUntil: number;
};

export type DropPages = Map<string, Promise<CachedPage<unknown>>>;

/** The drop's cached page `key`, or `load()` once for every concurrent caller. */
export async function getDropPage<T>(
  ctx: ServiceContext,
  collectionId: string,
  key: string,
  load: () => Promise<CachedPage<T>>,
): Promise<T> {
  const pages = await ctx.caches.nftPages.get(collectionId, async () => new Map());
  let page = pages.get(key) as Promise<CachedPage<T>> | undefined;
  if (page) {
    const cached = await page.catch(() => null);
    if (cached && cached.validUntil > ctx.clock.now().getTime()) return cached.value;
    if (pages.get(key) === page) pages.delete(key);
  }
  page = pages.get(key) as Promise<CachedPage<T>> | undefined;
  if (!page) {
    if (pages.size >= MAX_PAGES_PER_DROP) pages.clear();
    page = load();
    pages.set(key, page);
    const loading = page;
    loading.catch(() => {
      if (pages.get(key) === loading) pages.delete(key);
    });
  }
  return (await page).value;
}

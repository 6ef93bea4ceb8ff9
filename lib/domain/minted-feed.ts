// Rules of the all-minted feed that need no database: how a search string is read, and
// the "popular" order, which ranks one page (fetched newest first) by its reactions.

export type MintedSearch = {
  /** Case-insensitive substring of the NFT name or the minter's display name. */
  text: string;
  /** "42" or "#42": exactly token 42 (or edition 42 of a limited edition). */
  number: number | null;
  /** Looks like the start of a base58 wallet (4+ characters): owner or minter wallet prefix, case kept. */
  walletPrefix: string | null;
};

const NUMBER = /^#?(\d{1,9})$/;
/** A search this long or longer that looks like base58 is also a wallet prefix. */
export const WALLET_PREFIX_MIN_LENGTH = 4;
const WALLET_PREFIX = new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${WALLET_PREFIX_MIN_LENGTH},44}$`);

/** null when there is nothing to search for (absent or blank). */
export function parseMintedSearch(raw: string | undefined): MintedSearch | null {
  const text = raw?.trim() ?? "";
  if (!text) return null;
  const number = NUMBER.exec(text);
  return {
    text,
    number: number ? Number(number[1]) : null,
    walletPrefix: WALLET_PREFIX.test(text) ? text : null,
  };
}

/** Most reactions first; ties keep their page order (newest first). Stable. */
export function orderByPopularity<T extends { reactions?: Record<string, number> }>(page: readonly T[]): T[] {
  const total = (item: T) => Object.values(item.reactions ?? {}).reduce((sum, n) => sum + n, 0);
  return page
    .map((item, index) => ({ item, index, score: total(item) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ item }) => item);
}

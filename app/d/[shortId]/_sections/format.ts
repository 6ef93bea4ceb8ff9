// Pure display helpers for the drop page's sections, shared by server components and client
// islands. Everything here is deterministic (fixed locale, UTC, no device clock), so the server
// render and the hydrating browser produce the same text.
import { formatUnits } from "@/lib/domain/amounts";
import { shortenWallet } from "@/lib/domain/bounty-summary";

/**
 * A raw token amount (smallest unit) as "1,250.5 GLOW": exact (decimal string arithmetic, no
 * floating division), whole part grouped by thousands. A token with no symbol reads "tokens".
 */
export function formatTokenAmount(raw: number | bigint, decimals: number, symbol: string | null): string {
  const [whole = "0", fraction] = formatUnits(typeof raw === "bigint" ? raw : BigInt(raw), decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${grouped}${fraction ? `.${fraction}` : ""} ${symbol ?? "tokens"}`;
}

export type PoolToken = { symbol: string | null; decimals: number; pool_raw: number };

/** The bounty summary's prize pool: "0.75 SOL", "0.5 SOL + 100 USDC", or null when empty. */
export function formatPrizePool(tokens: readonly PoolToken[]): string | null {
  const amounts = tokens.filter((t) => t.pool_raw > 0).map((t) => formatTokenAmount(t.pool_raw, t.decimals, t.symbol));
  return amounts.length > 0 ? amounts.join(" + ") : null;
}

/** "12.5%", "100%", "0.01%"; a positive share too small to show reads "<0.01%", never "0%". */
export function formatPercent(value: number): string {
  if (value > 0 && value < 0.005) return "<0.01%";
  return `${Number(value.toFixed(2))}%`;
}

/** A wallet as people read it: the profile's display name, else "AbCd…WxYz". */
export function walletLabel(wallet: string, displayName?: string | null): string {
  const name = displayName?.trim();
  return name ? name : shortenWallet(wallet);
}

/** "1 mint", "3 mints". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? singular : pluralForm}`;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const pad = (n: number) => String(n).padStart(2, "0");

/** "7 Jun 2025" in UTC, built by hand so every ICU version prints the same text. */
export function formatUtcDate(iso: string): string {
  const date = new Date(iso);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** "7 Jun 2025, 14:03 UTC". */
export function formatUtcDateTime(iso: string): string {
  const date = new Date(iso);
  return `${formatUtcDate(iso)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "3 hours ago", "2 days ago"; a month or more ago, the UTC date.
 * `nowMs` is the server's clock (never the device's), so a moment slightly in the future (a
 * mint read after the clock was anchored) is "just now".
 */
export function formatTimeAgo(iso: string, nowMs: number): string {
  const elapsed = nowMs - new Date(iso).getTime();
  if (elapsed < 45_000) return "just now";
  if (elapsed < HOUR) return `${plural(Math.max(1, Math.round(elapsed / MINUTE)), "minute")} ago`;
  if (elapsed < DAY) return `${plural(Math.floor(elapsed / HOUR), "hour")} ago`;
  if (elapsed < 30 * DAY) return `${plural(Math.floor(elapsed / DAY), "day")} ago`;
  return formatUtcDate(iso);
}

/** Which copy an NFT is: "Edition 5 of 50", "Edition 5", "#12", or null when it has no number. */
export function nftNumberLabel(nft: { tokenId: number | null; editionNumber?: number | null; maxEditionSupply?: number | null }): string | null {
  if (nft.editionNumber != null) return nft.maxEditionSupply != null ? `Edition ${nft.editionNumber} of ${nft.maxEditionSupply}` : `Edition ${nft.editionNumber}`;
  if (nft.tokenId != null) return `#${nft.tokenId}`;
  return null;
}

/** The number line under an NFT's name, unless the name already says it ("Sprite #12" and "#12"). */
export function numberUnlessNamed(name: string, number: string | null): string | null {
  return number && !name.includes(number) ? number : null;
}

/** A milestone's progress: mints counted since its counter started, towards its target. */
export function milestoneProgress(countSince: number, target: number): { reached: boolean; percent: number; remaining: number } {
  if (target <= 0) return { reached: true, percent: 100, remaining: 0 };
  const reached = countSince >= target;
  return { reached, percent: reached ? 100 : Math.floor((countSince / target) * 100), remaining: Math.max(0, target - countSince) };
}

/** "every mint", "every 10 mints". */
export function everyNMints(n: number): string {
  return n === 1 ? "every mint" : `every ${n.toLocaleString("en-US")} mints`;
}

/**
 * Mints until a recurring pool's next draw, which fires on every `every`-th mint since its
 * counter started: 10 mints in with every 5 → 5 more. null when the pool never fires again.
 */
export function mintsUntilNextDraw(countSince: number, every: number | null, firesCount: number, maxFires: number | null): number | null {
  if (every === null || every <= 0) return null;
  if (maxFires !== null && firesCount >= maxFires) return null;
  return every - (countSince % every);
}

/** Seconds as "0:30", "1:05". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}

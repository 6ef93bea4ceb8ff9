// The site's one way of writing amounts, counts, percents, dates, durations, wallets and
// offers. Pure and deterministic (fixed English digits, UTC, no device clock, no Intl/ICU
// whose output differs between Node and browsers), so a server render and the hydrating
// browser print the same text. No React and no server-only imports: usable from server
// components, client islands and tests alike.
//
// House style:
// - Amounts: whole part grouped by thousands, the exact fraction with trailing zeros dropped,
//   then the unit: "1,250.5 GLOW", "0.1 SOL", "0.000000001 SOL". Computed from the smallest
//   unit (bigint) by decimal string arithmetic (lib/domain/amounts), never by float division.
// - Counts: "1,234"; with a noun, "1 mint", "1,234 mints".
// - Percents: at most two decimals, "12.5%", "33.33%"; a positive share too small to show is
//   "<0.01%" (never "0%"), a share short of all is at most ">99.99%" (never "100%").
// - Dates, always UTC: "23 Nov 2026" for a day, "23 Nov 2026, 21:40 UTC" for a moment.
// - Wallets: "AbCd…WxYz", or the profile's display name when there is one.
import { formatUnits, SOL_DECIMALS } from "@/lib/domain/amounts";
import { shortenWallet } from "@/lib/domain/bounty-summary";

// ── Numbers ──

/** Groups a string of digits by thousands: "1234567" → "1,234,567" (a leading "-" is kept). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A count: "1,234". Whole numbers only; a fraction is cut off. */
export function formatCount(n: number): string {
  return groupThousands(String(Math.trunc(n)));
}

/** A count with its noun: "1 mint", "3 mints", "1,200 entries". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * A measured (not monetary) number, such as a rarity score, rounded to at most
 * `maxFractionDigits` decimals, trailing zeros dropped, grouped: 1234.5 → "1,234.5".
 */
export function formatDecimal(value: number, maxFractionDigits = 2): string {
  if (!Number.isFinite(value)) return "—";
  const [whole = "0", fraction = ""] = Math.abs(value).toFixed(maxFractionDigits).split(".");
  const trimmed = fraction.replace(/0+$/, "");
  const negative = value < 0 && (/[1-9]/.test(whole) || trimmed !== "");
  return `${negative ? "-" : ""}${groupThousands(whole)}${trimmed ? `.${trimmed}` : ""}`;
}

/**
 * A share in percent (0–100), the one rounding every page uses: to the nearest tenth,
 * trailing zero dropped: "12%", "16.7%", "100%". A positive share too small to show reads
 * "<0.1%", never "0%"; a share short of 100 that would round up reads ">99.9%", never
 * "100%" (an almost-sold-out drop is not sold out).
 */
export function formatPercent(value: number): string {
  if (value > 0 && value < 0.05) return "<0.1%";
  if (value < 100 && value >= 99.95) return ">99.9%";
  return `${formatDecimal(value, 1)}%`;
}

// ── Amounts ──

/**
 * A raw token amount (smallest unit) as "1,250.5 GLOW": exact, whole part grouped. A JSON
 * number of raw units is converted with BigInt at this edge (it must be a whole number). A
 * token with no symbol reads "tokens".
 */
export function formatTokenAmount(raw: bigint | number, decimals: number, symbol: string | null): string {
  return `${groupAmount(formatUnits(BigInt(raw), decimals))} ${symbol ?? "tokens"}`;
}

/** Lamports as SOL: 100_000_000n → "0.1 SOL", 1n → "0.000000001 SOL". */
export function formatSol(lamports: bigint | number): string {
  return formatTokenAmount(lamports, SOL_DECIMALS, "SOL");
}

/**
 * An amount that reaches us only as a display number (PriceDisplay, a claim code's fixed
 * discount: the API sends no smallest-unit twin), in the same style: 1000.5 → "1,000.5 SOL".
 * The number is written as its shortest exact decimal (what JSON carried), never rounded to
 * a guessed precision, and never in exponent notation (1e-7 → "0.0000001"). Without a
 * currency, the bare number.
 */
export function formatDisplayAmount(amount: number, currency?: string | null): string {
  const text = Number.isFinite(amount) ? groupAmount(plainDecimal(amount)) : "—";
  return currency ? `${text} ${currency}` : text;
}

/** "-1234.5" → "-1,234.5": groups the whole part only. */
function groupAmount(decimal: string): string {
  const [whole = "0", fraction] = decimal.split(".");
  return `${groupThousands(whole)}${fraction ? `.${fraction}` : ""}`;
}

/** A finite number as plain decimal text, by string arithmetic on its shortest round-trip form. */
function plainDecimal(value: number): string {
  const text = String(Math.abs(value));
  const match = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  const sign = value < 0 ? "-" : "";
  if (!match) return `${sign}${text}`;
  const fraction = match[2] ?? "";
  const exponent = Number(match[3]) - fraction.length;
  const digits = BigInt(match[1]! + fraction);
  return `${sign}${exponent >= 0 ? (digits * 10n ** BigInt(exponent)).toString() : formatUnits(digits, -exponent)}`;
}

// ── Offers ──

/** A buy-N-get-M offer in words: "Buy 2, get 1 free"; null without a (usable) offer. */
export function bogoLabel(bogo: { buy: number; get: number } | null | undefined): string | null {
  if (!bogo || bogo.buy <= 0 || bogo.get <= 0) return null;
  return `Buy ${formatCount(bogo.buy)}, get ${formatCount(bogo.get)} free`;
}

// ── Wallets ──

/** A wallet as people read it: "7xKX…gAsU" (first and last 4 characters; see shortenWallet). */
export function shortWallet(address: string): string {
  return shortenWallet(address);
}

/** The profile's display name, else the shortened wallet. */
export function walletLabel(wallet: string, displayName?: string | null): string {
  const name = displayName?.trim();
  return name ? name : shortWallet(wallet);
}

// ── NFTs ──

/** Which copy an NFT is: "Edition 5 of 50", "Edition 5", "#12", or null when it has no number. */
export function nftNumberLabel(nft: {
  tokenId: number | null;
  editionNumber?: number | null;
  maxEditionSupply?: number | null;
}): string | null {
  if (nft.editionNumber != null)
    return nft.maxEditionSupply
      ? `Edition ${nft.editionNumber} of ${nft.maxEditionSupply}`
      : `Edition ${nft.editionNumber}`;
  if (nft.tokenId != null) return `#${nft.tokenId}`;
  return null;
}

/** The number line under an NFT's name, unless the name already says it ("Sprite #12" and "#12"). */
export function numberUnlessNamed(name: string, number: string | null): string | null {
  return number && !name.includes(number) ? number : null;
}

// ── Dates and times (always UTC) ──

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;
const pad = (n: number) => String(n).padStart(2, "0");

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day: "23 Nov 2026" (UTC). Built by hand, not with Intl, so every ICU prints the same. "—" for no date. */
export function formatUtcDate(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return "—";
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A moment: "23 Nov 2026, 21:40 UTC" (24-hour clock). "—" for no date. */
export function formatUtcDateTime(value: string | number | Date): string {
  const date = toDate(value);
  if (!date) return "—";
  return `${formatUtcDate(date)}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
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

/** "in 3 days", "in 5 hours", "in 12 minutes", "in under a minute": coarse, for text that does not tick. */
export function formatTimeUntil(ms: number): string {
  if (ms < MINUTE) return "in under a minute";
  if (ms < HOUR) return `in ${plural(Math.floor(ms / MINUTE), "minute")}`;
  if (ms < 2 * DAY) return `in ${plural(Math.floor(ms / HOUR), "hour")}`;
  return `in ${plural(Math.floor(ms / DAY), "day")}`;
}

/** A ticking countdown: "2d 04:05:06", "04:05:06" or "05:06", rounded up to the whole second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3_600);
  const m = Math.floor((total % 3_600) / 60);
  const s = total % 60;
  if (d > 0) return `${d}d ${pad(h)}:${pad(m)}:${pad(s)}`;
  if (h > 0) return `${pad(h)}:${pad(m)}:${pad(s)}`;
  return `${pad(m)}:${pad(s)}`;
}

/** A media length in seconds, as players show it: "0:30", "1:05". */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}

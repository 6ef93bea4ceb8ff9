// Small display helpers for the mint panel.

/** "7xKX…gAsU": enough to recognise a wallet, short enough for a 375 px screen. */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}

const amountFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 9 });

/** A display amount with its currency, without float noise ("0.1 SOL", not "0.10000000001 SOL"). */
export function formatAmount(amount: number, currency: string): string {
  return `${amountFormat.format(amount)} ${currency}`;
}

export const LAMPORTS_PER_SOL = 1_000_000_000;

export function formatLamports(lamports: number): string {
  return formatAmount(lamports / LAMPORTS_PER_SOL, "SOL");
}

/** "1 NFT", "2 NFTs". */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

const timeFormat = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** A reveal time in the collector's own time zone (it is a moment, not a countdown). */
export function formatMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : timeFormat.format(date);
}

// A list of wallets a creator hands in (an allowList guard's file for `npm run drop`, an
// allowlist upload in the studio): what an entry is, and every bad one named with where it
// is and why, all at once. Never the entry itself in a problem: a file that is not a wallet
// list may hold anything (a pasted secret).
import { parseTree } from "jsonc-parser";
import { isSolanaAddress } from "./sugar-values";

export const MAX_WALLETS = 100_000;

/** One entry, with where it is: `[i]` in a JSON array, `line n` in text; `line` is the 1-based line. */
export type WalletEntry = { value: unknown; at: string; line: number };
export type WalletListProblem = { at: string; line: number | null; reason: string };
export type WalletList = { wallets: string[]; problems: WalletListProblem[] };

/** One address a line; blank lines and # comments skipped. CSV: the first cell, and a header row of "wallet"/"address" skipped. */
export function walletEntriesOfLines(text: string, options: { csv?: boolean } = {}): WalletEntry[] {
  const entries: WalletEntry[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    let value = raw.replace(/#.*$/, "").trim();
    if (options.csv) value = (value.split(/[,;\t]/)[0] ?? "").trim().replace(/^"(.*)"$/, "$1");
    if (options.csv && i === entries.length && /^(wallet|address|wallet_?address)$/i.test(value)) return;
    if (value) entries.push({ value, at: `line ${i + 1}`, line: i + 1 });
  });
  return entries;
}

/** A JSON array's items with their lines; null when the value is not an array. */
export function walletEntriesOfJson(text: string, value: unknown): WalletEntry[] | null {
  if (!Array.isArray(value)) return null;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const items = parseTree(body)?.children ?? [];
  const lineOf = lineFinder(body);
  return value.map((item, i) => ({ value: item, at: `[${i}]`, line: lineOf(items[i]?.offset ?? 0) }));
}

/** The rule for every wallet list: base58 addresses, each once, at most MAX_WALLETS, at least one. */
export function checkWalletEntries(entries: readonly WalletEntry[]): WalletList {
  const problems: WalletListProblem[] = [];
  if (entries.length > MAX_WALLETS)
    problems.push({ at: "", line: null, reason: `holds ${entries.length} wallets; at most ${MAX_WALLETS}` });
  const wallets: string[] = [];
  const seen = new Set<string>();
  for (const { value, at, line } of entries) {
    if (typeof value !== "string" || !isSolanaAddress(value))
      problems.push({ at, line, reason: "is not a base58 Solana address" });
    else if (seen.has(value)) problems.push({ at, line, reason: `${value} is listed twice` });
    else {
      seen.add(value);
      wallets.push(value);
    }
  }
  if (wallets.length === 0 && problems.length === 0) problems.push({ at: "", line: null, reason: "lists no wallet" });
  return { wallets, problems };
}

/** offset → 1-based line, by binary search over the line breaks (a 100,000-line list stays linear). */
function lineFinder(text: string): (offset: number) => number {
  const breaks: number[] = [];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) breaks.push(i);
  return (offset) => {
    let low = 0;
    let high = breaks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (breaks[mid]! < offset) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  };
}

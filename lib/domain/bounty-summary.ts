// Pure rules of the bounty endpoints: which token a prize pays, the prize pool of the
// unclaimed token bounties per token, the summary's token_symbol, pool-entry weights as
// percentages, the shortened winner wallet, and the guard that lets raw amounts travel as
// JSON numbers.

import { SOL_DECIMALS } from "./amounts";

/** The native SOL mint address: what a token prize that names no token mint pays. */
export const NATIVE_SOL_MINT = "So11111111111111111111111111111111111111112";
const NATIVE_SOL_SYMBOL = "SOL";

/** What the summary says when the pool spans more than one token. */
export const MIXED_TOKENS_SYMBOL = "tokens";

export type TokenPrize = {
  tokenMint: string | null;
  tokenSymbol: string | null;
  tokenDecimals: number | null;
  /** Smallest unit of the token; null when the creator set no amount. */
  amount: bigint | null;
};

export type PrizeToken = { address: string; symbol: string | null; decimals: number };

/**
 * The token a prize pays. No token mint means native SOL (symbol SOL, 9 decimals, whatever
 * the row says). A named mint keeps its stored symbol; unknown decimals read as 0, so the
 * amount is shown in raw units rather than scaled by a guess.
 */
export function prizeTokenOf(prize: Omit<TokenPrize, "amount">): PrizeToken {
  if (prize.tokenMint === null || prize.tokenMint === NATIVE_SOL_MINT) {
    return { address: NATIVE_SOL_MINT, symbol: NATIVE_SOL_SYMBOL, decimals: SOL_DECIMALS };
  }
  return { address: prize.tokenMint, symbol: prize.tokenSymbol, decimals: prize.tokenDecimals ?? 0 };
}

export type PoolToken = PrizeToken & { poolRaw: bigint };
export type PrizePool = { tokens: PoolToken[]; totalRaw: bigint; tokenSymbol: string | null };

/**
 * The pool of still-unclaimed token prizes, per token (largest first, then by address).
 * Prizes without a positive amount promise nothing countable and are left out.
 * totalRaw adds every token's raw amount, so it is one amount only when one token is in
 * the pool; tokenSymbol is that token's symbol, "tokens" for several, null for none.
 */
export function summarizePrizePool(unclaimedTokenPrizes: readonly TokenPrize[]): PrizePool {
  const byAddress = new Map<string, PoolToken>();
  for (const prize of unclaimedTokenPrizes) {
    if (prize.amount === null || prize.amount <= 0n) continue;
    const token = prizeTokenOf(prize);
    const entry = byAddress.get(token.address);
    if (entry) {
      entry.poolRaw += prize.amount;
      entry.symbol ??= token.symbol;
    } else {
      byAddress.set(token.address, { ...token, poolRaw: prize.amount });
    }
  }
  const tokens = [...byAddress.values()].sort((a, b) =>
    a.poolRaw !== b.poolRaw ? (a.poolRaw > b.poolRaw ? -1 : 1) : compareCodeUnits(a.address, b.address),
  );
  const totalRaw = tokens.reduce((sum, token) => sum + token.poolRaw, 0n);
  const tokenSymbol = tokens.length === 0 ? null : tokens.length === 1 ? tokens[0]!.symbol : MIXED_TOKENS_SYMBOL;
  return { tokens, totalRaw, tokenSymbol };
}

/**
 * Each weight's share of the pool's total weight, in percent with two decimals (rounded
 * half up, so the shares may add up to 100 ± 0.01 per entry). Negative weights count as 0;
 * a pool whose weights add up to 0 gives 0 for every entry.
 */
export function weightPercents(weightsBps: readonly number[]): number[] {
  const weights = weightsBps.map((w) => Math.max(0, w));
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total === 0) return weights.map(() => 0);
  return weights.map((w) => Math.round((w / total) * 10_000) / 100);
}

/**
 * A winner's wallet as shown publicly: the first 4 and last 4 characters around "…"
 * (U+2026), e.g. "AbCd…WxYz". Anything of 8 characters or fewer would be shown whole, so
 * it becomes "…" alone; a full wallet never goes out.
 */
/** Characters of a wallet shown on each side of the ellipsis. */
export const SHORT_WALLET_CHARS = 4;

export function shortenWallet(wallet: string): string {
  if (wallet.length <= 2 * SHORT_WALLET_CHARS) return "…";
  return `${wallet.slice(0, SHORT_WALLET_CHARS)}…${wallet.slice(-SHORT_WALLET_CHARS)}`;
}

/**
 * A raw amount as a JSON number. Lamport and token amounts of real prizes fit well below
 * 2^53; one that does not is a data error, and a rounded figure must never go out.
 */
export function toWireAmount(raw: bigint): number {
  if (raw > BigInt(Number.MAX_SAFE_INTEGER) || raw < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`A prize amount (${raw}) does not fit a JSON number exactly.`);
  }
  return Number(raw);
}

/** Orders strings by UTF-16 code units: the same on every database and locale. */
function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

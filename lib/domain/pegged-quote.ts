// A pegged phase's quote: how much of the paid token one NFT costs right now.
//
// - usd mode: one NFT is worth `target` USD, paid in the token.
// - native mode: one NFT is worth `target` of the native token (SOL), paid in the token.
// The token amount is rounded UP to the token's smallest unit, so the creator never
// receives less than the peg. The arithmetic is exact: prices and targets become integers
// scaled by 10^12 (from their decimal form), never divided in floating point.
import { formatUnits, toDisplayAmount } from "./amounts";
import { parseUnits } from "./parse-units";
import type { PegConfig } from "./phase-config";

/** A USD price of one whole token and where it came from. */
export type TokenUsdPrice = { price: number; source: string; fetchedAt: number };

export type PeggedQuoteInput = {
  config: Pick<PegConfig, "pegMode" | "target" | "slippageTolerance" | "validitySeconds">;
  token: { symbol: string; decimals: number; usd: TokenUsdPrice };
  /** native mode: the native token's USD price. */
  native?: TokenUsdPrice;
  now: number;
  /** A price older than this is stale. */
  priceTtlMs: number;
};

type Common = {
  tokenAmount: number;
  /** The same amount in the token's smallest unit (what prepare-mint charges). */
  tokenAmountRaw: bigint;
  tokenSymbol: string;
  tokenDecimals: number;
  tokenPrice: number;
  usdValue: number;
  slippageTolerance: number;
  source: string;
  isStale: boolean;
  quotedAt: number;
  expiresAt: number;
  validitySeconds: number;
};

export type PeggedQuote =
  | (Common & { pegMode: "usd"; usdEquivalent: number })
  | (Common & { pegMode: "native"; nativeEquivalent: number | null; nativePrice: number });

const SCALE_DIGITS = 12;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

export function peggedQuote(input: PeggedQuoteInput): PeggedQuote {
  const { config, token, native, now } = input;
  if (config.pegMode === "native" && !native) throw new Error("a native-mode quote needs the native token's price");
  const tokenPrice = scaled(token.usd.price);
  if (tokenPrice === 0n) throw new Error(`no usable price for ${token.symbol}`);
  const unit = 10n ** BigInt(token.decimals);
  // USD value of one NFT, scaled by 10^24 (usd: target × 10^12 × 10^12; native: target × price).
  const usdScaled24 =
    config.pegMode === "usd" ? scaled(config.target) * SCALE : scaled(config.target) * scaled(native!.price);
  const tokenAmountRaw = ceilDiv(usdScaled24 * unit, tokenPrice * SCALE);
  const prices = config.pegMode === "native" ? [token.usd, native!] : [token.usd];
  const common: Common = {
    tokenAmount: toDisplayAmount(tokenAmountRaw, token.decimals),
    tokenAmountRaw,
    tokenSymbol: token.symbol,
    tokenDecimals: token.decimals,
    tokenPrice: token.usd.price,
    usdValue: Number(formatUnits(tokenAmountRaw * tokenPrice, token.decimals + SCALE_DIGITS)),
    slippageTolerance: config.slippageTolerance,
    source: [...new Set(prices.map((p) => p.source))].join("+"),
    isStale: prices.some((p) => now - p.fetchedAt > input.priceTtlMs),
    quotedAt: now,
    expiresAt: now + config.validitySeconds * 1000,
    validitySeconds: config.validitySeconds,
  };
  return config.pegMode === "usd"
    ? { ...common, pegMode: "usd", usdEquivalent: config.target }
    : { ...common, pegMode: "native", nativeEquivalent: config.target, nativePrice: native!.price };
}

/**
 * The most a buyer who saw a quote of `quotedTokenAmount` (whole-token units, as the quote
 * answers it) accepts to pay, in the smallest unit: the quote plus its slippage tolerance,
 * rounded up. prepare-mint charges the live quote only up to this.
 */
export function slippageCap(quotedTokenAmount: number, decimals: number, slippageTolerance: number): bigint {
  const quotedRaw = parseUnits(quotedTokenAmount.toFixed(decimals), decimals);
  const PARTS = 1_000_000n;
  const tolerance = BigInt(Math.round(Math.min(Math.max(slippageTolerance, 0), 1) * 1_000_000));
  return quotedRaw + ceilDiv(quotedRaw * tolerance, PARTS);
}

/** A non-negative number as an integer × 10^12, from its decimal form (150.25 → 150_250_000_000_000n). */
function scaled(value: number): bigint {
  if (!Number.isFinite(value) || value < 0 || value >= 1e15) throw new Error(`unusable amount ${value}`);
  return parseUnits(value.toFixed(SCALE_DIGITS), SCALE_DIGITS);
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

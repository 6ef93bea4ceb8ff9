// What a phase's price is paid in: SOL (lamports, by System transfers) or a fungible token
// (its mint's smallest unit, by token transfers to the creator's token account). One rule
// for the drop's creation, the Collection response's capabilities and prepare-mint.
import { SOL_DECIMALS } from "./amounts";
import { pegConfigOf } from "./phase-config";

export type PhaseCurrency = {
  currency: string;
  currencyDecimals: number;
  /** The token's mint address; null for SOL. */
  currencyMint: string | null;
  priceModel: string;
  pegConfig: unknown;
};

export type Settlement = { kind: "sol" } | { kind: "token"; mint: string; decimals: number };

/** How the phase's price is paid, or a sentence saying why it cannot be paid. */
export function settlementOf(phase: PhaseCurrency): Settlement | { unsupported: string } {
  const symbol = phase.currency.toUpperCase();
  // A pegged phase pays in its own currency: a peg naming another token would be charged in the wrong unit.
  const peg = pegConfigOf(phase);
  if (peg?.tokenSymbol && peg.tokenSymbol.toUpperCase() !== symbol)
    return { unsupported: `A phase is pegged to pay in ${peg.tokenSymbol} but is priced in ${phase.currency}.` };
  if (peg?.tokenDecimals !== undefined && peg.tokenDecimals !== phase.currencyDecimals)
    return {
      unsupported: `A phase's peg names ${peg.tokenDecimals} decimals, its currency has ${phase.currencyDecimals}.`,
    };
  if (phase.currencyMint === null) {
    return symbol === "SOL" && phase.currencyDecimals === SOL_DECIMALS
      ? { kind: "sol" }
      : { unsupported: `A phase is priced in ${phase.currency}, a token with no mint address to settle it.` };
  }
  if (symbol === "SOL") return { unsupported: "A phase priced in SOL names a token mint." };
  return { kind: "token", mint: phase.currencyMint, decimals: phase.currencyDecimals };
}

/** The sentence when the phase's price cannot be paid, else null. */
export function unsettledReason(phase: PhaseCurrency): string | null {
  const settlement = settlementOf(phase);
  return "unsupported" in settlement ? settlement.unsupported : null;
}

/**
 * The platform fee of one paid NFT priced in a token: `bps` basis points of its price, in
 * the token, rounded down (a SOL price pays the flat PLATFORM_FEE_LAMPORTS instead).
 */
export function tokenPlatformFee(price: bigint, bps: number): bigint {
  return (price * BigInt(bps)) / 10_000n;
}

/** The local chain's test stablecoin (created and handed out on localnet only; lib/chain/test-stablecoin.ts). */
export const TEST_STABLECOIN_TOKEN = Object.freeze({ symbol: "DUSD", decimals: 6 });

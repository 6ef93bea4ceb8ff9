// The price of one paid NFT, by the phase's price model: gathers what priceFor
// (lib/domain/mint-pricing.ts) needs — the auction's landed mints for dutch, the token
// price book for pegged — so prepare charges exactly what the price endpoints quote. A buyer
// who sends the pegged quote it saw is charged the live quote only within its slippage tolerance.
import type { Config } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { Phase, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { priceFor, type PriceContext } from "@/lib/domain/mint-pricing";
import { dutchConfigOf, pegConfigOf } from "@/lib/domain/phase-config";
import { lastHeldAtOf } from "@/lib/services/dutch-price";
import { peggedQuote, slippageCap } from "@/lib/domain/pegged-quote";
import { tokenPriceBook } from "@/lib/prices";

const MINUTE_MS = 60_000;

export type UnitPriceOptions = {
  /** pegged: the tokenAmount of the quote the buyer saw; the live price may exceed it by the slippage tolerance at most. */
  quotedTokenAmount?: number | null;
};

export async function unitPriceOf(
  db: Db,
  config: Config,
  phase: Phase,
  now: Date,
  options: UnitPriceOptions = {},
): Promise<bigint> {
  const context: PriceContext = {};
  if (phase.priceModel === "dutch") {
    const dutch = dutchConfigOf(phase);
    if (dutch) {
      // Demand is counted in mints bought, as GET /phases/{id}/dutch-price counts it.
      const demand: Prisma.MintWhereInput = {
        phaseId: phase.id,
        kind: { notIn: ["bogo_bonus", "bounty_bonus"] },
        mintedAt: { lte: now },
      };
      const windowStart = new Date(now.getTime() - dutch.surgeWindowMinutes * MINUTE_MS);
      const [all, mintsInWindow, lastHeldAt] = await Promise.all([
        db.mint.aggregate({ where: demand, _count: { _all: true }, _max: { mintedAt: true } }),
        db.mint.count({ where: { ...demand, mintedAt: { gt: windowStart, lte: now } } }),
        // Held supply is demand: the decay clock restarts at the last hold as at a mint.
        lastHeldAtOf(db, phase.id, now),
      ]);
      context.dutch = {
        config: dutch,
        state: {
          now,
          startedAt: phase.startDate,
          lastMintAt: all._max.mintedAt,
          lastHeldAt,
          mintsInWindow,
          totalMints: all._count._all,
        },
      };
    }
  }
  if (phase.priceModel === "pegged") {
    const peg = pegConfigOf(phase);
    if (peg) {
      const book = tokenPriceBook(config);
      const symbol = (peg.tokenSymbol ?? phase.currency).toUpperCase();
      const [tokenUsd, nativeUsd] = await Promise.all([
        book.usdPrice(symbol),
        peg.pegMode === "native" ? book.usdPrice(peg.nativeSymbol) : Promise.resolve(null),
      ]);
      if (!tokenUsd || (peg.pegMode === "native" && !nativeUsd))
        throw new AppError(
          "PRICE_UNAVAILABLE",
          "No token price is available to price this mint right now. Please retry.",
        );
      const quote = peggedQuote({
        config: peg,
        token: { symbol, decimals: peg.tokenDecimals ?? phase.currencyDecimals, usd: tokenUsd },
        ...(nativeUsd ? { native: nativeUsd } : {}),
        now: now.getTime(),
        priceTtlMs: book.ttlMs,
      });
      // The book may answer its last good price after the provider failed: shown flagged, never charged.
      if (quote.isStale)
        throw new AppError(
          "PRICE_STALE",
          "The only token price available is older than its cache lifetime, so this mint cannot be priced now. Nothing was reserved; retry shortly.",
        );
      if (options.quotedTokenAmount != null) {
        const cap = slippageCap(options.quotedTokenAmount, quote.tokenDecimals, quote.slippageTolerance);
        if (quote.tokenAmountRaw > cap) {
          throw new AppError(
            "PRICE_MOVED",
            `The price moved beyond the quote's slippage tolerance (${quote.slippageTolerance * 100}%): it is now ${quote.tokenAmount} ${symbol}. Get a new quote; nothing was reserved.`,
            {
              extra: {
                tokenAmount: quote.tokenAmount,
                quotedTokenAmount: options.quotedTokenAmount,
                slippageTolerance: quote.slippageTolerance,
              },
            },
          );
        }
      }
      context.pegged = { tokenAmountRaw: quote.tokenAmountRaw };
    }
  }
  const price = priceFor(phase, context);
  if (price === null)
    throw new AppError(
      "MINT_NOT_SUPPORTED_BY_SURFACE",
      "This phase's price settings are incomplete; it cannot be minted here.",
      { extra: { mintUrl: null } },
    );
  return price;
}

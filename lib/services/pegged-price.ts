// GET /phases/{phaseId}/pegged-price: a quote of a pegged phase from the token price book.
import { AppError } from "@/lib/errors";
import { pegConfigOf } from "@/lib/domain/phase-config";
import { peggedQuote, type PeggedQuote } from "@/lib/domain/pegged-quote";
import type { Phase } from "@/lib/db/generated/client";
import { tokenPriceBook } from "@/lib/prices";
import type { PeggedPriceResponse } from "@/lib/schemas/pegged-price";
import type { ServiceContext } from "./context";

type PeggedPriceView = PeggedPriceResponse extends infer R ? (R extends unknown ? Omit<R, "success"> : never) : never;

type PeggedPhase = Pick<Phase, "priceModel" | "pegConfig" | "currency" | "currencyDecimals">;

/** A quote of a pegged phase at `now` from the token price book, with the raw amount prepare-mint charges. */
export async function quotePeggedPhase(ctx: ServiceContext, phase: PeggedPhase, now: Date): Promise<PeggedQuote> {
  const peg = pegConfigOf(phase);
  if (!peg) throw new AppError("PHASE_NOT_PEGGED", "This phase has no pegged price.");
  const book = tokenPriceBook(ctx.config);
  const tokenSymbol = (peg.tokenSymbol ?? phase.currency).toUpperCase();
  const [tokenUsd, nativeUsd] = await Promise.all([
    book.usdPrice(tokenSymbol),
    peg.pegMode === "native" ? book.usdPrice(peg.nativeSymbol) : Promise.resolve(null),
  ]);
  if (!tokenUsd || (peg.pegMode === "native" && !nativeUsd))
    throw new AppError("PRICE_UNAVAILABLE", "No token price is available for this quote right now. Please retry.");
  return peggedQuote({
    config: peg,
    token: { symbol: tokenSymbol, decimals: peg.tokenDecimals ?? phase.currencyDecimals, usd: tokenUsd },
    ...(nativeUsd ? { native: nativeUsd } : {}),
    now: now.getTime(),
    priceTtlMs: book.ttlMs,
  });
}

export async function getPeggedPrice(ctx: ServiceContext, phaseId: string): Promise<PeggedPriceView> {
  const now = ctx.clock.now();
  const phase = await ctx.db.phase.findUnique({
    where: { id: phaseId },
    select: { priceModel: true, pegConfig: true, currency: true, currencyDecimals: true },
  });
  if (!phase) throw new AppError("PHASE_NOT_FOUND", "No phase has that id.");
  // tokenAmountRaw stays inside: prepare-mint charges it; the wire carries tokenAmount.
  const { tokenAmountRaw: _charged, ...quote } = await quotePeggedPhase(ctx, phase, now);
  return { phaseId, ...quote };
}

// GET /phases/{phaseId}/dutch-price: the auction's live price from its landed mints, by the
// same rule prepare-mint charges (lib/domain/dutch-auction.ts).
import type { Phase, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { toDisplayAmount } from "@/lib/domain/amounts";
import { dutchPrice } from "@/lib/domain/dutch-auction";
import { dutchConfigOf } from "@/lib/domain/phase-config";
import type { DutchPriceResponse } from "@/lib/schemas/dutch-price";
import type { Db } from "@/lib/db/client";
import type { ServiceContext } from "./context";

const MINUTE_MS = 60_000;

type DutchPhase = Pick<Phase, "id" | "priceModel" | "dutchConfig" | "startDate" | "endDate">;

/**
 * The auction's live quote from its landed mints at `now` (the caller's one instant): what
 * the price endpoint shows and prepare-mint charges.
 */
export async function quoteDutchPhase(ctx: ServiceContext, phase: DutchPhase, now: Date) {
  const config = dutchConfigOf(phase);
  if (!config) throw new AppError("PHASE_NOT_DUTCH", "This phase is not a dutch auction.");
  // An ended auction keeps the price it had when it ended.
  const at = phase.endDate && phase.endDate < now ? phase.endDate : now;
  // Demand is counted in mints bought: bonus mints (BOGO, bounty) ride on another mint.
  const demand: Prisma.MintWhereInput = {
    phaseId: phase.id,
    kind: { notIn: ["bogo_bonus", "bounty_bonus"] },
    mintedAt: { lte: at },
  };
  const windowStart = new Date(at.getTime() - config.surgeWindowMinutes * MINUTE_MS);
  const [all, mintsInWindow, lastHeldAt] = await Promise.all([
    ctx.db.mint.aggregate({ where: demand, _count: { _all: true }, _max: { mintedAt: true } }),
    ctx.db.mint.count({ where: { ...demand, mintedAt: { gt: windowStart, lte: at } } }),
    lastHeldAtOf(ctx.db, phase.id, at),
  ]);
  const lastMintAt = all._max.mintedAt;
  const totalMints = all._count._all;
  const state = { now: at, startedAt: phase.startDate, lastMintAt, lastHeldAt, mintsInWindow, totalMints };
  const quote = dutchPrice(config, state);
  return { config, quote, mintsInWindow, totalMints, lastMintAt };
}

/**
 * The last instant up to `at` that any of the phase's supply was held by a reservation: `at`
 * itself while one is live (prepared and unexpired, or being submitted), else when the latest
 * one ended. A dutch auction's decay clock restarts there as at a mint.
 */
export async function lastHeldAtOf(db: Db, phaseId: string, at: Date): Promise<Date | null> {
  const [row] = await db.$queryRaw<Array<{ heldAt: Date | null }>>`
    SELECT max(CASE WHEN status IN ('processing', 'pending') THEN ${at}
                    ELSE LEAST(COALESCE("completedAt", "expiresAt"), "expiresAt", ${at}) END) AS "heldAt"
    FROM "MintSession" WHERE "phaseId" = ${phaseId}::uuid AND "createdAt" <= ${at}`;
  return row?.heldAt ?? null;
}

export async function getDutchPrice(
  ctx: ServiceContext,
  phaseId: string,
): Promise<Omit<DutchPriceResponse, "success">> {
  const now = ctx.clock.now();
  const phase = await ctx.db.phase.findUnique({
    where: { id: phaseId },
    select: {
      id: true,
      priceModel: true,
      dutchConfig: true,
      startDate: true,
      endDate: true,
      currency: true,
      currencyDecimals: true,
    },
  });
  if (!phase) throw new AppError("PHASE_NOT_FOUND", "No phase has that id.");
  const { config, quote, mintsInWindow, totalMints, lastMintAt } = await quoteDutchPhase(ctx, phase, now);
  const units = (raw: bigint) => toDisplayAmount(raw, phase.currencyDecimals);
  return {
    price: units(quote.price),
    basePrice: units(quote.basePrice),
    surgePremium: units(quote.surgeApplied),
    decayAmount: units(quote.decayApplied),
    isSurging: quote.isSurging,
    mintsInWindow,
    totalMints,
    surgeThreshold: config.surgeThreshold,
    floorPrice: units(config.floorPrice),
    ceilingPrice: units(config.ceilingPrice),
    surgeWindowMinutes: config.surgeWindowMinutes,
    startedAt: phase.startDate?.toISOString() ?? null,
    lastMintAt: lastMintAt?.toISOString() ?? null,
    config: {
      basePrice: units(config.basePrice),
      floorPrice: units(config.floorPrice),
      ceilingPrice: units(config.ceilingPrice),
      decayAmount: units(config.decayAmount),
      decayIntervalMinutes: config.decayIntervalMinutes,
      surgePremium: units(config.surgePremium),
      surgeThreshold: config.surgeThreshold,
      surgeWindowMinutes: config.surgeWindowMinutes,
    },
    timestamp: now.getTime(),
    currency: phase.currency,
  };
}

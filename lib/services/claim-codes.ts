// Claim codes of a drop: which kinds exist, what a wallet's redeemed codes still give it,
// and the read-only check of one code. Nothing here redeems a code or counts a use:
// redemptions are written by the mint flow when a mint lands.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createLogger } from "@/lib/log";
import { claimCodeBenefits, NO_BENEFITS, type RedeemedGrant } from "@/lib/domain/claim-code-benefits";
import { isStorableClaimCode } from "@/lib/domain/claim-code-format";
import { toDisplayAmount } from "@/lib/domain/amounts";
import type { ClaimCodeBenefitsResponse, ClaimCodeCheck, ClaimCodeConfig } from "@/lib/schemas/claim-codes";
import type { ServiceContext } from "./context";

const log = createLogger("claim-codes");

/** Which kinds of codes the drop offers now: batches not expired with at least one enabled code. */
export async function getClaimCodeConfig(ctx: ServiceContext, collectionId: string): Promise<ClaimCodeConfig> {
  const now = ctx.clock.now();
  const batches = await ctx.db.claimCodeBatch.findMany({
    where: {
      collectionId,
      OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
      codes: { some: { disabled: false } },
    },
    select: { grantType: true },
    distinct: ["grantType"],
  });
  const kinds = new Set(batches.map((batch) => batch.grantType));
  return {
    hasClaimCodes: kinds.size > 0,
    hasDiscountCodes: kinds.has("discount"),
    hasWhitelistCodes: kinds.has("whitelist"),
    hasPackCodes: kinds.has("pack"),
  };
}

export type ClaimCodeBenefitsQuery = {
  collectionId: string;
  walletAddress: string;
  /** Only batches for this phase or for every phase. */
  phaseId?: string;
  /** Only batches for this pack tier or for no tier. */
  packTierId?: string;
  /** Solana only; the query schema's enum has already refused any other chain. */
  blockchain?: string;
};

const DEFAULT_DECIMALS = 9;

/**
 * The wallet's benefits from its landed redemptions. A failed lookup answers success: false
 * with every figure zero (the spec's shape) instead of an error, so a mint page can still
 * render; callers must not read those zeros as "no benefits".
 */
export async function getClaimCodeBenefits(
  ctx: ServiceContext,
  query: ClaimCodeBenefitsQuery,
): Promise<ClaimCodeBenefitsResponse> {
  const now = ctx.clock.now();
  try {
    return { success: true, ...claimCodeBenefits(await loadRedeemedGrants(ctx.db, query, now)) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error("claim-code benefits lookup failed", error);
    return { success: false, ...NO_BENEFITS };
  }
}

async function loadRedeemedGrants(db: Db, query: ClaimCodeBenefitsQuery, now: Date): Promise<RedeemedGrant[]> {
  const { collectionId, walletAddress, phaseId, packTierId } = query;
  const [phases, rows] = await Promise.all([
    db.phase.findMany({
      where: { collectionId },
      select: { id: true, currencyDecimals: true },
      orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }],
    }),
    db.claimCodeRedemption.findMany({
      where: {
        collectionId,
        walletAddress,
        batch: {
          AND: [
            { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
            phaseId ? { OR: [{ phaseId: null }, { phaseId }] } : {},
            packTierId ? { OR: [{ packTierId: null }, { packTierId }] } : {},
          ],
        },
      },
      select: {
        allocation: true,
        used: true,
        createdAt: true,
        batch: {
          select: {
            id: true,
            name: true,
            grantType: true,
            discountPercent: true,
            discountFixed: true,
            packTierId: true,
            phaseId: true,
          },
        },
      },
    }),
  ]);
  if (phaseId && !phases.some((phase) => phase.id === phaseId))
    throw new AppError("PHASE_NOT_FOUND", "The drop has no phase with that id.");
  const decimalsOf = (batchPhaseId: string | null) =>
    phases.find((phase) => phase.id === (batchPhaseId ?? phaseId))?.currencyDecimals ??
    phases[0]?.currencyDecimals ??
    DEFAULT_DECIMALS;
  return rows.map(({ batch, ...row }) => ({
    batchId: batch.id,
    batchName: batch.name,
    grantType: batch.grantType,
    allocation: row.allocation,
    used: row.used,
    discountPercent: batch.discountPercent,
    discountFixed: batch.discountFixed,
    currencyDecimals: decimalsOf(batch.phaseId),
    packTierId: batch.packTierId,
    redeemedAt: row.createdAt,
  }));
}

/**
 * The single indexed lookup of one normalized code by (drop, code), shared by the read-only
 * check and prepare-mint: an unknown code and another drop's code take the same path and
 * both answer null. A code that cannot be stored (NUL, lone surrogate) answers null unasked.
 */
export async function findClaimCode(db: Pick<Db, "claimCode">, collectionId: string, code: string) {
  if (!isStorableClaimCode(code)) return null;
  return db.claimCode.findUnique({
    where: { collectionId_code: { collectionId, code } },
    select: {
      id: true,
      batchId: true,
      disabled: true,
      maxUses: true,
      usesCount: true,
      redeemNftMint: true,
      batch: {
        select: {
          grantType: true,
          mintAllocation: true,
          discountPercent: true,
          discountFixed: true,
          discountUses: true,
          packTierId: true,
          externalUrl: true,
          expiresAt: true,
          phaseId: true,
        },
      },
    },
  });
}
export type FoundClaimCode = NonNullable<Awaited<ReturnType<typeof findClaimCode>>>;

/** Why a found code cannot be used now (disabled, batch expired, every use landed); null when usable. */
export function claimCodeUnusableReason(found: FoundClaimCode, now: Date): "disabled" | "expired" | "used_up" | null {
  if (found.disabled) return "disabled";
  if (found.batch.expiresAt && found.batch.expiresAt <= now) return "expired";
  if (found.maxUses !== null && found.maxUses - found.usesCount <= 0) return "used_up";
  return null;
}

/**
 * The read-only check of one (normalized) code. Every code costs the same single indexed
 * lookup by (drop, code), so an unknown code and another drop's code take the same path
 * and give the same answer, {valid: false}.
 */
export async function checkClaimCode(ctx: ServiceContext, collectionId: string, code: string): Promise<ClaimCodeCheck> {
  const now = ctx.clock.now();
  const { db } = ctx;
  const found = await findClaimCode(db, collectionId, code);
  if (!found) return { valid: false };
  const { batch } = found;
  const reason = claimCodeUnusableReason(found, now);
  if (reason) return { valid: false, reason };
  const usesRemaining = found.maxUses === null ? null : Math.max(0, found.maxUses - found.usesCount);
  const { grantType } = batch;
  const isPack = grantType === "pack";
  return {
    valid: true,
    // The spec's grant types have no "pack": a pack code is a free mint of its pack tier.
    grantType: grantType === "pack" ? "free_mint" : grantType,
    mintAllocation: batch.mintAllocation,
    discountPercentage: batch.discountPercent,
    discountFixed:
      batch.discountFixed === null
        ? null
        : toDisplayAmount(batch.discountFixed, await currencyDecimalsOf(db, collectionId, batch.phaseId)),
    usesRemaining,
    phaseId: batch.phaseId,
    ...(isPack ? { packTierId: batch.packTierId } : {}),
    ...(grantType === "external" ? { externalUrl: batch.externalUrl } : {}),
  };
}

/** The decimals of the batch's phase currency, else of the drop's first phase. */
async function currencyDecimalsOf(db: Db, collectionId: string, phaseId: string | null): Promise<number> {
  const phase = await db.phase.findFirst({
    where: { collectionId, ...(phaseId ? { id: phaseId } : {}) },
    select: { currencyDecimals: true },
    orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }],
  });
  return phase?.currencyDecimals ?? DEFAULT_DECIMALS;
}

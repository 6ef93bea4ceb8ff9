// The claim codes that can make a paid NFT of this phase free or cheaper: the code entered
// in the prepare body (if any) and the wallet's redeemed codes (the same redemptions GET
// .../claim-codes/benefits reads). Uses held by live sessions are subtracted, so parallel
// prepares cannot spend one use twice: one wallet's prepares run under the wallet's lock,
// and each code is locked (in id order, so two prepares never deadlock) while
// its landed uses plus every wallet's held uses are counted. A use is consumed only when
// the mint lands (record-mint.ts).
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { claimCodeAllocation, claimCodeRoom, type ApplicableGrantType, type ClaimGrant } from "@/lib/domain/mint-pricing";
import { claimCodeUnusableReason, findClaimCode, type FoundClaimCode } from "@/lib/services/claim-codes";

type Tx = Prisma.TransactionClient;

type Where = { collectionId: string; phaseId: string; wallet: string; now: Date };

/**
 * The grants of one prepare, the entered code first (so its discount is the one applied).
 * An entered code that cannot give this wallet anything is refused with CLAIM_CODE_INVALID;
 * redeemed codes with nothing left are simply left out.
 */
export async function loadClaimGrants(tx: Tx, where: Where, enteredCode: string | null = null): Promise<ClaimGrant[]> {
  const { collectionId, phaseId, wallet, now } = where;
  const entered = enteredCode === null ? null : await findEnteredCode(tx, where, enteredCode);
  const redemptions = (
    await tx.claimCodeRedemption.findMany({
      where: {
        collectionId,
        walletAddress: wallet,
        batch: {
          grantType: { in: ["free_mint", "pack", "discount"] },
          AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }, { OR: [{ phaseId: null }, { phaseId }] }],
        },
      },
      include: { batch: { select: { grantType: true, discountPercent: true, discountFixed: true } }, code: { select: { disabled: true } } },
      orderBy: [{ createdAt: "asc" }, { batchId: "asc" }],
    })
  ).filter((r) => !r.code.disabled && r.allocation > r.used && r.codeId !== entered?.found.id);
  if (!entered && redemptions.length === 0) return [];

  const codeIds = [...(entered ? [entered.found.id] : []), ...redemptions.map((r) => r.codeId)];
  for (const id of [...codeIds].sort()) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`claim-code:${id}`}))`;
  // Holds first, then the landed counts: a mint landing in between is counted twice (safe), never missed.
  const [heldByAll, heldByWallet] = await Promise.all([heldCounts(tx, codeIds, now), heldCounts(tx, codeIds, now, wallet)]);
  const [codes, enteredRedemption] = await Promise.all([
    tx.claimCode.findMany({ where: { id: { in: codeIds } }, select: { id: true, usesCount: true, maxUses: true } }),
    entered
      ? tx.claimCodeRedemption.findUnique({ where: { codeId_walletAddress: { codeId: entered.found.id, walletAddress: wallet } }, select: { allocation: true, used: true } })
      : null,
  ]);
  const roomOf = (codeId: string, share: { allocation: number; used: number }) => {
    const code = codes.find((c) => c.id === codeId)!;
    return claimCodeRoom({ ...share, heldByWallet: heldByWallet.get(codeId) ?? 0, maxUses: code.maxUses, usesCount: code.usesCount, heldByAll: heldByAll.get(codeId) ?? 0 });
  };

  const grants: ClaimGrant[] = [];
  if (entered) {
    const { found, grantType } = entered;
    const remaining = roomOf(found.id, enteredRedemption ?? { allocation: claimCodeAllocation({ ...found.batch, grantType }), used: 0 });
    if (remaining === 0)
      throw invalid("This claim code has no uses left for this wallet (its landed mints and live sessions count, and those of every wallet against the code's maximum).");
    grants.push({ codeId: found.id, kind: grantType === "discount" ? "discount" : "free", remaining, percent: found.batch.discountPercent, fixed: found.batch.discountFixed });
  }
  for (const r of redemptions) {
    const remaining = roomOf(r.codeId, r);
    if (remaining === 0) continue;
    grants.push({ codeId: r.codeId, kind: r.batch.grantType === "discount" ? "discount" : "free", remaining, percent: r.batch.discountPercent, fixed: r.batch.discountFixed });
  }
  return grants;
}

/** Sessions that hold a code's use: prepared and unexpired, or being submitted. */
async function heldCounts(tx: Tx, codeIds: string[], now: Date, wallet?: string): Promise<Map<string | null, number>> {
  const held = await tx.mintSession.groupBy({
    by: ["claimCodeId"],
    where: {
      claimCodeId: { in: codeIds },
      ...(wallet ? { walletAddress: wallet } : {}),
      OR: [{ status: { in: ["processing", "pending"] } }, { status: "prepared", expiresAt: { gt: now } }],
    },
    _count: { _all: true },
  });
  return new Map(held.map((h) => [h.claimCodeId, h._count._all]));
}

const APPLICABLE: ReadonlySet<string> = new Set<ApplicableGrantType>(["free_mint", "pack", "discount"]);

/**
 * The entered (normalized) code, or CLAIM_CODE_INVALID. One lookup by (drop, code) like the
 * validate endpoint, so an unknown code and another drop's code answer the same.
 */
async function findEnteredCode(tx: Tx, where: Where, code: string): Promise<{ found: FoundClaimCode; grantType: ApplicableGrantType }> {
  const found = await findClaimCode(tx, where.collectionId, code);
  if (!found) throw invalid("This claim code is not valid for this drop.");
  const reason = claimCodeUnusableReason(found, where.now);
  if (reason) throw invalid(REASON_SENTENCES[reason]);
  if (found.batch.phaseId !== null && found.batch.phaseId !== where.phaseId) throw invalid("This claim code is for another phase of this drop.");
  if (!APPLICABLE.has(found.batch.grantType)) throw invalid("This kind of claim code is not applied by prepare-mint; use the drop's hosted mint page.");
  return { found, grantType: found.batch.grantType as ApplicableGrantType };
}

const REASON_SENTENCES = {
  disabled: "This claim code has been disabled.",
  expired: "This claim code has expired.",
  used_up: "This claim code has no uses left.",
} as const;

const invalid = (sentence: string) => new AppError("CLAIM_CODE_INVALID", sentence);

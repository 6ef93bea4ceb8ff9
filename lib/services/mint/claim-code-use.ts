// The wallet's redeemed claim codes that can still make a paid NFT of this phase free or
// cheaper (the same redemptions GET .../claim-codes/benefits reads). Uses held by live
// sessions are subtracted, so parallel prepares cannot spend one use twice (they run under
// the wallet's lock). A use is consumed only when the mint lands (record-mint.ts).
import type { Prisma } from "@/lib/db/generated/client";
import type { ClaimGrant } from "@/lib/domain/mint-pricing";

type Tx = Prisma.TransactionClient;

export async function loadClaimGrants(tx: Tx, options: { collectionId: string; phaseId: string; wallet: string; now: Date }): Promise<ClaimGrant[]> {
  const { collectionId, phaseId, wallet, now } = options;
  const redemptions = await tx.claimCodeRedemption.findMany({
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
  });
  const usable = redemptions.filter((r) => !r.code.disabled && r.allocation > r.used);
  if (usable.length === 0) return [];
  const held = await tx.mintSession.groupBy({
    by: ["claimCodeId"],
    where: {
      walletAddress: wallet,
      claimCodeId: { in: usable.map((r) => r.codeId) },
      OR: [{ status: { in: ["processing", "pending"] } }, { status: "prepared", expiresAt: { gt: now } }],
    },
    _count: { _all: true },
  });
  const heldBy = new Map(held.map((h) => [h.claimCodeId, h._count._all]));
  return usable
    .map((r) => ({
      codeId: r.codeId,
      kind: r.batch.grantType === "discount" ? ("discount" as const) : ("free" as const),
      remaining: r.allocation - r.used - (heldBy.get(r.codeId) ?? 0),
      percent: r.batch.discountPercent,
      fixed: r.batch.discountFixed,
    }))
    .filter((g) => g.remaining > 0);
}

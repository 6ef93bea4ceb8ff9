// The claim codes that can make a paid NFT of this phase free or cheaper: the code entered
// in the prepare body (if any) and the wallet's redeemed codes (the same redemptions GET
// .../claim-codes/benefits reads). Uses held by live sessions are subtracted, so parallel
// prepares cannot spend one use twice: one wallet's prepares run under the wallet's lock,
// and each code is locked (in id order, so two prepares never deadlock) while
// its landed uses plus every wallet's held uses are counted. A use is consumed only when
// the mint lands (record-mint.ts). An allowlist (whitelist) code changes no price: it adds
// its spots to the wallet's allowlist allocation (eligibility.ts); every session of the
// prepare carries it as its admission, and the first of them that lands takes the code's one
// use for the wallet, so executing all sessions but one cannot dodge the use (issue 21).
import type { Chain } from "@/lib/chain";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import {
  claimCodeAllocation,
  claimCodeRoom,
  type ApplicableGrantType,
  type ClaimGrant,
} from "@/lib/domain/mint-pricing";
import { claimCodeUnusableReason, findClaimCode, type FoundClaimCode } from "@/lib/services/claim-codes";

type Tx = Prisma.TransactionClient;

type Where = { collectionId: string; phaseId: string; wallet: string; now: Date };

/**
 * The grants of one prepare, the entered code first (so its discount is the one applied).
 * An entered code that cannot give this wallet anything is refused with CLAIM_CODE_INVALID;
 * redeemed codes with nothing left are simply left out.
 */
export async function loadClaimGrants(tx: Tx, where: Where, entered: EnteredCode | null = null): Promise<ClaimGrant[]> {
  const { collectionId, phaseId, wallet, now } = where;
  const redemptions = (
    await tx.claimCodeRedemption.findMany({
      where: {
        collectionId,
        walletAddress: wallet,
        batch: {
          grantType: { in: ["free_mint", "pack", "discount", "nft_redemption"] },
          AND: [{ OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }, { OR: [{ phaseId: null }, { phaseId }] }],
        },
      },
      include: {
        batch: { select: { grantType: true, discountPercent: true, discountFixed: true, packTierId: true } },
        code: { select: { disabled: true } },
      },
      orderBy: [{ createdAt: "asc" }, { batchId: "asc" }],
    })
  ).filter((r) => !r.code.disabled && r.allocation > r.used && r.codeId !== entered?.found.id);
  if (!entered && redemptions.length === 0) return [];

  const codeIds = [...(entered ? [entered.found.id] : []), ...redemptions.map((r) => r.codeId)];
  for (const id of [...codeIds].sort())
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`claim-code:${id}`}))`;
  // Holds first, then the landed counts: a mint landing in between is counted twice (safe), never missed.
  const [heldByAll, heldByWallet] = await Promise.all([
    heldCounts(tx, codeIds, now),
    heldCounts(tx, codeIds, now, wallet),
  ]);
  const [codes, enteredRedemption] = await Promise.all([
    tx.claimCode.findMany({ where: { id: { in: codeIds } }, select: { id: true, usesCount: true, maxUses: true } }),
    entered
      ? tx.claimCodeRedemption.findUnique({
          where: { codeId_walletAddress: { codeId: entered.found.id, walletAddress: wallet } },
          select: { allocation: true, used: true },
        })
      : null,
  ]);
  const roomOf = (codeId: string, share: { allocation: number; used: number }) => {
    const code = codes.find((c) => c.id === codeId)!;
    return claimCodeRoom({
      ...share,
      heldByWallet: heldByWallet.get(codeId) ?? 0,
      maxUses: code.maxUses,
      usesCount: code.usesCount,
      heldByAll: heldByAll.get(codeId) ?? 0,
    });
  };

  const grants: ClaimGrant[] = [];
  if (entered?.grantType === "whitelist") {
    // One use per wallet, taken by the first of its mints that lands: a redeemed code needs
    // no new use (its spots are read from the redemption); otherwise every session of the
    // prepare carries the code as its admission, and other wallets' holds count against it.
    if (enteredRedemption === null) {
      if (!(await admissionOpen(tx, entered.found.id, wallet, { now, holds: "live" })))
        throw invalid("This allowlist code has no uses left.");
      grants.push({ codeId: entered.found.id, kind: "allowlist", remaining: 1, percent: null, fixed: null });
    }
  } else if (entered) {
    const { found, grantType } = entered;
    const remaining = roomOf(
      found.id,
      enteredRedemption ?? { allocation: claimCodeAllocation({ ...found.batch, grantType }), used: 0 },
    );
    if (remaining === 0)
      throw invalid(
        "This claim code has no uses left for this wallet (its landed mints and live sessions count, and those of every wallet against the code's maximum).",
      );
    grants.push({
      codeId: found.id,
      kind: grantType === "discount" ? "discount" : "free",
      remaining,
      percent: found.batch.discountPercent,
      fixed: found.batch.discountFixed,
      packTierId: packTierOf(found.batch),
    });
  }
  for (const r of redemptions) {
    const remaining = roomOf(r.codeId, r);
    if (remaining === 0) continue;
    grants.push({
      codeId: r.codeId,
      kind: r.batch.grantType === "discount" ? "discount" : "free",
      remaining,
      percent: r.batch.discountPercent,
      fixed: r.batch.discountFixed,
      packTierId: packTierOf(r.batch),
    });
  }
  return grants;
}

/**
 * Whether an allowlist code can still admit this wallet, under the code's lock: it has
 * redeemed the code already, or the code's landed uses plus the other wallets admitted by
 * it and not yet redeemed stay under maxUses; and it is enabled and unexpired by the
 * database's clock. `holds: "live"` (prepare) counts other wallets' unexpired prepared
 * sessions too; `"in_flight"` (execute) only those being submitted, the ones that can land.
 */
export async function admissionOpen(
  tx: Pick<Tx, "$queryRaw">,
  codeId: string,
  wallet: string,
  options: { now: Date | null; holds: "live" | "in_flight" },
): Promise<boolean> {
  const live = options.holds === "live";
  const [row] = await tx.$queryRaw<Array<{ open: boolean }>>`
    SELECT (
      EXISTS (SELECT 1 FROM "ClaimCodeRedemption" r WHERE r."codeId" = c.id AND r."walletAddress" = ${wallet})
      OR c."maxUses" IS NULL
      OR c."usesCount" + (
        SELECT count(DISTINCT s."walletAddress") FROM "MintSession" s
        WHERE s."admissionCodeId" = c.id AND s."walletAddress" <> ${wallet}
          AND (s.status IN ('processing', 'pending')
            OR (${live} AND s.status = 'prepared' AND s."expiresAt" > COALESCE(${options.now}::timestamp, now()::timestamp)))
          AND NOT EXISTS (SELECT 1 FROM "ClaimCodeRedemption" r WHERE r."codeId" = c.id AND r."walletAddress" = s."walletAddress")
      ) < c."maxUses"
    ) AND NOT c.disabled AND (b."expiresAt" IS NULL OR b."expiresAt" > now()) AS open
    FROM "ClaimCode" c JOIN "ClaimCodeBatch" b ON b.id = c."batchId"
    WHERE c.id = ${codeId}::uuid`;
  return row?.open ?? false;
}

/** A pack code opens its tier; other kinds (and a pack batch without a tier) take any NFT. */
const packTierOf = (batch: { grantType: string; packTierId: string | null }) =>
  batch.grantType === "pack" ? batch.packTierId : null;

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

const APPLICABLE: ReadonlySet<string> = new Set<ApplicableGrantType>([
  "free_mint",
  "pack",
  "discount",
  "whitelist",
  "nft_redemption",
]);

export type EnteredCode = { found: FoundClaimCode; grantType: ApplicableGrantType };

/**
 * The code entered in the prepare body (normalized), checked before anything is locked, or
 * CLAIM_CODE_INVALID. One lookup by (drop, code) like the validate endpoint, so an unknown
 * code and another drop's code answer the same. An external code is redeemed on the
 * creator's page: CLAIM_CODE_EXTERNAL carries its URL.
 */
export async function checkEnteredCode(
  db: Pick<Tx, "claimCode">,
  where: Omit<Where, "wallet">,
  code: string,
): Promise<EnteredCode> {
  const found = await findClaimCode(db, where.collectionId, code);
  if (!found) throw invalid("This claim code is not valid for this drop.");
  const reason = claimCodeUnusableReason(found, where.now);
  if (reason) throw invalid(REASON_SENTENCES[reason]);
  if (found.batch.phaseId !== null && found.batch.phaseId !== where.phaseId)
    throw invalid("This claim code is for another phase of this drop.");
  if (found.batch.grantType === "external") {
    throw new AppError(
      "CLAIM_CODE_EXTERNAL",
      "This code is redeemed on the creator's own page (externalUrl), not by minting here. Nothing was reserved.",
      {
        extra: { externalUrl: found.batch.externalUrl },
      },
    );
  }
  if (!APPLICABLE.has(found.batch.grantType))
    throw invalid("This kind of claim code is not applied by prepare-mint; use the drop's hosted mint page.");
  return { found, grantType: found.batch.grantType as ApplicableGrantType };
}

/**
 * An NFT-redemption code redeems the NFT it names: the wallet must hold it now (read from the
 * chain), and each NFT is redeemed once per batch, whichever code names it (the mark is
 * written when the mint lands, record-mint.ts). The wallet whose mint redeemed it with this
 * code keeps the code's remaining uses (its redemption's share), held or not; the NFT backs
 * no other wallet and no other code.
 */
export async function assertRedeemableNft(
  db: Pick<Tx, "redeemedNft" | "claimCodeRedemption">,
  chain: Pick<Chain, "getMintOwners">,
  entered: EnteredCode,
  wallet: string,
): Promise<void> {
  if (entered.grantType !== "nft_redemption") return;
  const mint = entered.found.redeemNftMint;
  if (!mint) throw invalid("This redemption code names no NFT; ask the creator for a new one.");
  const [owners, redeemed, own] = await Promise.all([
    chain.getMintOwners([mint]),
    db.redeemedNft.findUnique({
      where: { batchId_nftMint: { batchId: entered.found.batchId, nftMint: mint } },
      select: { id: true },
    }),
    db.claimCodeRedemption.findUnique({
      where: { codeId_walletAddress: { codeId: entered.found.id, walletAddress: wallet } },
      select: { id: true },
    }),
  ]);
  if (own) return;
  if (redeemed) throw invalid("The NFT this code redeems has been redeemed already.");
  if (owners.get(mint) !== wallet) throw invalid("This code redeems an NFT this wallet does not hold.");
}

const REASON_SENTENCES = {
  disabled: "This claim code has been disabled.",
  expired: "This claim code has expired.",
  used_up: "This claim code has no uses left.",
} as const;

const invalid = (sentence: string) => new AppError("CLAIM_CODE_INVALID", sentence);

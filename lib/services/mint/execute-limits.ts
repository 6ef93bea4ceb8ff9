// Execute re-checks every limit a session was prepared under, under the locks prepare takes,
// in the transaction that claims the NFT (issue 21): what lands consumes the limit, so a
// limit checked only at prepare cannot be dodged by executing some sessions of a group, by
// passing a gate or redemption NFT on, or by an instance whose clock runs ahead.
//
// Read before the transaction (chain reads): the wallet's limit in the phase, recomputed as
// prepare computes it (allowlist, its admission code, gate NFTs not used by another wallet
// in the phase, override), and, for an NFT-redemption code, that the wallet holds the NFT
// now. Under the locks: the wallet's landed mints plus its other submits in flight stay
// under that limit, the phase's under phaseSupply, a code's landed plus in-flight uses
// under maxUses (enabled and unexpired by the database's clock), a redeemed NFT is not
// redeemed or being redeemed by another session, and the counted gate NFTs are bound to the
// wallet in the phase (GateTokenUse).
import type { Chain } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import type { MintSession, Prisma } from "@/lib/db/generated/client";
import { walletAllocation, walletMintLimit } from "@/lib/domain/allocation";
import { claimCodeAllocation } from "@/lib/domain/mint-pricing";
import { AppError } from "@/lib/errors";
import type { PhaseWithGates } from "@/lib/services/drop-snapshot";
import { loadWalletPhaseFacts, type WalletOwnRows } from "@/lib/services/eligibility";
import { admissionOpen } from "./claim-code-use";
import { lockPhase, lockWallet } from "./reservation";

type Tx = Prisma.TransactionClient;

export type ClaimLimits = {
  walletLimit: number | null;
  phaseSupply: number | null;
  gateMints: string[];
  code: { id: string; maxUses: number | null; redeems: { batchId: string; mint: string } | null } | null;
};

/** Whether the claim needs its transaction (a session without any limit is claimed in one statement). */
export const hasLimits = (session: MintSession, limits: ClaimLimits) =>
  limits.walletLimit !== null ||
  limits.phaseSupply !== null ||
  limits.code !== null ||
  limits.gateMints.length > 0 ||
  session.admissionCodeId !== null;

/** Step 1, before any lock: the limits, read afresh; NOT_ELIGIBLE or CLAIM_CODE_INVALID when they already refuse. */
export async function loadClaimLimits(
  db: Db,
  chain: Chain,
  session: MintSession,
  phase: PhaseWithGates | null,
  now: Date,
  /** The wallet's eligibility rows, when execute read them with its session (mint-gates.ts). */
  own?: WalletOwnRows,
): Promise<ClaimLimits> {
  const [wallet, code] = await Promise.all([
    phase ? walletLimitOf(db, chain, session, phase, now, own) : { limit: null, gateMints: [] },
    session.claimCodeId ? codeOf(db, chain, session.claimCodeId, session.walletAddress) : null,
  ]);
  return { walletLimit: wallet.limit, phaseSupply: phase?.phaseSupply ?? null, gateMints: wallet.gateMints, code };
}

async function walletLimitOf(
  db: Db,
  chain: Chain,
  session: MintSession,
  phase: PhaseWithGates,
  now: Date,
  own: WalletOwnRows | undefined,
) {
  const admission = session.admissionCodeId
    ? await db.claimCode.findUnique({
        where: { id: session.admissionCodeId },
        select: { id: true, batch: { select: { mintAllocation: true, discountUses: true } } },
      })
    : null;
  const { input, holdings } = await loadWalletPhaseFacts(db, chain, phase, session.walletAddress, {
    now,
    own,
    enteredAllowlistCode: admission && {
      codeId: admission.id,
      spots: claimCodeAllocation({ ...admission.batch, grantType: "whitelist" }),
    },
  });
  if (!walletAllocation(input).eligible)
    throw new AppError("NOT_ELIGIBLE", "This wallet no longer meets any requirement of this phase. Nothing was sent.");
  return { limit: walletMintLimit(input), gateMints: [...holdings.gateNfts.keys()] };
}

async function codeOf(db: Db, chain: Chain, codeId: string, wallet: string): Promise<ClaimLimits["code"]> {
  const code = await db.claimCode.findUniqueOrThrow({
    where: { id: codeId },
    select: { id: true, maxUses: true, batchId: true, redeemNftMint: true, batch: { select: { grantType: true } } },
  });
  const mint = code.batch.grantType === "nft_redemption" ? code.redeemNftMint : null;
  if (mint && !(await redeemedWith(db, code.id, wallet)))
    if ((await chain.getMintOwners([mint])).get(mint) !== wallet)
      throw codeRefused("This code redeems an NFT this wallet no longer holds. Nothing was sent.");
  return { id: code.id, maxUses: code.maxUses, redeems: mint ? { batchId: code.batchId, mint } : null };
}

/** Whether this wallet's landed mint redeemed this code: its remaining uses need the NFT no more. */
async function redeemedWith(db: Pick<Db, "claimCodeRedemption">, codeId: string, wallet: string) {
  const row = await db.claimCodeRedemption.findUnique({
    where: { codeId_walletAddress: { codeId, walletAddress: wallet } },
    select: { id: true },
  });
  return row !== null;
}

/**
 * Step 2, inside the claim's transaction, before the claim: the wallet's lock (the one its
 * prepares take), then each limit under its own lock. Throws the refusal; the transaction
 * then rolls back and the session stays as it was.
 */
export async function checkLimitsLocked(tx: Tx, session: MintSession, limits: ClaimLimits): Promise<void> {
  await lockWallet(tx, session.walletAddress);
  const others = { id: { not: session.id }, status: { in: ["processing" as const, "pending" as const] } };
  if (limits.walletLimit !== null) {
    const where = { phaseId: session.phaseId, walletAddress: session.walletAddress };
    const [minted, inFlight] = await Promise.all([
      tx.mint.count({ where }),
      tx.mintSession.count({ where: { ...where, ...others } }),
    ]);
    if (minted + inFlight + 1 > limits.walletLimit)
      throw new AppError(
        "WALLET_LIMIT_REACHED",
        "This wallet's mints in this phase (landed and being submitted) already reach its limit. Nothing was sent.",
      );
  }
  if (limits.phaseSupply !== null) {
    await lockPhase(tx, session.phaseId);
    const [minted, inFlight] = await Promise.all([
      tx.mint.count({ where: { phaseId: session.phaseId } }),
      tx.mintSession.count({ where: { phaseId: session.phaseId, ...others } }),
    ]);
    if (minted + inFlight + 1 > limits.phaseSupply) throw new AppError("SOLD_OUT", "This phase's supply has landed.");
  }
  if (session.admissionCodeId) {
    await lockCode(tx, session.admissionCodeId);
    if (!(await admissionOpen(tx, session.admissionCodeId, session.walletAddress, { now: null, holds: "in_flight" })))
      throw codeRefused("The allowlist code that admitted this mint has no uses left. Nothing was sent.");
  }
  if (limits.code) await checkCodeLocked(tx, session, limits.code, others);
}

async function checkCodeLocked(
  tx: Tx,
  session: MintSession,
  code: NonNullable<ClaimLimits["code"]>,
  others: Prisma.MintSessionWhereInput,
): Promise<void> {
  await lockCode(tx, code.id);
  const [row] = await tx.$queryRaw<Array<{ usable: boolean; usesCount: number }>>`
    SELECT NOT c.disabled AND (b."expiresAt" IS NULL OR b."expiresAt" > now()) AS usable, c."usesCount"
    FROM "ClaimCode" c JOIN "ClaimCodeBatch" b ON b.id = c."batchId" WHERE c.id = ${code.id}::uuid`;
  if (!row?.usable) throw codeRefused("The claim code of this mint is disabled or expired. Nothing was sent.");
  if (code.maxUses !== null) {
    const inFlight = await tx.mintSession.count({ where: { claimCodeId: code.id, ...others } });
    if (row.usesCount + inFlight + 1 > code.maxUses)
      throw codeRefused("The claim code of this mint has no uses left. Nothing was sent.");
  }
  if (code.redeems) {
    const { batchId, mint } = code.redeems;
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`redeem-nft:${batchId}:${mint}`}))`;
    // A redemption landed or in flight by another wallet or another code refuses; this wallet's
    // own sessions of this code spend its uses (counted above against maxUses, and at prepare
    // against its share), once its first mint has redeemed the NFT or alongside that mint.
    const [redeemed, own, redeeming] = await Promise.all([
      tx.redeemedNft.count({ where: { batchId, nftMint: mint } }),
      tx.claimCodeRedemption.count({ where: { codeId: code.id, walletAddress: session.walletAddress } }),
      tx.mintSession.count({
        where: {
          ...others,
          claimCode: { batchId, redeemNftMint: mint },
          NOT: { claimCodeId: code.id, walletAddress: session.walletAddress },
        },
      }),
    ]);
    if ((redeemed > 0 && own === 0) || redeeming > 0)
      throw codeRefused("The NFT this code redeems has been redeemed already. Nothing was sent.");
  }
}

/**
 * Step 3, after the claim in the same transaction: the gate NFTs the wallet's limit counted
 * are its own in this phase from now on. One that another wallet bound meanwhile refuses
 * the claim (the limit was counted with it).
 */
export async function bindGateNfts(tx: Tx, session: MintSession, gateMints: readonly string[]): Promise<void> {
  if (gateMints.length === 0) return;
  await tx.gateTokenUse.createMany({
    data: gateMints.map((mint) => ({ phaseId: session.phaseId, mint, walletAddress: session.walletAddress })),
    skipDuplicates: true,
  });
  const taken = await tx.gateTokenUse.count({
    where: { phaseId: session.phaseId, mint: { in: [...gateMints] }, walletAddress: { not: session.walletAddress } },
  });
  if (taken > 0)
    throw new AppError("NOT_ELIGIBLE", "A gate NFT this mint counted was used by another wallet. Nothing was sent.");
}

const lockCode = (tx: Tx, codeId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`claim-code:${codeId}`}))`;

const codeRefused = (sentence: string) => new AppError("CLAIM_CODE_INVALID", sentence);

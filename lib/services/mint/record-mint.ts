// Records a landed mint in ONE database transaction: the session minted, the NFT owned,
// the Mint row, the edition count, the claim-code use and the bounties it won. Idempotent:
// only a session still in one of `from` (processing/pending unless the release sweep
// found an ended session's mint on chain) is recorded, so the execute path and the
// reconciler can race without a double record.
import type { Db } from "@/lib/db/client";
import type { ClaimGrantType, SessionStatus } from "@/lib/db/generated/client";
import { claimCodeAllocation } from "@/lib/domain/mint-pricing";
import { fireBountyTriggers, type WonBounty } from "./bounty-triggers";

export type RecordOutcome = { recorded: true; awards: WonBounty[] } | { recorded: false };

/** `signature` is null only when the release sweep found the mint on chain for a session never submitted through execute. */
export async function recordMint(
  db: Db,
  sessionId: string,
  signature: string | null,
  options: {
    at: Date;
    /** Settled by the reconciler rather than the execute call: marked with recoveredAt (later executes answer the count only). */
    recovered?: boolean;
    from?: readonly SessionStatus[];
  },
): Promise<RecordOutcome> {
  const { at } = options;
  return db.$transaction(
    async (tx) => {
      const moved = await tx.mintSession.updateMany({
        where: { id: sessionId, status: { in: [...(options.from ?? ["processing", "pending"])] } },
        data: { status: "minted", ...(signature ? { signature } : {}), completedAt: at, lastError: null, recoveredAt: options.recovered ? at : null },
      });
      if (moved.count === 0) return { recorded: false as const };
      const session = await tx.mintSession.findUniqueOrThrow({
        where: { id: sessionId },
        include: { claimCode: { select: { id: true, batchId: true, batch: { select: { grantType: true, mintAllocation: true, discountUses: true } } } } },
      });
      if (!session.nftId) throw new Error(`mint session ${sessionId} has no NFT`);
      // Mint counts (bounty triggers) must see every earlier mint of the drop.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-record:${session.collectionId}`}))`;

      const nft = await tx.nft.update({
        where: { id: session.nftId },
        data: {
          status: "minted",
          mintAddress: session.mintAddress,
          ownerWallet: session.walletAddress,
          minterWallet: session.walletAddress,
          mintedAt: at,
          reservedBySession: null,
          reservedByWallet: null,
          reservedUntil: null,
        },
      });
      if (nft.masterNftId) {
        await tx.nft.update({ where: { id: nft.id }, data: { currentEditionSupply: 1 } });
        await tx.nft.update({ where: { id: nft.masterNftId }, data: { currentEditionSupply: { increment: 1 } } });
      }
      await tx.mint.create({
        data: {
          collectionId: session.collectionId,
          phaseId: session.phaseId,
          nftId: nft.id,
          sessionId: session.id,
          walletAddress: session.walletAddress,
          kind: session.kind,
          signature,
          pricePaid: session.priceAmount,
          feePaid: session.feeAmount,
          currency: session.currency,
          affiliateId: session.affiliateId,
          mintedAt: at,
        },
      });
      if (session.claimCode) {
        await tx.claimCode.update({ where: { id: session.claimCode.id }, data: { usesCount: { increment: 1 } } });
        await tx.claimCodeRedemption.upsert({
          where: { codeId_walletAddress: { codeId: session.claimCode.id, walletAddress: session.walletAddress } },
          // The first landed use redeems the code: the wallet's share is fixed then, for the benefits endpoint.
          create: {
            codeId: session.claimCode.id,
            batchId: session.claimCode.batchId,
            collectionId: session.collectionId,
            walletAddress: session.walletAddress,
            allocation: allocationOf(session.claimCode.batch),
            used: 1,
          },
          update: { used: { increment: 1 } },
        });
      }
      const awards = await fireBountyTriggers(tx, { collectionId: session.collectionId, nftId: nft.id, wallet: session.walletAddress, at });
      return { recorded: true as const, awards };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/** Only free_mint/pack and discount codes reach a session; any other kind redeems one use. */
function allocationOf(batch: { grantType: ClaimGrantType; mintAllocation: number | null; discountUses: number | null }): number {
  const { grantType } = batch;
  return grantType === "free_mint" || grantType === "pack" || grantType === "discount" ? claimCodeAllocation({ ...batch, grantType }) : 1;
}

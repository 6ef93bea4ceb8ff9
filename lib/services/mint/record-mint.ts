// Records a landed mint in ONE database transaction: the session minted, the NFT owned,
// the Mint row, the edition count, the claim-code use and the bounties it won. Idempotent:
// only a session still in one of `from` (processing/pending unless the release sweep
// found an ended session's mint on chain) is recorded, so the execute path and the
// reconciler can race without a double record.
import { countMintStage } from "@/lib/metrics";
import type { Db } from "@/lib/db/client";
import type { ClaimGrantType, MintKind, Nft, Prisma, SessionStatus } from "@/lib/db/generated/client";
import { claimCodeAllocation } from "@/lib/domain/mint-pricing";
import { fireBountyTriggers, type WonBounty } from "./bounty-triggers";

type Tx = Prisma.TransactionClient;

/**
 * Recorded: the minted NFT's row and the bounties the mint won. The one-statement path also
 * says the drop's mint count as of the record (its own included) and whether the session's
 * group has carried bonuses waiting, so execute needs no statement of its own for them.
 */
export type RecordOutcome =
  | { recorded: true; nft: Nft; awards: WonBounty[]; mintedCount?: number; bonusesWaiting?: boolean }
  | { recorded: false };

type MovedSession = {
  id: string;
  nftId: string | null;
  collectionId: string;
  phaseId: string;
  walletAddress: string;
  kind: MintKind;
  priceAmount: bigint;
  feeAmount: bigint;
  currency: string;
  affiliateId: string | null;
  mintAddress: string;
  claimCodeId: string | null;
  admissionCodeId: string | null;
  /** Whether the drop has bounties a mint may trigger: only then are its mints counted under its lock. */
  bountiesArmed: boolean;
};

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
  const fast = await recordPlainMint(db, sessionId, signature, options);
  if (fast) {
    countMintStage("landed");
    return fast;
  }
  const { at } = options;
  const outcome = await db.$transaction(
    async (tx) => {
      // One statement: the session moves to minted (only from `from`: the idempotence) and says what the rest needs.
      const [session] = await tx.$queryRaw<MovedSession[]>`
        WITH moved AS (
          UPDATE "MintSession"
          SET status = 'minted', signature = COALESCE(${signature}, signature), "completedAt" = ${at}, "lastError" = NULL,
              "recoveredAt" = ${options.recovered ? at : null}, "updatedAt" = ${at}
          WHERE id = ${sessionId}::uuid AND status::text = ANY(${[...(options.from ?? ["processing", "pending"])]}::text[])
          RETURNING id, "nftId", "collectionId", "phaseId", "walletAddress", kind, "priceAmount", "feeAmount", currency, "affiliateId", "mintAddress", "claimCodeId", "admissionCodeId"
        )
        SELECT moved.*,
          EXISTS (SELECT 1 FROM "Bounty" b WHERE b."collectionId" = moved."collectionId" AND b."isClaimed" = false AND b."triggerMintCount" IS NOT NULL)
            OR EXISTS (SELECT 1 FROM "BountyPool" p WHERE p."collectionId" = moved."collectionId") AS "bountiesArmed"
        FROM moved`;
      if (!session) return { recorded: false as const };
      if (!session.nftId) throw new Error(`mint session ${sessionId} has no NFT`);
      const claimCode = session.claimCodeId
        ? await tx.claimCode.findUniqueOrThrow({
            where: { id: session.claimCodeId },
            select: {
              id: true,
              batchId: true,
              redeemNftMint: true,
              batch: { select: { grantType: true, mintAllocation: true, discountUses: true } },
            },
          })
        : null;
      // Mint counts (bounty triggers) must see every earlier mint of the drop.
      if (session.bountiesArmed)
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-record:${session.collectionId}`}))`;

      let nft = await tx.nft.update({
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
      const masterNftId = nft.masterNftId;
      if (masterNftId) {
        nft = await tx.nft.update({ where: { id: nft.id }, data: { currentEditionSupply: 1 } });
        await tx.nft.update({ where: { id: masterNftId }, data: { currentEditionSupply: { increment: 1 } } });
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
      if (claimCode) {
        await tx.claimCode.update({ where: { id: claimCode.id }, data: { usesCount: { increment: 1 } } });
        await tx.claimCodeRedemption.upsert({
          where: { codeId_walletAddress: { codeId: claimCode.id, walletAddress: session.walletAddress } },
          // The first landed use redeems the code: the wallet's share is fixed then, for the benefits endpoint.
          create: {
            codeId: claimCode.id,
            batchId: claimCode.batchId,
            collectionId: session.collectionId,
            walletAddress: session.walletAddress,
            allocation: allocationOf(claimCode.batch),
            used: 1,
          },
          update: { used: { increment: 1 } },
        });
        // The redeemed NFT is marked once per batch (a second code naming it is refused at prepare).
        if (claimCode.batch.grantType === "nft_redemption" && claimCode.redeemNftMint) {
          await tx.redeemedNft.createMany({
            data: [
              { batchId: claimCode.batchId, nftMint: claimCode.redeemNftMint, walletAddress: session.walletAddress },
            ],
            skipDuplicates: true,
          });
        }
      }
      if (session.admissionCodeId) await redeemAdmission(tx, session as MovedSession & { admissionCodeId: string });
      const awards = session.bountiesArmed
        ? await fireBountyTriggers(tx, {
            collectionId: session.collectionId,
            nftId: nft.id,
            wallet: session.walletAddress,
            at,
          })
        : [];
      return { recorded: true as const, nft, awards };
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
  if (outcome.recorded) countMintStage("landed");
  return outcome;
}

type PlainRecord = Nft & { mintedCount: number; bonusesWaiting: boolean };

/**
 * The common mint (no claim code, no admission code, no armed bounty, not an edition of a
 * master) recorded in ONE statement, without a transaction around it (issue 27: BEGIN, three
 * writes and COMMIT were five round trips): the session to minted, its NFT owned, the Mint
 * row. A statement is atomic on its own, and the session's conditional update is the
 * idempotence as in the transaction. Null when the session is not one of these (or not in
 * `from`): recordMint's transaction then decides, and answers not recorded if nothing moves.
 */
async function recordPlainMint(
  db: Db,
  sessionId: string,
  signature: string | null,
  options: { at: Date; recovered?: boolean; from?: readonly SessionStatus[] },
): Promise<RecordOutcome | null> {
  const { at } = options;
  const [row] = await db.$queryRaw<PlainRecord[]>`
    WITH moved AS (
      UPDATE "MintSession" s
      SET status = 'minted', signature = COALESCE(${signature}, signature), "completedAt" = ${at}, "lastError" = NULL,
          "recoveredAt" = ${options.recovered ? at : null}, "updatedAt" = ${at}
      WHERE s.id = ${sessionId}::uuid AND s.status::text = ANY(${[...(options.from ?? ["processing", "pending"])]}::text[])
        AND s."claimCodeId" IS NULL AND s."admissionCodeId" IS NULL
        -- Its NFT exists and is no edition of a master (which counts its editions): then the three writes go together.
        AND EXISTS (SELECT 1 FROM "Nft" n WHERE n.id = s."nftId" AND n."masterNftId" IS NULL)
        AND NOT EXISTS (SELECT 1 FROM "Bounty" b WHERE b."collectionId" = s."collectionId" AND b."isClaimed" = false AND b."triggerMintCount" IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM "BountyPool" p WHERE p."collectionId" = s."collectionId")
      RETURNING s.id, s."groupId", s."nftId", s."collectionId", s."phaseId", s."walletAddress", s.kind, s."priceAmount",
        s."feeAmount", s.currency, s."affiliateId", s."mintAddress"
    ), owned AS (
      UPDATE "Nft" n
      SET status = 'minted', "mintAddress" = moved."mintAddress", "ownerWallet" = moved."walletAddress",
          "minterWallet" = moved."walletAddress", "mintedAt" = ${at},
          "reservedBySession" = NULL, "reservedByWallet" = NULL, "reservedUntil" = NULL
      FROM moved WHERE n.id = moved."nftId"
      RETURNING n.*
    ), recorded AS (
      INSERT INTO "Mint" (id, "collectionId", "phaseId", "nftId", "sessionId", "walletAddress", kind, signature,
        "pricePaid", "feePaid", currency, "affiliateId", "mintedAt")
      SELECT ${crypto.randomUUID()}::uuid, moved."collectionId", moved."phaseId", owned.id, moved.id, moved."walletAddress",
        moved.kind, ${signature}, moved."priceAmount", moved."feeAmount", moved.currency, moved."affiliateId", ${at}
      FROM moved JOIN owned ON owned.id = moved."nftId"
      RETURNING id
    )
    SELECT owned.*,
      -- The statement's snapshot does not see its own insert: + 1.
      ((SELECT count(*) FROM "Mint" WHERE "collectionId" = moved."collectionId") + 1)::int AS "mintedCount",
      EXISTS (SELECT 1 FROM "MintSession" b WHERE b."groupId" = moved."groupId" AND b.kind = 'bogo_bonus' AND b.status = 'prepared') AS "bonusesWaiting"
    FROM moved JOIN owned ON owned.id = moved."nftId" JOIN recorded ON true`;
  if (!row) return null;
  const { mintedCount, bonusesWaiting, ...nft } = row;
  return { recorded: true, nft, awards: [], mintedCount, bonusesWaiting };
}

/**
 * The first landed mint of a wallet admitted by an allowlist code redeems it: one use of the
 * code, and the wallet's spots from then on. Later mints of the wallet (its other sessions
 * of the group) find the redemption there and take nothing more.
 */
async function redeemAdmission(tx: Tx, session: MovedSession & { admissionCodeId: string }): Promise<void> {
  const code = await tx.claimCode.findUniqueOrThrow({
    where: { id: session.admissionCodeId },
    select: {
      id: true,
      batchId: true,
      batch: { select: { grantType: true, mintAllocation: true, discountUses: true } },
    },
  });
  const created = await tx.claimCodeRedemption.createMany({
    data: [
      {
        codeId: code.id,
        batchId: code.batchId,
        collectionId: session.collectionId,
        walletAddress: session.walletAddress,
        allocation: allocationOf(code.batch),
        used: 1,
      },
    ],
    skipDuplicates: true,
  });
  if (created.count === 1) await tx.claimCode.update({ where: { id: code.id }, data: { usesCount: { increment: 1 } } });
}

/** Every kind but external reaches a session (external codes are answered with their URL). */
function allocationOf(batch: {
  grantType: ClaimGrantType;
  mintAllocation: number | null;
  discountUses: number | null;
}): number {
  const { grantType } = batch;
  return grantType === "external" ? 1 : claimCodeAllocation({ ...batch, grantType });
}

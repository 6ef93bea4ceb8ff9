// Ending mint sessions, and freeing the NFTs they held only once that is safe.
//
// Ending a session (expired, failed, released) and freeing its NFT are two steps. A
// session ends at once; its NFT stays reserved until its transaction can never land: the
// chain's block height is past the transaction's last valid block height AND the NFT's
// mint account does not exist. If the account exists the mint landed after all, and it is
// recorded (the reconciler's path), never freed. So a transaction that reached an RPC
// node (a failed submit, an abandoned execute) cannot mint an NFT that was sold again.
//
// The one exception is superseding: a wallet's unsigned sessions, replaced by its newer
// prepare, were never signed by the server, so they can never land; they end as
// `superseded` and their NFTs are freed in the same statement (settleWallet, reservation.ts).
import type { Db } from "@/lib/db/client";
import type { Prisma, SessionStatus } from "@/lib/db/generated/client";
import type { ServiceContext } from "@/lib/services/context";
import { createLogger } from "@/lib/log";
import { countMintStage } from "@/lib/metrics";
import { recordMint } from "./record-mint";

const log = createLogger("mint");

type Tx = Prisma.TransactionClient;
type EndState = Extract<SessionStatus, "expired" | "released" | "failed">;

/** Frees the rows a session still holds (a row re-reserved by another session is not touched). */
async function freeNftsOf(tx: Tx, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const freed = await tx.nft.updateMany({
    where: { reservedBySession: { in: [...sessionIds] }, status: "reserved" },
    data: { status: "available", reservedBySession: null, reservedByWallet: null, reservedUntil: null },
  });
  return freed.count;
}

/**
 * Ends one session if it is still in one of `from`; returns whether it did. Conditional,
 * so a session that minted meanwhile is never ended. Its NFT stays reserved until
 * releaseDeadSessions has made sure the transaction can no longer land.
 */
export async function endSession(
  db: Db,
  sessionId: string,
  to: EndState,
  options: { from: readonly SessionStatus[]; at: Date; lastError?: string },
): Promise<boolean> {
  const moved = await db.mintSession.updateMany({
    where: { id: sessionId, status: { in: [...options.from] } },
    data: {
      status: to,
      completedAt: options.at,
      ...(options.lastError ? { lastError: options.lastError.slice(0, 500) } : {}),
    },
  });
  if (to !== "released") countMintStage(to, moved.count);
  return moved.count > 0;
}

export type ReleaseReport = { expired: number; freed: number; recovered: number };

// Per instance: when prepare last swept each drop (lib/domain/mint-session.ts says how often).
const lastSweepAt = new Map<string, number>();

/** Sweeps the drop's dead sessions unless one started within `minIntervalMs`; returns whether this call swept. */
export async function sweepDropSessions(
  ctx: ServiceContext,
  collectionId: string,
  minIntervalMs: number,
): Promise<boolean> {
  const now = performance.now();
  if (now - (lastSweepAt.get(collectionId) ?? -Infinity) < minIntervalMs) return false;
  lastSweepAt.set(collectionId, now);
  if (lastSweepAt.size > 10_000) lastSweepAt.delete(lastSweepAt.keys().next().value!);
  await releaseDeadSessions(ctx, { collectionId, limit: 50 });
  return true;
}

type HeldBy = { id: string; mintAddress: string; lastValidBlockHeight: bigint; signature: string | null };

/**
 * Expires the prepared sessions past their lifetime (database clock), then frees the NFTs
 * of ended sessions whose transaction can no longer land, and records the ones that did
 * land. `collectionId` limits it to one drop (prepare runs it for its drop).
 */
export async function releaseDeadSessions(
  ctx: ServiceContext,
  options: { collectionId?: string; limit?: number } = {},
): Promise<ReleaseReport> {
  const { db, chain } = ctx;
  const report: ReleaseReport = { expired: 0, freed: 0, recovered: 0 };
  const collectionId = options.collectionId ?? null;
  report.expired = await db.$executeRaw`
    UPDATE "MintSession" SET status = 'expired', "completedAt" = now(), "updatedAt" = now()
    WHERE status = 'prepared' AND "expiresAt" <= now() AND (${collectionId}::uuid IS NULL OR "collectionId" = ${collectionId}::uuid)`;
  countMintStage("expired", report.expired);
  const held = await db.$queryRaw<HeldBy[]>`
    SELECT s.id, s."mintAddress", s."lastValidBlockHeight", s.signature
    FROM "MintSession" s JOIN "Nft" n ON n."reservedBySession" = s.id AND n.status = 'reserved'
    WHERE s.status IN ('expired', 'failed', 'released') AND (${collectionId}::uuid IS NULL OR s."collectionId" = ${collectionId}::uuid)
    ORDER BY s."lastValidBlockHeight"
    LIMIT ${options.limit ?? 200}`;
  if (held.length === 0) return report;

  const height = await chain.getBlockHeight();
  for (const session of held) {
    if (session.lastValidBlockHeight >= height) break; // ordered: the rest can still land too
    try {
      if (await chain.getAccountInfo(session.mintAddress)) {
        const outcome = await recordMint(db, session.id, session.signature, {
          at: ctx.clock.now(),
          recovered: true,
          from: ["expired", "failed", "released"],
        });
        if (outcome.recorded) report.recovered += 1;
        continue;
      }
      report.freed += await db.$transaction((tx) => freeNftsOf(tx, [session.id]));
    } catch (error) {
      log.warn(`could not settle the NFT of mint session ${session.id}`, error);
    }
  }
  return report;
}

// Ending a session without a mint: its status moves on and the NFT it held becomes
// mintable again at once. Reads already treat an expired reservation as available; the
// sweep makes the rows say so too.
import type { Db } from "@/lib/db/client";
import type { Prisma, SessionStatus } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;
type EndState = Extract<SessionStatus, "expired" | "released" | "failed">;

/** Frees the rows a session still holds (a row re-reserved by another session is not touched). */
async function freeNftsOf(tx: Tx, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await tx.nft.updateMany({
    where: { reservedBySession: { in: [...sessionIds] }, status: "reserved" },
    data: { status: "available", reservedBySession: null, reservedByWallet: null, reservedUntil: null },
  });
}

/**
 * Ends one session if it is still in one of `from`; returns whether it did. Conditional,
 * so a session that minted meanwhile is never released.
 */
export async function endSession(
  db: Db,
  sessionId: string,
  to: EndState,
  options: { from: readonly SessionStatus[]; lastError?: string },
): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const moved = await tx.mintSession.updateMany({
      where: { id: sessionId, status: { in: [...options.from] } },
      data: { status: to, completedAt: new Date(), ...(options.lastError ? { lastError: options.lastError.slice(0, 500) } : {}) },
    });
    if (moved.count === 0) return false;
    await freeNftsOf(tx, [sessionId]);
    return true;
  });
}

/** Expires every prepared session past its lifetime and frees its NFT. Returns how many. */
export async function sweepExpiredSessions(db: Db, now = new Date()): Promise<number> {
  return db.$transaction(async (tx) => {
    const expired = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "MintSession" SET status = 'expired', "completedAt" = ${now}, "updatedAt" = ${now}
      WHERE status = 'prepared' AND "expiresAt" <= ${now}
      RETURNING id`;
    await freeNftsOf(tx, expired.map((row) => row.id));
    return expired.length;
  });
}

// A wallet block (operator-placed, per drop or everywhere) refuses prepare and execute alike:
// a block placed after prepare still stops the mint, since the server signs only at execute.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** Throws WALLET_BLOCKED (with reason, blockedUntil, permanent) while a block on this wallet and drop is in force. */
export async function assertWalletNotBlocked(db: Db, collectionId: string, wallet: string, now: Date): Promise<void> {
  const block = await db.walletBlock.findFirst({
    where: {
      walletAddress: wallet,
      OR: [{ collectionId: null }, { collectionId }],
      AND: [{ OR: [{ permanent: true }, { blockedUntil: { gt: now } }] }],
    },
    orderBy: [{ permanent: "desc" }, { blockedUntil: "desc" }],
  });
  if (!block) return;
  throw new AppError("WALLET_BLOCKED", "This wallet cannot mint this drop right now.", {
    extra: {
      reason: block.reason,
      blockedUntil: block.permanent ? null : (block.blockedUntil?.toISOString() ?? null),
      permanent: block.permanent,
    },
  });
}

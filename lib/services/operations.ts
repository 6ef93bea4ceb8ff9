// What is still owed, for an operator's dashboard (GET /metrics): mint sessions the
// reconciler has yet to settle, and bounty prizes the payout worker has yet to pay. Read
// when scraped, in one statement.
import type { Db } from "@/lib/db/client";

export type Backlogs = {
  /** Submitted with an outcome still unknown, or ended while their NFT is still held (sessions.ts). */
  reconciler: number;
  /** Prizes won and not yet paid out. */
  payouts: number;
};

export async function countBacklogs(db: Db): Promise<Backlogs> {
  const [row] = await db.$queryRaw<Array<{ unsettled: number; held: number; payouts: number }>>`
    SELECT
      (SELECT count(*) FROM "MintSession" WHERE status IN ('processing', 'pending'))::int AS unsettled,
      (SELECT count(DISTINCT s.id) FROM "MintSession" s
         JOIN "Nft" n ON n."reservedBySession" = s.id AND n.status = 'reserved'
         WHERE s.status IN ('expired', 'failed', 'released'))::int AS held,
      (SELECT count(*) FROM "BountyAward" WHERE "payoutStatus" = 'pending')::int AS payouts`;
  return { reconciler: (row?.unsettled ?? 0) + (row?.held ?? 0), payouts: row?.payouts ?? 0 };
}

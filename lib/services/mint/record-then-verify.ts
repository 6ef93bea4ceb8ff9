// Prepare's common path without a transaction or a lock (issue 27): a holder's prepares no
// longer wait for each other, and a prepare is 3 statements (the gates, then these two).
//
// 1. reserveAndRecord: one statement supersedes what this caller may end, claims the NFTs
//    (FOR UPDATE SKIP LOCKED: supply stays exact) and records a session per NFT, its
//    transaction not built yet (an empty message no signed transaction can match).
// 2. The transactions are built from the reserved NFTs.
// 3. fillAndVerify: one statement, in a snapshot taken after step 1 committed, counts the
//    holder's live holds in the phase and the wallet's usage, its own sessions included,
//    and either fills the sessions in or deletes them and frees their NFTs.
//
// Why the count after the record is exact without a lock: of any set of prepares that all
// passed, the one whose step 3 began last saw every other one's step 1 (each committed
// before its own step 3, so before that last step 3 began), so it counted the whole set
// against the limit. Two racing prepares can both refuse (each saw the other), never both
// pass over the limit. The transactional path (prepare.ts) runs the same check after its
// COMMIT, so the two paths count each other too.
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import type { Holder } from "@/lib/domain/hold-share";
import type { ReservedNft } from "./reservation";

/** The database clock as the columns store it (UTC, milliseconds). */
const CLOCK = Prisma.sql`date_trunc('milliseconds', now() AT TIME ZONE 'UTC')`;

export type RecordInput = {
  collectionId: string;
  phaseId: string;
  wallet: string;
  holder: Holder;
  /** One per NFT wanted; the reserved rows name theirs. */
  sessionIds: readonly string[];
  mintAddresses: readonly string[];
  groupId: string;
  lifetimeMs: number;
  blockhash: string;
  lastValidBlockHeight: bigint;
  currency: string;
  affiliateId: string | null;
  walletProvider: string | null;
};

export type Recorded = { nfts: ReservedNft[]; superseded: number; now: Date; expiresAt: Date };

/**
 * Step 1, one statement: the wallet's earlier unsigned sessions in the drop that this caller
 * may end are superseded (settleWallet's rule), up to `sessionIds.length` untiered NFTs are
 * reserved in the drop's order (the superseded sessions' NFTs among them: freed otherwise),
 * and a session is recorded for each. Fewer NFTs than asked when supply is short (the
 * caller then decides).
 */
export async function reserveAndRecord(db: Pick<Db, "$queryRaw">, input: RecordInput): Promise<Recorded> {
  const { collectionId, phaseId, wallet, holder, sessionIds } = input;
  const [row] = await db.$queryRaw<Array<{ nfts: ReservedNft[] | null; superseded: number; now: Date }>>`
    WITH clock AS (SELECT ${CLOCK} AS now, ${CLOCK} + ${input.lifetimeMs} * interval '1 millisecond' AS until),
    superseded AS (
      UPDATE "MintSession" SET status = 'superseded', "completedAt" = (SELECT now FROM clock), "updatedAt" = (SELECT now FROM clock)
      WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${wallet} AND status = 'prepared'
        AND ("holderKey" = ${holder.key} OR ("walletProven" AND ${holder.walletProven}))
      RETURNING id
    ), released AS (
      -- The superseded sessions' NFTs: free again, and first in line for this prepare when the
      -- drop's order puts them there (a re-prepare keeps its place, as the transactional path's does).
      SELECT id, "reservationWallet", "fairPosition", "editionNumber", "tokenId",
        ("packTierName" IS NULL AND "isMasterEdition" = false AND ("reservationWallet" IS NULL OR "reservationWallet" = ${wallet})) AS eligible
      FROM "Nft" WHERE "reservedBySession" IN (SELECT id FROM superseded) AND status = 'reserved'
    ), available AS (
      SELECT id, "reservationWallet", "fairPosition", "editionNumber", "tokenId" FROM "Nft"
      WHERE "collectionId" = ${collectionId}::uuid AND "isMasterEdition" = false
        AND status = 'available' AND "packTierName" IS NULL
        AND ("reservationWallet" IS NULL OR "reservationWallet" = ${wallet})
      ORDER BY ("reservationWallet" IS NULL), "fairPosition" ASC NULLS LAST, "editionNumber" ASC NULLS LAST, "tokenId" ASC NULLS LAST, id
      LIMIT ${sessionIds.length}
      FOR UPDATE SKIP LOCKED
    ), numbered AS (
      -- A fair drop's committed order first (lib/domain/fair-order.ts); every other drop has no positions.
      SELECT id, row_number() OVER (ORDER BY ("reservationWallet" IS NULL), "fairPosition" ASC NULLS LAST,
        "editionNumber" ASC NULLS LAST, "tokenId" ASC NULLS LAST, id) AS n
      FROM (SELECT id, "reservationWallet", "fairPosition", "editionNumber", "tokenId" FROM released WHERE eligible
            UNION ALL SELECT * FROM available) c
    ), moved AS (
      -- One update per row: taken for one of the sessions (n within the count), or freed.
      UPDATE "Nft" AS nft
      SET status = CASE WHEN k.n <= ${sessionIds.length} THEN 'reserved' ELSE 'available' END::"NftStatus",
        "reservedByWallet" = CASE WHEN k.n <= ${sessionIds.length} THEN ${wallet} END,
        "reservedUntil" = CASE WHEN k.n <= ${sessionIds.length} THEN (SELECT until FROM clock) END,
        "reservedBySession" = CASE WHEN k.n <= ${sessionIds.length} THEN (${[...sessionIds]}::uuid[])[k.n] END
      FROM (SELECT id, n FROM numbered UNION ALL SELECT id, NULL FROM released WHERE NOT eligible) k
      WHERE nft.id = k.id AND (nft.status = 'available' OR nft."reservedBySession" IN (SELECT id FROM superseded))
      RETURNING nft.id, nft."tokenId", nft."editionNumber", nft.name, nft."rarityRank", nft."reservedBySession" AS "sessionId", k.n
    ), reserved AS (
      SELECT * FROM moved WHERE n <= ${sessionIds.length}
    ), recorded AS (
      INSERT INTO "MintSession" (id, "groupId", "groupSize", "collectionId", "phaseId", "nftId", "walletAddress", status,
        "messageBase64", "mintAddress", blockhash, "lastValidBlockHeight", currency, "affiliateId", "walletProvider",
        "holderKey", "walletProven", "expiresAt", "createdAt", "updatedAt")
      SELECT r."sessionId", ${input.groupId}::uuid, 0, ${collectionId}::uuid, ${phaseId}::uuid, r.id, ${wallet}, 'prepared',
        '', (${[...input.mintAddresses]}::text[])[r.n], ${input.blockhash}, ${input.lastValidBlockHeight}, ${input.currency},
        ${input.affiliateId}::uuid, ${input.walletProvider}, ${holder.key}, ${holder.walletProven}, c.until, c.now, c.now
      FROM reserved r, clock c
      RETURNING id
    )
    SELECT (SELECT json_agg(json_build_object('id', id, 'tokenId', "tokenId", 'editionNumber', "editionNumber", 'name', name,
        'rarityRank', "rarityRank", 'sessionId', "sessionId") ORDER BY n) FROM reserved) AS nfts,
      (SELECT count(*) FROM superseded)::int AS superseded,
      (SELECT count(*) FROM recorded)::int AS recorded,
      (SELECT now FROM clock) AS now`;
  const now = row!.now;
  return {
    nfts: row!.nfts ?? [],
    superseded: row!.superseded,
    now,
    expiresAt: new Date(now.getTime() + input.lifetimeMs),
  };
}

/** What the built transactions put in their sessions (step 3). */
export type SessionFill = {
  id: string;
  messageBase64: string;
  kind: string;
  priceAmount: bigint;
  feeAmount: bigint;
  walletDebit: bigint;
  pricing: unknown;
  claimCodeId: string | null;
};

export type VerifyInput = {
  phaseId: string;
  wallet: string;
  holderKey: string;
  /** The holder's share of the phase; null is none. */
  holdShare: number | null;
  /** The wallet's mints allowed in the phase; null is unlimited. */
  walletLimit: number | null;
  sessionIds: readonly string[];
  /** Null: only the check (the transactional path, after its COMMIT). */
  fill: { groupSize: number; sessions: readonly SessionFill[] } | null;
};

export type Verdict = {
  refusal: "HOLD_LIMIT_REACHED" | "WALLET_LIMIT_REACHED" | null;
  holderFirstEndsAt: Date | null;
  /** What was counted, these sessions included: a refused prepare plans again from them. */
  held: number;
  used: number;
};

/**
 * Step 3, one statement: the holder's live unsigned holds in the phase and the wallet's usage
 * there (its mints, its signed sessions, and the unsigned ones its owner or this caller
 * started), these sessions included, against the share and the limit. Within them: the
 * sessions are filled in. Over either: they are deleted and their NFTs freed (never handed
 * out, so they end no hold and cool nobody down).
 */
export async function fillAndVerify(db: Pick<Db, "$queryRaw">, input: VerifyInput): Promise<Verdict> {
  const { phaseId, wallet, holderKey, sessionIds } = input;
  const ids = [...sessionIds];
  const fills = input.fill?.sessions ?? [];
  const column = <T>(pick: (f: SessionFill) => T) => fills.map(pick);
  const [row] = await db.$queryRaw<Array<Verdict>>`
    WITH clock AS (SELECT now() AT TIME ZONE 'UTC' AS now),
    holder AS (
      SELECT count(*)::int AS held, min("expiresAt") AS "firstEndsAt" FROM "MintSession"
      WHERE "phaseId" = ${phaseId}::uuid AND "holderKey" = ${holderKey} AND status = 'prepared'
        AND "expiresAt" > (SELECT now FROM clock)
    ), usage AS (
      SELECT ((SELECT count(*) FROM "Mint" WHERE "phaseId" = ${phaseId}::uuid AND "walletAddress" = ${wallet})
        + (SELECT count(*) FROM "MintSession" WHERE "phaseId" = ${phaseId}::uuid AND "walletAddress" = ${wallet}
           AND (status IN ('processing', 'pending') OR (status = 'prepared' AND "expiresAt" > (SELECT now FROM clock)
             AND ("walletProven" OR "holderKey" = ${holderKey})))))::int AS used
    ), verdict AS (
      SELECT CASE
        WHEN ${input.holdShare}::int IS NOT NULL AND holder.held > ${input.holdShare}::int THEN 'HOLD_LIMIT_REACHED'
        WHEN ${input.walletLimit}::int IS NOT NULL AND usage.used > ${input.walletLimit}::int THEN 'WALLET_LIMIT_REACHED'
      END AS refusal
      FROM holder, usage
    ), fill AS (
      SELECT * FROM unnest(${column((f) => f.id)}::uuid[], ${column((f) => f.messageBase64)}::text[],
        ${column((f) => f.kind)}::text[], ${column((f) => f.priceAmount.toString())}::text[],
        ${column((f) => f.feeAmount.toString())}::text[], ${column((f) => f.walletDebit.toString())}::text[],
        ${column((f) => JSON.stringify(f.pricing))}::text[], ${column((f) => f.claimCodeId)}::uuid[])
        AS f(id, message, kind, price, fee, debit, pricing, code)
    ), filled AS (
      UPDATE "MintSession" s
      SET "messageBase64" = f.message, kind = f.kind::"MintKind", "priceAmount" = f.price::bigint, "feeAmount" = f.fee::bigint,
        "walletDebit" = f.debit::bigint, pricing = f.pricing::jsonb, "claimCodeId" = f.code, "groupSize" = ${input.fill?.groupSize ?? 0}
      FROM fill f WHERE s.id = f.id AND (SELECT refusal FROM verdict) IS NULL
      RETURNING s.id
    ), dropped AS (
      DELETE FROM "MintSession" WHERE id = ANY(${ids}::uuid[]) AND (SELECT refusal FROM verdict) IS NOT NULL
      RETURNING id
    ), freed AS (
      UPDATE "Nft" SET status = 'available', "reservedBySession" = NULL, "reservedByWallet" = NULL, "reservedUntil" = NULL
      WHERE "reservedBySession" = ANY(${ids}::uuid[]) AND status = 'reserved' AND (SELECT refusal FROM verdict) IS NOT NULL
      RETURNING id
    )
    SELECT (SELECT refusal FROM verdict) AS refusal, (SELECT "firstEndsAt" FROM holder) AS "holderFirstEndsAt",
      (SELECT held FROM holder) AS held, (SELECT used FROM usage) AS used`;
  return row!;
}

/** Deletes sessions that were never handed out and frees their NFTs: a short or refused prepare's. */
export async function dropRecorded(db: Pick<Db, "$queryRaw">, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return;
  const ids = [...sessionIds];
  await db.$queryRaw`
    WITH dropped AS (DELETE FROM "MintSession" WHERE id = ANY(${ids}::uuid[]) AND status = 'prepared' RETURNING id)
    UPDATE "Nft" SET status = 'available', "reservedBySession" = NULL, "reservedByWallet" = NULL, "reservedUntil" = NULL
    WHERE "reservedBySession" = ANY(${ids}::uuid[]) AND status = 'reserved'
    RETURNING id`;
}

/** What the gates statement reads for the common path's plan (as settleWallet counts it, before its supersede). */
export type WalletPreview = {
  phaseUsage: number;
  inFlightDebit: string;
  hasRedemptions: boolean;
  holderHeld: number;
  holderFirstEndsAt: string | null;
};

/**
 * A column expression for the gates statement (mint-gates.ts): the wallet's usage in the phase
 * and the holder's live holds there, leaving out what this prepare will supersede, what its
 * submits in flight will take, and whether it redeemed codes in the drop. Read without a lock:
 * only for planning; fillAndVerify decides.
 */
export function walletPreviewSql(where: {
  collectionId: string;
  phaseId: string;
  wallet: string;
  holder: Holder;
  now: Date;
}): Prisma.Sql {
  const { collectionId, phaseId, wallet, holder, now } = where;
  // What reserveAndRecord will supersede: counted neither as the wallet's usage nor as the holder's.
  const stays = Prisma.sql`NOT ("collectionId" = ${collectionId}::uuid AND "walletAddress" = ${wallet} AND status = 'prepared'
    AND ("holderKey" = ${holder.key} OR ("walletProven" AND ${holder.walletProven})))`;
  const holderLive = Prisma.sql`"phaseId" = ${phaseId}::uuid AND "holderKey" = ${holder.key} AND status = 'prepared'
    AND "expiresAt" > ${now} AND ${stays}`;
  return Prisma.sql`json_build_object(
    'phaseUsage', (SELECT count(*) FROM "Mint" WHERE "phaseId" = ${phaseId}::uuid AND "walletAddress" = ${wallet})
      + (SELECT count(*) FROM "MintSession" WHERE "phaseId" = ${phaseId}::uuid AND "walletAddress" = ${wallet} AND ${stays}
         AND (status IN ('processing', 'pending') OR (status = 'prepared' AND "expiresAt" > ${now} AND "walletProven"))),
    'inFlightDebit', (SELECT COALESCE(sum("walletDebit"), 0) FROM "MintSession" WHERE "walletAddress" = ${wallet} AND status IN ('processing', 'pending'))::text,
    'hasRedemptions', EXISTS (SELECT 1 FROM "ClaimCodeRedemption" WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${wallet}),
    'holderHeld', (SELECT count(*) FROM "MintSession" WHERE ${holderLive}),
    'holderFirstEndsAt', (SELECT to_char(min("expiresAt"), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM "MintSession" WHERE ${holderLive}))`;
}

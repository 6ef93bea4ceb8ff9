// Supply reservation for prepare-mint: row-level claims in one statement, never a
// read-then-write on a shared counter. Runs inside the prepare transaction (PostgreSQL's
// FOR UPDATE SKIP LOCKED lets concurrent prepares take different rows; PGlite runs the
// same SQL and serializes transactions itself).
import { Prisma } from "@/lib/db/generated/client";
import type { Holder } from "@/lib/domain/hold-share";

type Tx = Prisma.TransactionClient;

/** A reserved row and the session it is reserved for. */
export type ReservedNft = {
  id: string;
  tokenId: number | null;
  editionNumber: number | null;
  name: string | null;
  rarityRank: number | null;
  sessionId: string;
};

/**
 * Serializes one wallet's prepares (every drop) until the transaction ends: its allowance,
 * its claim-code holds and its balance across live sessions are counted one prepare at a time.
 */
export async function lockWallet(tx: Tx, wallet: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-wallet:${wallet}`}))`;
}

/**
 * The prepare transaction's first statement: the wallet's lock, then (when its share is
 * counted and no phase row lock comes between) the holder's, in that order, and the
 * database's clock. One round trip instead of three. The order is forced by nesting: a
 * subquery with OFFSET 0 is never flattened, and its volatile lock call is always run, before
 * the query around it.
 */
export async function lockForPrepare(
  tx: Tx,
  keys: { wallet: string; holder: { phaseId: string; key: string } | null },
) {
  const walletLock = Prisma.sql`(SELECT pg_advisory_xact_lock(hashtext(${`mint-wallet:${keys.wallet}`})) OFFSET 0) w`;
  const locked = keys.holder
    ? Prisma.sql`(SELECT pg_advisory_xact_lock(hashtext(${`mint-holder:${keys.holder.phaseId}:${keys.holder.key}`})) FROM ${walletLock} OFFSET 0) h`
    : walletLock;
  const [row] = await tx.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now FROM ${locked}`;
  return row!.now;
}

/**
 * The database's clock (a transaction's start, inside one): prepare and execute decide which
 * sessions and codes have expired on this one clock, so an instance whose own clock runs
 * ahead cannot count live holds as expired (issue 21, item 12).
 */
export async function databaseNow(tx: Pick<Tx, "$queryRaw">): Promise<Date> {
  const [row] = await tx.$queryRaw<Array<{ now: Date }>>`SELECT now() AS now`;
  return row!.now;
}

/** Locks the phase row so phaseSupply counts cannot race (only taken when phaseSupply is set). */
export async function lockPhase(tx: Tx, phaseId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Phase" WHERE id = ${phaseId}::uuid FOR UPDATE`;
}

/** Sessions that still hold supply: prepared and unexpired, or being submitted. */
const LIVE_SESSION = (now: Date) => ({
  OR: [
    { status: { in: ["processing" as const, "pending" as const] } },
    { status: "prepared" as const, expiresAt: { gt: now } },
  ],
});

export type WalletState = {
  /** Its earlier unsigned sessions in the drop, ended by this prepare. */
  superseded: number;
  /**
   * What its submits in flight (any drop) will still take from it, in lamports. Only signed
   * sessions count: they carry the wallet's own signature, whereas anyone can prepare
   * unsigned sessions in a wallet's name, and counting those would let a stranger make a
   * wallet look too poor to mint.
   */
  inFlightDebit: bigint;
  /** Its mints in the phase plus its live reservations there (bonus ones included). */
  phaseUsage: number;
  /** Whether it redeemed claim codes of the drop (their grants are then loaded). */
  hasRedemptions: boolean;
  /** The holder's live unsigned reservations in the phase (after the supersede) and when the first ends; 0/null unless asked. */
  holderHeld: number;
  holderFirstEndsAt: Date | null;
};

/**
 * Under the wallet's lock, in one statement: the wallet's earlier unsigned sessions in the
 * drop that this caller may end are superseded and their NFTs are free again at once (no
 * server signature was ever made, so they can never land), and what the rest of the prepare
 * counts is read. A caller may end the sessions it started itself (the same holder), and a
 * caller that proved control of the wallet those its owner started (proven ones); never
 * another caller's. Likewise the wallet's usage counts its mints, its signed sessions and the
 * unsigned ones its owner started, never an unsigned session another caller made in its
 * name (execute checks what lands). The reads see the statement's snapshot, from before the
 * supersede, so the superseded sessions are left out of the usage by id. (A data-modifying
 * WITH runs to completion whether or not the main query reads it: `freed` needs no reference.)
 */
export async function settleWallet(
  tx: Tx,
  where: { collectionId: string; phaseId: string; wallet: string; now: Date; holder: Holder; holderHolds: boolean },
): Promise<WalletState> {
  const { collectionId, phaseId, wallet, now, holder } = where;
  // The holder's share (holderHolds before, issue 27: read here, under its lock taken by lockForPrepare).
  const holderLive = Prisma.sql`"phaseId" = ${phaseId}::uuid AND "holderKey" = ${holder.key} AND status = 'prepared'
    AND "expiresAt" > ${now} AND id NOT IN (SELECT id FROM superseded)`;
  const [row] = await tx.$queryRaw<WalletState[]>`
    WITH superseded AS (
      UPDATE "MintSession" SET status = 'superseded', "completedAt" = ${now}, "updatedAt" = ${now}
      WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${wallet} AND status = 'prepared'
        AND ("holderKey" = ${holder.key} OR ("walletProven" AND ${holder.walletProven}))
      RETURNING id
    ), freed AS (
      UPDATE "Nft" SET status = 'available', "reservedBySession" = NULL, "reservedByWallet" = NULL, "reservedUntil" = NULL
      WHERE "reservedBySession" IN (SELECT id FROM superseded) AND status = 'reserved'
      RETURNING id
    )
    SELECT
      (SELECT count(*) FROM superseded)::int AS superseded,
      (SELECT COALESCE(sum("walletDebit"), 0) FROM "MintSession" WHERE "walletAddress" = ${wallet} AND status IN ('processing', 'pending'))::bigint AS "inFlightDebit",
      ((SELECT count(*) FROM "Mint" WHERE "phaseId" = ${phaseId}::uuid AND "walletAddress" = ${wallet})
        + (SELECT count(*) FROM "MintSession"
           WHERE "phaseId" = ${phaseId}::uuid AND "walletAddress" = ${wallet} AND id NOT IN (SELECT id FROM superseded)
             AND (status IN ('processing', 'pending') OR (status = 'prepared' AND "expiresAt" > ${now} AND "walletProven"))))::int AS "phaseUsage",
      EXISTS (SELECT 1 FROM "ClaimCodeRedemption" WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${wallet}) AS "hasRedemptions",
      ${where.holderHolds ? Prisma.sql`(SELECT count(*) FROM "MintSession" WHERE ${holderLive})::int` : Prisma.sql`0`} AS "holderHeld",
      ${where.holderHolds ? Prisma.sql`(SELECT min("expiresAt") FROM "MintSession" WHERE ${holderLive})` : Prisma.sql`NULL::timestamp`} AS "holderFirstEndsAt"`;
  return row!;
}

/** Serializes one holder's prepares in a phase (taken after the wallet's lock), so its share is counted one prepare at a time. */
export async function lockHolder(tx: Tx, phaseId: string, holderKey: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-holder:${phaseId}:${holderKey}`}))`;
}

/** The holder's live unsigned reservations in the phase, and when the first of them ends. */
export async function holderHolds(
  tx: Tx,
  where: { phaseId: string; holderKey: string; now: Date },
): Promise<{ held: number; firstEndsAt: Date | null }> {
  const live = { phaseId: where.phaseId, holderKey: where.holderKey, status: "prepared" as const };
  const found = await tx.mintSession.aggregate({
    where: { ...live, expiresAt: { gt: where.now } },
    _count: { _all: true },
    _min: { expiresAt: true },
  });
  return { held: found._count._all, firstEndsAt: found._min.expiresAt };
}

/**
 * When recent holds ended unsigned (expired or superseded, never submitted), newest first, at
 * most `limit`: per prepare of this wallet in the drop that this caller could have ended (its
 * own, or its owner's when proven), or per NFT of this holder in the phase. For the cooldown
 * (lib/domain/hold-share.ts). A column expression, a JSON array of epoch milliseconds, so
 * prepare reads it in the same statement as its other checks (mint-gates.ts).
 */
export function endedUnsignedHoldsSql(
  where: { since: Date; now: Date; limit: number } & (
    { collectionId: string; wallet: string; holder: Holder } | { phaseId: string; holderKey: string }
  ),
): Prisma.Sql {
  const { since, now, limit } = where;
  const ended = Prisma.sql`LEAST(COALESCE("completedAt", "expiresAt"), "expiresAt")`;
  const unsigned = Prisma.sql`"submittedAt" IS NULL AND (status IN ('expired', 'superseded') OR (status = 'prepared' AND "expiresAt" <= ${now}))`;
  const rows =
    "wallet" in where
      ? Prisma.sql`
          SELECT max(${ended}) AS "endedAt" FROM "MintSession"
          WHERE "collectionId" = ${where.collectionId}::uuid AND "walletAddress" = ${where.wallet} AND ${unsigned}
            AND ("holderKey" = ${where.holder.key} OR ("walletProven" AND ${where.holder.walletProven}))
            AND ${ended} > ${since}
          GROUP BY "groupId" ORDER BY 1 DESC LIMIT ${limit}`
      : Prisma.sql`
          SELECT ${ended} AS "endedAt" FROM "MintSession"
          WHERE "phaseId" = ${where.phaseId}::uuid AND "holderKey" = ${where.holderKey} AND ${unsigned}
            AND ${ended} > ${since}
          ORDER BY 1 DESC LIMIT ${limit}`;
  // Epoch milliseconds: the columns are UTC timestamps without a zone, which JSON would print without one.
  return Prisma.sql`(SELECT COALESCE(json_agg(floor(extract(epoch FROM e."endedAt") * 1000)::bigint ORDER BY e."endedAt" DESC), '[]')
    FROM (${rows}) e)`;
}

/** The phase's mints plus every live reservation in it. */
export async function phaseUsage(tx: Tx, phaseId: string, now: Date): Promise<number> {
  const [minted, live] = await Promise.all([
    tx.mint.count({ where: { phaseId } }),
    tx.mintSession.count({ where: { phaseId, ...LIVE_SESSION(now) } }),
  ]);
  return minted + live;
}

/**
 * Claims up to `sessionIds.length` available rows (never a master edition; creator-held
 * rows only for their wallet) in token / edition order, each for one of the given sessions,
 * in one statement. Returns what it got, possibly fewer, in the order of `sessionIds`. A
 * row held by an ended session is not taken here: releaseDeadSessions frees it once that
 * session's transaction can no longer land.
 */
export async function reserveNfts(
  tx: Tx,
  options: {
    collectionId: string;
    wallet: string;
    sessionIds: readonly string[];
    until: Date;
    packTierId?: string | null;
  },
): Promise<ReservedNft[]> {
  const { collectionId, wallet, sessionIds, until } = options;
  if (sessionIds.length === 0) return [];
  // NFTs of a pack tier open only with a pack code of that tier; every other mint takes untiered NFTs.
  const tier = options.packTierId ?? null;
  const rows = await tx.$queryRaw<ReservedNft[]>`
    WITH picked AS (
      SELECT id FROM "Nft"
      WHERE "collectionId" = ${collectionId}::uuid AND "isMasterEdition" = false
        AND status = 'available' AND "packTierName" IS NOT DISTINCT FROM ${tier}
        AND ("reservationWallet" IS NULL OR "reservationWallet" = ${wallet})
      -- A fair drop's committed order first (lib/domain/fair-order.ts); every other drop has no positions.
      ORDER BY ("reservationWallet" IS NULL), "fairPosition" ASC NULLS LAST, "editionNumber" ASC NULLS LAST, "tokenId" ASC NULLS LAST, id
      LIMIT ${sessionIds.length}
      FOR UPDATE SKIP LOCKED
    ), numbered AS (
      SELECT id, row_number() OVER () AS n FROM picked
    )
    UPDATE "Nft" AS nft
    SET status = 'reserved', "reservedByWallet" = ${wallet}, "reservedUntil" = ${until}, "reservedBySession" = (${[...sessionIds]}::uuid[])[numbered.n]
    FROM numbered WHERE nft.id = numbered.id
    RETURNING nft.id, nft."tokenId", nft."editionNumber", nft.name, nft."rarityRank", nft."reservedBySession" AS "sessionId"`;
  return rows.sort((a, b) => sessionIds.indexOf(a.sessionId) - sessionIds.indexOf(b.sessionId));
}

/** Open-ended drops have no pre-created rows beyond those released again: new ones are numbered after the last. */
export async function createOpenEndedNfts(
  tx: Tx,
  collection: { id: string; name: string | null; image: string | null },
  options: { wallet: string; sessionIds: readonly string[]; until: Date },
): Promise<ReservedNft[]> {
  if (options.sessionIds.length === 0) return [];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-open-supply:${collection.id}`}))`;
  const last = await tx.nft.aggregate({ where: { collectionId: collection.id }, _max: { tokenId: true } });
  const first = (last._max.tokenId ?? 0) + 1;
  const rows = options.sessionIds.map((sessionId, i) => ({
    id: crypto.randomUUID(),
    collectionId: collection.id,
    tokenId: first + i,
    name: `${collection.name ?? "Untitled"} #${first + i}`,
    imageUrl: collection.image,
    previewImageUrl: collection.image,
    status: "reserved" as const,
    reservedByWallet: options.wallet,
    reservedUntil: options.until,
    reservedBySession: sessionId,
  }));
  await tx.nft.createMany({ data: rows });
  return rows.map((r) => ({
    id: r.id,
    tokenId: r.tokenId,
    editionNumber: null,
    name: r.name,
    rarityRank: null,
    sessionId: r.reservedBySession,
  }));
}

/** Gives rows back (surplus of a reduced prepare). */
export async function unreserveNfts(tx: Tx, nftIds: readonly string[]): Promise<void> {
  if (nftIds.length === 0) return;
  await tx.nft.updateMany({
    where: { id: { in: [...nftIds] }, status: "reserved" },
    data: { status: "available", reservedBySession: null, reservedByWallet: null, reservedUntil: null },
  });
}

/**
 * What the wallet's live sessions priced in this token will still take of it (price and fee):
 * in flight, or prepared and not yet expired by its owner (proven) or by this same caller.
 * Never an unsigned session a stranger prepared in the wallet's name: that would let anyone
 * make a wallet look too poor to mint. Read under the wallet's lock, after the settle.
 */
export async function heldTokenAmount(
  tx: Tx,
  where: { wallet: string; mint: string; now: Date; holderKey: string },
): Promise<bigint> {
  const found = await tx.mintSession.aggregate({
    where: {
      walletAddress: where.wallet,
      tokenMint: where.mint,
      OR: [
        { status: { in: ["processing", "pending"] } },
        {
          status: "prepared",
          expiresAt: { gt: where.now },
          OR: [{ walletProven: true }, { holderKey: where.holderKey }],
        },
      ],
    },
    _sum: { priceAmount: true, feeAmount: true },
  });
  return (found._sum.priceAmount ?? 0n) + (found._sum.feeAmount ?? 0n);
}

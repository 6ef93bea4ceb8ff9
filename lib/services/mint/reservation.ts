// Supply reservation for prepare-mint: row-level claims in one statement, never a
// read-then-write on a shared counter. Runs inside the prepare transaction (PostgreSQL's
// FOR UPDATE SKIP LOCKED lets concurrent prepares take different rows; PGlite runs the
// same SQL and serializes transactions itself).
import type { Prisma } from "@/lib/db/generated/client";

type Tx = Prisma.TransactionClient;

export type ReservedNft = { id: string; tokenId: number | null; editionNumber: number | null; name: string | null };

/**
 * Serializes one wallet's prepares (every drop) until the transaction ends: its allowance,
 * its claim-code holds and its balance across live sessions are counted one prepare at a time.
 */
export async function lockWallet(tx: Tx, wallet: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-wallet:${wallet}`}))`;
}

/** Locks the phase row so phaseSupply counts cannot race (only taken when phaseSupply is set). */
export async function lockPhase(tx: Tx, phaseId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM "Phase" WHERE id = ${phaseId}::uuid FOR UPDATE`;
}

/** Sessions that still hold supply: prepared and unexpired, or being submitted. */
const LIVE_SESSION = (now: Date) => ({
  OR: [{ status: { in: ["processing" as const, "pending" as const] } }, { status: "prepared" as const, expiresAt: { gt: now } }],
});

/** The wallet's mints in the phase plus its live reservations there (bonus ones included). */
export async function walletPhaseUsage(tx: Tx, phaseId: string, wallet: string, now: Date): Promise<number> {
  const [minted, live] = await Promise.all([
    tx.mint.count({ where: { phaseId, walletAddress: wallet } }),
    tx.mintSession.count({ where: { phaseId, walletAddress: wallet, ...LIVE_SESSION(now) } }),
  ]);
  return minted + live;
}

/**
 * What the wallet's submits in flight (any drop) will still take from it, in lamports.
 * Only signed sessions count: they carry the wallet's own signature, whereas anyone can
 * prepare unsigned sessions in a wallet's name, and counting those would let a stranger
 * make a wallet look too poor to mint. Its unsigned sessions in the drop being prepared
 * are superseded first, and one prepare holds at most MAX_UNSIGNED_SESSIONS_PER_WALLET.
 */
export async function walletInFlightDebit(tx: Tx, wallet: string): Promise<bigint> {
  const sum = await tx.mintSession.aggregate({ where: { walletAddress: wallet, status: { in: ["processing", "pending"] } }, _sum: { walletDebit: true } });
  return sum._sum.walletDebit ?? 0n;
}

/** The phase's mints plus every live reservation in it. */
export async function phaseUsage(tx: Tx, phaseId: string, now: Date): Promise<number> {
  const [minted, live] = await Promise.all([tx.mint.count({ where: { phaseId } }), tx.mintSession.count({ where: { phaseId, ...LIVE_SESSION(now) } })]);
  return minted + live;
}

/**
 * Claims up to `count` available rows (never a master edition; creator-held rows only for
 * their wallet) in token / edition order. Returns what it got, possibly fewer. A row held
 * by an ended session is not taken here: releaseDeadSessions frees it once that session's
 * transaction can no longer land.
 */
export async function reserveNfts(tx: Tx, options: { collectionId: string; wallet: string; count: number; until: Date }): Promise<ReservedNft[]> {
  const { collectionId, wallet, count, until } = options;
  if (count <= 0) return [];
  return tx.$queryRaw<ReservedNft[]>`
    UPDATE "Nft" SET status = 'reserved', "reservedByWallet" = ${wallet}, "reservedUntil" = ${until}, "reservedBySession" = NULL
    WHERE id IN (
      SELECT id FROM "Nft"
      WHERE "collectionId" = ${collectionId}::uuid AND "isMasterEdition" = false
        AND status = 'available'
        AND ("reservationWallet" IS NULL OR "reservationWallet" = ${wallet})
      ORDER BY ("reservationWallet" IS NULL), "editionNumber" ASC NULLS LAST, "tokenId" ASC NULLS LAST, id
      LIMIT ${count}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, "tokenId", "editionNumber", name`;
}

/** Open-ended drops have no pre-created rows beyond those released again: new ones are numbered after the last. */
export async function createOpenEndedNfts(
  tx: Tx,
  collection: { id: string; name: string | null; image: string | null },
  options: { wallet: string; count: number; until: Date },
): Promise<ReservedNft[]> {
  if (options.count <= 0) return [];
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-open-supply:${collection.id}`}))`;
  const last = await tx.nft.aggregate({ where: { collectionId: collection.id }, _max: { tokenId: true } });
  const first = (last._max.tokenId ?? 0) + 1;
  const rows = Array.from({ length: options.count }, (_, i) => ({
    id: crypto.randomUUID(),
    collectionId: collection.id,
    tokenId: first + i,
    name: `${collection.name ?? "Untitled"} #${first + i}`,
    imageUrl: collection.image,
    previewImageUrl: collection.image,
    status: "reserved" as const,
    reservedByWallet: options.wallet,
    reservedUntil: options.until,
  }));
  await tx.nft.createMany({ data: rows });
  return rows.map((r) => ({ id: r.id, tokenId: r.tokenId, editionNumber: null, name: r.name }));
}

/** Points each reserved row at its session (one statement). */
export async function assignReservations(tx: Tx, pairs: ReadonlyArray<{ nftId: string; sessionId: string }>): Promise<void> {
  if (pairs.length === 0) return;
  const nftIds = pairs.map((p) => p.nftId);
  const sessionIds = pairs.map((p) => p.sessionId);
  await tx.$executeRaw`
    UPDATE "Nft" AS n SET "reservedBySession" = s.sid
    FROM unnest(${nftIds}::uuid[], ${sessionIds}::uuid[]) AS s(nid, sid)
    WHERE n.id = s.nid`;
}

/** Gives rows back (surplus of a reduced prepare). */
export async function unreserveNfts(tx: Tx, nftIds: readonly string[]): Promise<void> {
  if (nftIds.length === 0) return;
  await tx.nft.updateMany({
    where: { id: { in: [...nftIds] }, status: "reserved" },
    data: { status: "available", reservedBySession: null, reservedByWallet: null, reservedUntil: null },
  });
}

// The reads before a mint reserves (prepare) or claims (execute), in ONE statement (issue 27:
// every statement is a round trip, and the mint path sent four or five of them here): the
// wallet's block and the drop's ban (refusing prepare and execute alike), the wallet's own
// eligibility rows, and, for prepare, the ended holds its cooldown counts. Each check still
// throws where and in the order it did: this only reads their facts up front.
import type { Db } from "@/lib/db/client";
import { Prisma, type MintSession } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { walletOwnRowsSql, type WalletOwnRows } from "@/lib/services/eligibility";
import type { PhaseWithGates } from "@/lib/services/drop-snapshot";
import { endedUnsignedHoldsSql } from "./reservation";
import { walletPreviewSql, type WalletPreview } from "./record-then-verify";

type Block = { reason: string | null; blockedUntil: string | null; permanent: boolean };

export type MintGates = {
  block: Block | null;
  ban: { reason: string | null } | null;
  /** The wallet's eligibility rows (no code entered in the body), when a phase was named. */
  own: WalletOwnRows | null;
  /** Ended unsigned holds for the cooldown, epoch ms newest first, when asked for. */
  walletEnded: number[];
  callerEnded: number[];
  /** The drop's minted and burned NFTs (drop-snapshot.ts counts them so), when asked for. */
  minted: number | null;
  /** The wallet's usage and the holder's holds for prepare's plan (record-then-verify.ts), when asked for. */
  preview: WalletPreview | null;
};

export type GatesQuery = {
  collectionId: string;
  wallet: string;
  now: Date;
  /** Reads the wallet's eligibility rows for this phase (only valid with no claim code entered in the body). */
  ownFor?: Pick<PhaseWithGates, "id" | "collectionId"> | null;
  /** The cooldown's reads (prepare.ts assertNoCooldown). */
  walletHolds?: Parameters<typeof endedUnsignedHoldsSql>[0] | null;
  callerHolds?: Parameters<typeof endedUnsignedHoldsSql>[0] | null;
  countMinted?: boolean;
  preview?: Parameters<typeof walletPreviewSql>[0] | null;
};

const NONE = Prisma.sql`NULL`;
const EMPTY = Prisma.sql`'[]'::json`;

type SqlValue = string | Prisma.Sql;

/** The block in force (a permanent one first, as assertWalletNotBlocked orders them), as JSON. */
const blockSql = (wallet: SqlValue, collectionId: SqlValue, now: Date) => Prisma.sql`
  (SELECT json_build_object('reason', reason, 'blockedUntil', to_char("blockedUntil", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'permanent', permanent)
     FROM "WalletBlock"
     WHERE "walletAddress" = ${wallet} AND ("collectionId" IS NULL OR "collectionId" = ${collectionId}::uuid)
       AND (permanent OR "blockedUntil" > ${now})
     ORDER BY permanent DESC, "blockedUntil" DESC LIMIT 1)`;

const banSql = (collectionId: SqlValue) =>
  Prisma.sql`(SELECT json_build_object('reason', reason) FROM "AssetBan" WHERE "collectionId" = ${collectionId}::uuid)`;

type GateColumns = { block: Block | null; ban: { reason: string | null } | null } & WalletOwnRows;

/** One statement: the block, the ban, and what else was asked. */
export async function loadMintGates(db: Pick<Db, "$queryRaw">, query: GatesQuery): Promise<MintGates> {
  const { collectionId, wallet, now } = query;
  const ownSql = query.ownFor ? walletOwnRowsSql(query.ownFor, wallet, now, null) : null;
  const minted = query.countMinted
    ? Prisma.sql`(SELECT count(*) FROM "Nft" WHERE "collectionId" = ${collectionId}::uuid AND "isMasterEdition" = false
        AND status IN ('minted', 'burned'))::int`
    : NONE;
  const [row] = await db.$queryRaw<
    Array<
      GateColumns & {
        walletEnded: number[];
        callerEnded: number[];
        minted: number | null;
        preview: WalletPreview | null;
      }
    >
  >`
    SELECT ${blockSql(wallet, collectionId, now)} AS block, ${banSql(collectionId)} AS ban, ${minted} AS minted,
      ${query.preview ? walletPreviewSql(query.preview) : NONE} AS preview,
      ${query.walletHolds ? endedUnsignedHoldsSql(query.walletHolds) : EMPTY} AS "walletEnded",
      ${query.callerHolds ? endedUnsignedHoldsSql(query.callerHolds) : EMPTY} AS "callerEnded",
      ${ownSql ?? Prisma.sql`${NONE} AS allowlist, ${NONE} AS codes, ${NONE} AS override`}`;
  const { block, ban, walletEnded, callerEnded, allowlist, codes, override, preview } = row!;
  const own = ownSql ? { allowlist, codes, override } : null;
  return { block, ban, walletEnded, callerEnded, own, minted: query.countMinted ? row!.minted : null, preview };
}

/**
 * Execute's first statement: the session, with its wallet's block, its drop's ban and its
 * wallet's eligibility rows in its phase (its admission code left out of the code spots, as
 * execute-limits.ts counts that one itself). Null when no session has that id.
 */
export async function loadSessionWithGates(
  db: Pick<Db, "$queryRaw">,
  sessionId: string,
  now: Date,
): Promise<{ session: MintSession; gates: Pick<MintGates, "block" | "ban" | "own"> } | null> {
  const s = (column: string) => Prisma.raw(`s."${column}"`);
  const own = walletOwnRowsSql(
    { id: s("phaseId"), collectionId: s("collectionId") },
    s("walletAddress"),
    now,
    s("admissionCodeId"),
  );
  const [row] = await db.$queryRaw<Array<MintSession & GateColumns>>`
    SELECT s.*, ${blockSql(s("walletAddress"), s("collectionId"), now)} AS block, ${banSql(s("collectionId"))} AS ban, ${own}
    FROM "MintSession" s WHERE s.id = ${sessionId}::uuid`;
  if (!row) return null;
  const { block, ban, allowlist, codes, override, ...session } = row;
  return { session, gates: { block, ban, own: { allowlist, codes, override } } };
}

/** WALLET_BLOCKED, then ASSET_BANNED: the refusals of wallet-block.ts and asset-bans.ts, from the gates read. */
export function assertGatesOpen(gates: Pick<MintGates, "block" | "ban">): void {
  const { block, ban } = gates;
  if (block)
    throw new AppError("WALLET_BLOCKED", "This wallet cannot mint this drop right now.", {
      extra: {
        reason: block.reason,
        blockedUntil: block.permanent ? null : block.blockedUntil,
        permanent: block.permanent,
      },
    });
  if (ban)
    throw new AppError("ASSET_BANNED", "This drop has been banned by the operator and cannot be minted.", {
      extra: { reason: ban.reason },
    });
}

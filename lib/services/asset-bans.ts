// Banned assets (spec: a 403 can mean "a banned asset"). An asset here is a drop: the
// operator bans one (a takedown, a compromised creator) with `npm run keys -- ban`, and
// prepare and execute refuse it with ASSET_BANNED until it is unbanned. Reads still answer,
// so pages and partners can show why. The ban is read afresh by every prepare and execute
// (never cached), so one placed after prepare stops the mint, since the server signs last.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "./context";
import { findCollectionRef } from "./collection-ref";

export type AssetBanSummary = { collectionId: string; shortId: string | null; reason: string; createdAt: Date };

type BansContext = Pick<ServiceContext, "db">;

const summarySelect = {
  collectionId: true,
  reason: true,
  createdAt: true,
  collection: { select: { shortId: true } },
} as const;

type SummaryRow = { collectionId: string; reason: string; createdAt: Date; collection: { shortId: string | null } };
const toSummary = ({ collection, ...row }: SummaryRow): AssetBanSummary => ({ ...row, shortId: collection.shortId });

/** Bans the drop an identifier names; banning it again replaces the reason. */
export async function banAsset({ db }: BansContext, identifier: string, reason: string): Promise<AssetBanSummary> {
  const collectionId = await collectionIdOrThrow(db, identifier);
  const text = reason.trim();
  if (!text) throw new AppError("INVALID_REQUEST", "Give a reason: it is shown to collectors who try to mint.");
  const row = await db.assetBan.upsert({
    where: { collectionId },
    create: { collectionId, reason: text },
    update: { reason: text },
    select: summarySelect,
  });
  return toSummary(row);
}

/** Lifts a drop's ban; null when it was not banned. */
export async function unbanAsset({ db }: BansContext, identifier: string): Promise<AssetBanSummary | null> {
  const collectionId = await collectionIdOrThrow(db, identifier);
  const [row] = await db.$transaction([
    db.assetBan.findMany({ where: { collectionId }, select: summarySelect }),
    db.assetBan.deleteMany({ where: { collectionId } }),
  ]);
  return row[0] ? toSummary(row[0]) : null;
}

export async function listAssetBans({ db }: BansContext): Promise<AssetBanSummary[]> {
  const rows = await db.assetBan.findMany({ select: summarySelect, orderBy: { createdAt: "asc" } });
  return rows.map(toSummary);
}

/** Throws ASSET_BANNED (with the operator's reason) while the drop is banned. */
export async function assertAssetNotBanned(db: Pick<Db, "assetBan">, collectionId: string): Promise<void> {
  const ban = await db.assetBan.findUnique({ where: { collectionId }, select: { reason: true } });
  if (!ban) return;
  throw new AppError("ASSET_BANNED", "This drop has been banned by the operator and cannot be minted.", {
    extra: { reason: ban.reason },
  });
}

async function collectionIdOrThrow(db: Db, identifier: string): Promise<string> {
  const ref = await findCollectionRef(db, identifier.trim());
  if (!ref) throw new AppError("COLLECTION_NOT_FOUND", `No drop has the identifier "${identifier}".`);
  return ref.id;
}

// The drops a studio caller may read and change: its own (collection.creatorWallet), or every
// drop for an admin. Another creator's drop answers exactly like a missing one, so the
// studio never tells a stranger that a drop exists.
import type { Collection } from "@/lib/db/generated/client";
import { ownsDrop } from "@/lib/domain/studio-access";
import { classifyIdentifier } from "@/lib/domain/collection-identifier";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "../context";

export type StudioCaller = { wallet: string; isAdmin: boolean };

const notFound = () => new AppError("COLLECTION_NOT_FOUND", "No drop of yours has that identifier.");

/** The drop `identifier` names (short ID, UUID or address) if the caller owns it; else 404 COLLECTION_NOT_FOUND. */
export async function findOwnedDropOrThrow(
  ctx: Pick<ServiceContext, "db">,
  caller: StudioCaller,
  identifier: string,
): Promise<Collection> {
  const kind = classifyIdentifier(identifier);
  if (!kind) throw notFound();
  const where =
    kind === "uuid"
      ? { OR: [{ id: identifier.toLowerCase() }, { shortId: identifier }] }
      : kind === "address"
        ? { OR: [{ collectionAddress: identifier }, { shortId: identifier }] }
        : { shortId: identifier };
  // Found or not, owned or not: one query, then one answer.
  const drops = await ctx.db.collection.findMany({ where, take: 2 });
  // The stronger match wins, as for every identifier (lib/domain/collection-identifier.ts).
  const drop =
    drops.find((row) => row.id === identifier.toLowerCase()) ??
    drops.find((row) => row.collectionAddress === identifier) ??
    drops.find((row) => row.shortId === identifier);
  if (!drop || !ownsDrop(caller, drop.creatorWallet)) throw notFound();
  return drop;
}

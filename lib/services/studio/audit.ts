// The studio's audit log: every change made in the studio, who made it and when, with the
// change lines the update itself wrote (before → after). The creator reads its drop's log.
import type { Prisma } from "@/lib/db/generated/client";
import type { ServiceContext } from "../context";
import type { StudioCaller } from "./owned-drops";

type Writer = Pick<Prisma.TransactionClient, "studioAuditEntry">;

export type AuditRecord = {
  collectionId: string | null;
  action: string;
  /** `changes` (the before → after lines) and what the action names; never a secret. */
  summary: Record<string, unknown>;
};

/** Writes one entry, in the caller's transaction when it passes one (the change and its record stand or fall together). */
export async function recordStudioChange(db: Writer, caller: StudioCaller, record: AuditRecord): Promise<void> {
  await db.studioAuditEntry.create({
    data: {
      collectionId: record.collectionId,
      actorWallet: caller.wallet,
      actorIsAdmin: caller.isAdmin,
      action: record.action,
      summary: record.summary as Prisma.InputJsonValue,
    },
  });
}

/** A drop's log, newest first (at most the last 500 entries). */
export async function listDropAudit(ctx: Pick<ServiceContext, "db">, collectionId: string) {
  const rows = await ctx.db.studioAuditEntry.findMany({
    where: { collectionId },
    orderBy: { createdAt: "desc" },
    take: 500,
  });
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorWallet: row.actorWallet,
      actorIsAdmin: row.actorIsAdmin,
      action: row.action,
      summary: row.summary as Record<string, unknown>,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

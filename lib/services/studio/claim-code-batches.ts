// A creator's claim-code batches in the studio: list, generate (a kind and a count; the codes
// made here, then written by the CLI's update and its rules), export as CSV, and revoke.
// Revoking before the first mint removes the batch through the same update; after it (when
// the update refuses any change of codes) it disables the batch's codes, which only takes
// away: nothing can be redeemed with them any more.
import { randomInt } from "node:crypto";
import type { Collection } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { claimCodeBatchPlanOf } from "@/lib/schemas/drop-plan";
import type { z } from "zod";
import type { studioClaimCodeBatchBodySchema } from "@/lib/schemas/studio";
import type { ServiceContext } from "../context";
import { recordStudioChange } from "./audit";
import { editDrop } from "./edit-drop";
import type { StudioCaller } from "./owned-drops";

/** 16 symbols of 32 (no 0/O, 1/I): 80 bits, far beyond guessing (lib/domain/claim-code-format.ts). */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function generateClaimCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(""),
  );
  return groups.join("-");
}

type BatchRow = {
  id: string;
  name: string | null;
  grantType: string;
  phaseId: string | null;
  createdAt: Date;
  _count: { codes: number; redemptions: number };
};

async function batchesOf(ctx: Pick<ServiceContext, "db">, collectionId: string, where: { id?: string } = {}) {
  const rows: BatchRow[] = await ctx.db.claimCodeBatch.findMany({
    where: { collectionId, ...where },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      name: true,
      grantType: true,
      phaseId: true,
      createdAt: true,
      _count: { select: { codes: true, redemptions: true } },
    },
  });
  const disabled = await ctx.db.claimCode.groupBy({
    by: ["batchId"],
    where: { collectionId, disabled: true, ...(where.id ? { batchId: where.id } : {}) },
    _count: { _all: true },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    grantType: row.grantType,
    phaseId: row.phaseId,
    codes: row._count.codes,
    disabled: disabled.find((d) => d.batchId === row.id)?._count._all ?? 0,
    redemptions: row._count.redemptions,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listClaimCodeBatches(ctx: Pick<ServiceContext, "db">, drop: Collection) {
  return { batches: await batchesOf(ctx, drop.id) };
}

async function batchOrThrow(ctx: Pick<ServiceContext, "db">, drop: Collection, batchId: string) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(batchId);
  const [batch] = uuid ? await batchesOf(ctx, drop.id, { id: batchId.toLowerCase() }) : [];
  if (!batch) throw new AppError("NOT_FOUND", "No claim-code batch of this drop has that id.");
  return batch;
}

export async function generateClaimCodeBatch(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  body: z.output<typeof studioClaimCodeBatchBodySchema>,
) {
  const { count, ...batch } = body;
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateClaimCode());
  const edit = await editDrop(
    ctx,
    caller,
    drop,
    "claim-codes.generate",
    (plan) => ({
      ...plan,
      claimCodeBatches: [...plan.claimCodeBatches, claimCodeBatchPlanOf({ ...batch, codes: [...codes] })],
    }),
    { name: batch.name, grantType: batch.grantType, count },
  );
  // The update writes every batch again: the new one is the batch that holds the new codes.
  const first = await ctx.db.claimCode.findFirstOrThrow({
    where: { collectionId: drop.id, code: [...codes][0]! },
    select: { batchId: true },
  });
  return { ...edit, batch: await batchOrThrow(ctx, drop, first.batchId) };
}

export async function exportClaimCodeBatch(ctx: Pick<ServiceContext, "db">, drop: Collection, batchId: string) {
  const batch = await batchOrThrow(ctx, drop, batchId);
  const codes = await ctx.db.claimCode.findMany({
    where: { batchId: batch.id },
    orderBy: { code: "asc" },
    select: { code: true, maxUses: true, usesCount: true, disabled: true },
  });
  const lines = codes.map((c) => `${c.code},${c.maxUses ?? ""},${c.usesCount},${c.disabled}`);
  const name = (batch.name ?? "codes").replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 40);
  return {
    filename: `${drop.shortId ?? drop.id}-${name}.csv`,
    csv: ["code,max_uses,uses,disabled", ...lines].join("\n") + "\n",
  };
}

export async function revokeClaimCodeBatch(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  batchId: string,
) {
  const batch = await batchOrThrow(ctx, drop, batchId);
  const minted = await ctx.db.nft.count({
    where: { collectionId: drop.id, isMasterEdition: false, status: { in: ["minted", "burned"] } },
  });
  if (minted === 0) {
    const index = (await batchesOf(ctx, drop.id)).findIndex((b) => b.id === batch.id);
    await editDrop(
      ctx,
      caller,
      drop,
      "claim-codes.revoke",
      (plan) => ({ ...plan, claimCodeBatches: plan.claimCodeBatches.filter((_, i) => i !== index) }),
      { batchId: batch.id, name: batch.name },
    );
    return { batch: { ...batch, disabled: batch.codes } };
  }
  await ctx.db.$transaction(async (tx) => {
    const disabled = await tx.claimCode.updateMany({
      where: { batchId: batch.id, disabled: false },
      data: { disabled: true },
    });
    const changes = [`Claim codes: batch "${batch.name ?? batch.id}" revoked (${disabled.count} codes disabled)`];
    await recordStudioChange(tx, caller, {
      collectionId: drop.id,
      action: "claim-codes.revoke",
      summary: { batchId: batch.id, name: batch.name, changes },
    });
  });
  return { batch: await batchOrThrow(ctx, drop, batch.id) };
}

// `npm run drop -- update`: applies a folder's changes to its drop, in one transaction, when
// lib/domain/drop-update-rules.ts allows all of them; otherwise refuses the whole update and
// says why, changing nothing. A change of supply before the first mint also resizes the
// collection group on chain.
import { PublicKey } from "@solana/web3.js";
import { buildUpdateGroupMaxSizeTransaction } from "@/lib/chain";
import { judgeUpdate } from "@/lib/domain/drop-update-rules";
import { isFairSeedPublic } from "@/lib/domain/fair-reveal";
import { AppError } from "@/lib/errors";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import { collectionFieldsOf, writeExtras, writeNfts, writePhases } from "./drop-rows";
import { shapeOfPlan, shapeOfRows } from "./drop-shape";
import { nftKeysOf } from "./nft-keys";
import { assertGateCollectionsKnown } from "./gate-collections";
import { assertPhasesSettle } from "./phase-payments";
import { describeDrop, type DropReport } from "./describe-drop";

const LIVE_SESSIONS = ["prepared", "processing", "pending"] as const;

export type UpdateOutcome = DropReport & { outcome: "updated" | "unchanged"; changes: string[] };

type Tx = Parameters<Parameters<ServiceContext["db"]["$transaction"]>[0]>[0];

/** The studio's additions to the CLI's one update path (lib/services/studio/manage-drop.ts). */
export type UpdateOptions = {
  /** The drop's updatedAt the plan was made from: a drop changed since is refused, not overwritten. */
  basedOn?: Date;
  /** Runs in the update's transaction once the changes are written (the studio's audit entry). */
  onApplied?: (tx: Tx, changes: readonly string[]) => Promise<void>;
};

export async function updateDropFromPlan(
  ctx: ServiceContext,
  plan: DropPlan,
  options: UpdateOptions = {},
): Promise<UpdateOutcome> {
  const found = await ctx.db.collection.findUnique({ where: { shortId: plan.shortId }, select: { id: true } });
  if (!found)
    throw new AppError("COLLECTION_NOT_FOUND", `No drop has the short ID "${plan.shortId}": run create first.`);
  const collectionId = found.id;
  assertPhasesSettle(plan);
  await assertGateCollectionsKnown(ctx, plan);

  const result = await ctx.db.$transaction(
    async (tx) => {
      // One update of a drop at a time: a second waits here, then sees what the first wrote.
      await tx.$queryRaw`SELECT id FROM "Collection" WHERE id = ${collectionId}::uuid FOR UPDATE`;
      const collection = await tx.collection.findUniqueOrThrow({ where: { id: collectionId } });
      if (options.basedOn && collection.updatedAt.getTime() !== options.basedOn.getTime())
        throw new AppError("LAUNCH_REFUSED", "The drop changed while this edit was made; reload it and try again.");
      if (collection.importFingerprint === null)
        throw new AppError(
          "LAUNCH_REFUSED",
          `The drop "${plan.shortId}" was not created from a folder; update changes only drops that create made.`,
        );
      const phases = await tx.phase.findMany({
        where: { collectionId },
        orderBy: { sortOrder: "asc" },
        include: { allowlist: true, gateRules: true },
      });
      const live = await tx.mintSession.count({ where: { collectionId, status: { in: [...LIVE_SESSIONS] } } });
      if (live > 0)
        throw new AppError(
          "LAUNCH_REFUSED",
          `A mint of "${plan.shortId}" is in progress (${live} open session${live === 1 ? "" : "s"}); run update again in a few minutes.`,
        );
      const mintRows = await tx.mint.groupBy({ by: ["phaseId"], where: { collectionId }, _count: { _all: true } });
      const minted = await tx.nft.count({
        where: { collectionId, isMasterEdition: false, status: { in: ["minted", "burned"] } },
      });
      const phaseMints = phases.map((p) => mintRows.find((r) => r.phaseId === p.id)?._count._all ?? 0);

      const current = shapeOfRows({ collection, phases, nftKeys: await nftKeysOf(tx, collectionId) });
      const next = shapeOfPlan(plan);
      const fairSeedPublic = isFairSeedPublic({ totalSupply: collection.totalSupply, minted, phases }, ctx.clock.now());
      const verdict = judgeUpdate(current, next, { minted, phaseMints, fairSeedPublic });
      if (verdict.refusals.length > 0) {
        throw new AppError(
          "LAUNCH_REFUSED",
          `Nothing was changed:\n${verdict.refusals.map((r) => `  - ${r}`).join("\n")}`,
          { extra: { refusals: verdict.refusals } },
        );
      }
      if (verdict.changes.length === 0 && collection.importFingerprint === plan.fingerprint)
        return { changes: [], resize: null };

      const fields = collectionFieldsOf(ctx, plan);
      // The launch status is the operator's (or the studio's launch): an update never reopens a drop in maintenance.
      // The creator wallet is who owns the drop in the studio, set at create: a new creators list does not hand it over.
      await tx.collection.update({
        where: { id: collectionId },
        data: { ...fields, shortId: undefined, launchStatus: undefined, creatorWallet: undefined },
      });
      const removed = phases.slice(plan.phases.length).map((p) => p.id);
      if (removed.length > 0) await tx.phase.deleteMany({ where: { id: { in: removed } } });
      const phaseIds = await writePhases(
        tx,
        collectionId,
        plan,
        phases.map((p) => p.id),
      );
      const assetsChanged =
        current.nfts.size !== next.nfts.size || [...next.nfts].some(([id, key]) => current.nfts.get(id) !== key);
      if (assetsChanged || current.fair !== next.fair) {
        // Only before the first mint (the rules refuse it after): every NFT row is rewritten, and a fair order committed afresh.
        await tx.nft.deleteMany({ where: { collectionId } });
        const fair = await writeNfts(tx, collectionId, plan);
        await tx.collection.update({
          where: { id: collectionId },
          data: fair ?? { fairCommitment: null, fairSeed: null, fairFromToken: null, fairToToken: null },
        });
      }
      if (current.claimCodes !== next.claimCodes || current.bounties !== next.bounties) {
        await tx.claimCode.deleteMany({ where: { collectionId } });
        await tx.claimCodeBatch.deleteMany({ where: { collectionId } });
        await tx.bounty.deleteMany({ where: { collectionId } });
        await writeExtras(tx, collectionId, plan, phaseIds);
      } else {
        // Phases may have been re-created: keep batches pointing at the phase of their label.
        await writeBatchPhases(tx, collectionId, plan, phaseIds);
      }
      const resize =
        current.nfts.size !== next.nfts.size && collection.collectionAddress ? collection.collectionAddress : null;
      await options.onApplied?.(tx, verdict.changes);
      return { changes: verdict.changes, resize };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
  // Before the first mint only, so no member can be added between the write and this.
  if (result.resize) await resizeGroup(ctx, result.resize, plan.nfts.length);
  const report = await describeDrop(ctx, plan.shortId);
  return {
    outcome: result.changes.length > 0 ? "updated" : "unchanged",
    changes: result.changes,
    ...report,
    lines: [...result.changes.map((c) => `  changed: ${c}`), ...report.lines],
  };
}

async function writeBatchPhases(tx: Tx, collectionId: string, plan: DropPlan, phaseIds: readonly string[]) {
  const batches = await tx.claimCodeBatch.findMany({ where: { collectionId }, orderBy: { createdAt: "asc" } });
  for (const [i, batch] of batches.entries()) {
    const label = plan.claimCodeBatches[i]?.phaseLabel ?? null;
    const index = label === null ? -1 : plan.phases.findIndex((p) => (p.label ?? "default") === label);
    const phaseId = index >= 0 ? phaseIds[index]! : null;
    if (batch.phaseId !== phaseId) await tx.claimCodeBatch.update({ where: { id: batch.id }, data: { phaseId } });
  }
}

async function resizeGroup(ctx: ServiceContext, groupMint: string, maxSize: number) {
  const { blockhash } = await ctx.chain.getLatestBlockhash();
  const transaction = buildUpdateGroupMaxSizeTransaction({
    mintAuthority: ctx.keys.mintAuthority,
    groupMint: new PublicKey(groupMint),
    maxSize: BigInt(maxSize),
    recentBlockhash: blockhash,
  });
  await ctx.chain.sendRawTransaction(transaction.serialize());
}

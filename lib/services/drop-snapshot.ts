// The facts of a drop that every hot read repeats: its record, its phases and its counts.
// Kept in memory per instance (lib/services/read-caches.ts) until the drop changes, and
// everything derived from the clock (status, msUntilStart, serverTime) is computed per
// request from them, so a cached drop is never stale in time.
//
// The counts are cached apart from the rest: during a sale every mint moves them, while
// the record and the phases stay put, and prepare and execute need only the latter.
import type { Collection, GateRule, Phase } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "./context";

export type PhaseWithGates = Phase & { gateRules: GateRule[] };

export type DropSnapshot = Readonly<{
  collection: Collection;
  /** In display order, each with its gate rules. */
  phases: readonly PhaseWithGates[];
  /** Whether the drop has any claim codes: its capabilities then require them. */
  hasClaimCodes: boolean;
  /** NFTs minted from the drop: burned ones still count; an edition's master never does. */
  minted: number;
  burned: number;
  /** Landed mints per phase id (a phase with none is absent): a phase's supply is sold out by them. */
  mintedByPhase: Readonly<Record<string, number>>;
}>;

export type DropFacts = Pick<DropSnapshot, "collection" | "phases" | "hasClaimCodes">;
export type DropCounts = Pick<DropSnapshot, "minted" | "burned" | "mintedByPhase">;

export async function getDropSnapshot(ctx: ServiceContext, collectionId: string): Promise<DropSnapshot> {
  const [facts, counts] = await Promise.all([getDropFacts(ctx, collectionId), getDropCounts(ctx, collectionId)]);
  return Object.freeze({ ...facts, ...counts });
}

/** The drop's record and phases, without its counts. */
export function getDropFacts(ctx: ServiceContext, collectionId: string): Promise<DropFacts> {
  return ctx.caches.drops.get(collectionId, (id) => loadDropFacts(ctx, id));
}

export function getDropCounts(ctx: ServiceContext, collectionId: string): Promise<DropCounts> {
  return ctx.caches.dropCounts.get(collectionId, (id) => loadDropCounts(ctx, id));
}

async function loadDropFacts({ db }: ServiceContext, collectionId: string): Promise<DropFacts> {
  const [collection, phases, claimCode] = await Promise.all([
    db.collection.findUnique({ where: { id: collectionId } }),
    db.phase.findMany({
      where: { collectionId },
      orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }],
      include: { gateRules: { orderBy: { id: "asc" } } },
    }),
    db.claimCode.findFirst({ where: { collectionId }, select: { id: true } }),
  ]);
  if (!collection) throw new AppError("COLLECTION_NOT_FOUND", "No collection matches that identifier.");
  return Object.freeze({ collection, phases: Object.freeze(phases), hasClaimCodes: claimCode !== null });
}

/** One statement (three before, issue 27: a mint invalidates the counts, so the next prepare reads them). */
async function loadDropCounts({ db }: ServiceContext, collectionId: string): Promise<DropCounts> {
  const [row] = await db.$queryRaw<Array<{ minted: number; burned: number; byPhase: Record<string, number> }>>`
    SELECT
      count(*) FILTER (WHERE status IN ('minted', 'burned'))::int AS minted,
      count(*) FILTER (WHERE status = 'burned')::int AS burned,
      (SELECT COALESCE(json_object_agg(m."phaseId", m.n), '{}') FROM (
         SELECT "phaseId", count(*)::int AS n FROM "Mint"
         WHERE "collectionId" = ${collectionId}::uuid AND "phaseId" IS NOT NULL GROUP BY "phaseId") m) AS "byPhase"
    FROM "Nft" WHERE "collectionId" = ${collectionId}::uuid AND "isMasterEdition" = false`;
  const { minted, burned, byPhase } = row!;
  return Object.freeze({ minted, burned, mintedByPhase: Object.freeze({ ...byPhase }) });
}

/**
 * A phase of the drop, from its cached facts. A phase of another drop answers exactly like
 * an unknown one, so phase ids cannot be probed across drops.
 */
export async function getSnapshotPhaseOrThrow(
  ctx: ServiceContext,
  collectionId: string,
  phaseId: string,
): Promise<PhaseWithGates> {
  const wanted = phaseId.toLowerCase();
  const phase = (await getDropFacts(ctx, collectionId)).phases.find((p) => p.id === wanted);
  if (!phase) throw new AppError("PHASE_NOT_FOUND", "No phase of this collection has that id.");
  return phase;
}

// A drop with nothing left, refused from memory (issue 27's rush). Once the database has
// refused a prepare SOLD_OUT, the instance asks it once whether any NFT of the drop is free
// for anyone; when none is, the prepares after it are answered SOLD_OUT at once, before the
// admission gate's queue and before any statement, instead of each paying the gates, the
// chain reads, a sweep and a reserve only to be refused the same way. In a rush of 1,000
// buyers for 100 NFTs that is 9 prepares in 10.
//
// What makes the fact stale, and why it never refuses free supply longer than an
// announcement takes to arrive:
// - An NFT becomes free only by a write to its row (a release, a supersede, a refused or
//   failed mint, a sweep of dead sessions, an operator's change). The database announces
//   every such write on commit (dropmint_drop_nfts_changed, read-caches.ts), and the fact is
//   forgotten on every instance; a fact whose load began before a change was heard is not
//   kept (KeyedCache's generations).
// - Time frees nothing by itself, but a hold that ends makes its NFT freeable by the next
//   sweep, which prepare runs: the fact lasts only until the drop's earliest hold ends (and
//   at least SHORT_SUPPLY_SWEEP_MS, the pace at which prepares sweep a short drop anyway),
//   so prepares reach the database again, sweep, and the release is announced.
// - While announcements cannot be heard (a lost listener), nothing is kept (the caches' pause).
// A stale "not sold out" costs nothing: the database decides, as it did before this memory.
//
// The refusal comes before the wallet's own checks that need the database (its block, proof,
// eligibility, limit, cooldown, balance): none of them could get the wallet an NFT that does
// not exist, and none is skipped for anything but this refusal.
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { SHORT_SUPPLY_SWEEP_MS } from "@/lib/domain/mint-session";
import { phaseTiming } from "@/lib/domain/phase-status";
import { matchCollectionRef, type CollectionRef } from "@/lib/domain/collection-identifier";
import type { ServiceContext } from "@/lib/services/context";
import type { ReadCaches } from "@/lib/services/read-caches";
import { getDropFacts } from "@/lib/services/drop-snapshot";

/** What the database said of a drop's supply after a SOLD_OUT: none free, until when (monotonic ms) at most. */
export type SupplyLeft = { soldOut: boolean; until: number };

/** The one SOLD_OUT answer of a prepare, from the database or from memory alike. */
export const soldOut = () => new AppError("SOLD_OUT", "Nothing is left to mint here right now.");

export const isSoldOut = (error: unknown) => error instanceof AppError && error.code === "SOLD_OUT";

// Each sold-out drop's id under the identifiers a body may name it by, per instance (a hint only: the fact is read by id).
const identifiers = new WeakMap<ReadCaches["supplyLeft"], Map<string, string>>();

// Prepares waiting at the admission gate, by the identifier their body names: told as soon as that drop is learnt sold out.
const waiting = new WeakMap<ReadCaches["supplyLeft"], Map<string, Set<AbortController>>>();

/**
 * For a prepare about to wait at the gate: a signal that aborts (with SOLD_OUT) if the drop
 * its body names is learnt sold out meanwhile, so it leaves the line at once; `done` once
 * it no longer waits.
 */
export function whileWaiting(
  caches: Pick<ReadCaches, "supplyLeft">,
  identifier: unknown,
): { signal: AbortSignal; done: () => void } | undefined {
  if (typeof identifier !== "string") return undefined;
  let byIdentifier = waiting.get(caches.supplyLeft);
  if (!byIdentifier) waiting.set(caches.supplyLeft, (byIdentifier = new Map()));
  const controllers = byIdentifier.get(identifier) ?? new Set<AbortController>();
  byIdentifier.set(identifier, controllers);
  const controller = new AbortController();
  controllers.add(controller);
  const done = () => {
    controllers.delete(controller);
    if (controllers.size === 0 && byIdentifier.get(identifier) === controllers) byIdentifier.delete(identifier);
  };
  return { signal: controller.signal, done };
}

/** The drop was learnt sold out: every prepare waiting for it leaves the gate's line. */
function releaseWaiting(caches: Pick<ReadCaches, "supplyLeft">, ref: CollectionRef): void {
  for (const [identifier, controllers] of waiting.get(caches.supplyLeft) ?? [])
    if (matchCollectionRef([ref], identifier)) for (const controller of controllers) controller.abort(soldOut());
}

/** Whether this instance knows the drop has nothing free now. */
export async function knownSoldOut(caches: Pick<ReadCaches, "supplyLeft">, collectionId: string): Promise<boolean> {
  const fact = await caches.supplyLeft.peek(collectionId)?.catch(() => undefined);
  return fact !== undefined && fact.soldOut && fact.until > performance.now();
}

/** A hint for the route, before the caller and the scope are known: the identifier in a body names a drop known sold out. */
export function mayBeKnownSoldOut(caches: Pick<ReadCaches, "supplyLeft">, identifier: unknown): Promise<boolean> {
  if (typeof identifier !== "string") return Promise.resolve(false);
  const id = identifiers.get(caches.supplyLeft)?.get(identifier) ?? identifier.toLowerCase();
  return knownSoldOut(caches, id);
}

/**
 * SOLD_OUT from memory, when the drop is known to have nothing free and the phase named is
 * active (any other phase is answered by the usual checks); the caller's prepare budget is
 * spent first, as a refusal from the database spends it.
 */
export async function refuseIfKnownSoldOut(
  ctx: ServiceContext,
  collectionId: string,
  phaseId: string,
  spendBudgets?: () => Promise<void>,
): Promise<void> {
  if (!(await knownSoldOut(ctx.caches, collectionId))) return;
  const phase = (await getDropFacts(ctx, collectionId)).phases.find((p) => p.id === phaseId.toLowerCase());
  if (!phase || phaseTiming(phase, ctx.clock.now()).status !== "active") return;
  await spendBudgets?.();
  throw soldOut();
}

/** After the database refused a prepare SOLD_OUT: asks it (once for every concurrent refusal) what is free in the drop. */
export async function learnSupplyLeft(ctx: ServiceContext, ref: CollectionRef): Promise<void> {
  if (await knownSoldOut(ctx.caches, ref.id)) return;
  const cache = ctx.caches.supplyLeft;
  // A fact whose time is up is read again, not served by the cache's own age.
  if (cache.peek(ref.id)) cache.invalidate(ref.id);
  await cache.get(ref.id, () => loadSupplyLeft(ctx.db, ref.id)).catch(() => undefined);
  let names = identifiers.get(cache);
  if (!names) identifiers.set(cache, (names = new Map()));
  if (names.size > 1_000) names.clear();
  for (const name of [ref.shortId, ref.collectionAddress]) if (name) names.set(name, ref.id);
  if (await knownSoldOut(ctx.caches, ref.id)) releaseWaiting(ctx.caches, ref);
}

/**
 * One statement: whether any NFT of the drop is free for anyone (any tier, any wallet it is
 * kept for; never for an open-ended drop, which makes new ones), and how long until the
 * earliest hold on one ends, on the database's clock: a prepared session's end, or now for
 * a session already ended or in flight (its NFT is freed by a sweep as soon as it can be).
 */
async function loadSupplyLeft(db: Pick<Db, "$queryRaw">, collectionId: string): Promise<SupplyLeft> {
  // Counted from before the question: the fact never outlives the hold it names.
  const asked = performance.now();
  const [row] = await db.$queryRaw<Array<{ free: boolean; msToFirstEnd: number | null }>>`
    WITH clock AS (SELECT now() AT TIME ZONE 'UTC' AS now)
    SELECT (c."totalSupply" IS NULL OR EXISTS (SELECT 1 FROM "Nft" n WHERE n."collectionId" = c.id
        AND n."isMasterEdition" = false AND n.status = 'available')) AS free,
      (SELECT extract(epoch FROM min(CASE WHEN s.status = 'prepared' THEN s."expiresAt" ELSE clock.now END) - clock.now) * 1000
        FROM "Nft" n LEFT JOIN "MintSession" s ON s.id = n."reservedBySession"
        WHERE n."collectionId" = c.id AND n."isMasterEdition" = false AND n.status = 'reserved')::float8 AS "msToFirstEnd"
    FROM "Collection" c, clock WHERE c.id = ${collectionId}::uuid`;
  if (!row || row.free) return { soldOut: false, until: asked };
  const ms = row.msToFirstEnd === null ? Infinity : Math.max(SHORT_SUPPLY_SWEEP_MS, row.msToFirstEnd);
  return { soldOut: true, until: asked + ms };
}

// Settles mints whose outcome was not known when execute answered (timeout, crash, chain
// unreachable), at start-up and on a timer:
// - pending (signature written ahead): minted when the chain confirms the signature
//   (recorded idempotently); failed when it landed and failed; released only once the
//   chain's block height passed the session's lastValidBlockHeight and the signature is
//   still unknown (it can never land after that); otherwise left pending.
// - processing without a signature (left by versions whose claim did not write the
//   signature ahead; never sent): released, or expired past its lifetime, after a grace
//   period. Today's claim moves a session straight to pending with its signature.
// - prepared past its lifetime: expired.
// Last, releaseDeadSessions frees the NFTs of ended sessions whose transaction can no
// longer land (and records any that did), see sessions.ts.
import type { ServiceContext } from "@/lib/services/context";
import type { MintSession } from "@/lib/db/generated/client";
import { createLogger, runJob } from "@/lib/log";
import { wakePayoutWorkers } from "@/lib/services/bounty-payout-worker";
import { recordMint } from "./record-mint";
import { endSession, releaseDeadSessions } from "./sessions";

const log = createLogger("mint");

/** A claim older than this with no signature written is a crashed execute. */
export const STALE_PROCESSING_MS = 30_000;
export const MAINTENANCE_INTERVAL_MS = 30_000;
/** A pending submit younger than this belongs to the execute still waiting for the chain. */
export const PENDING_GRACE_MS = 15_000;

export type ReconcileOutcome = "minted" | "failed" | "released" | "pending";

export async function reconcileSession(
  ctx: ServiceContext,
  session: Pick<MintSession, "id" | "signature" | "lastValidBlockHeight">,
): Promise<ReconcileOutcome> {
  if (!session.signature) return "pending";
  const { db, chain, clock } = ctx;
  try {
    const status = await chain.getSignatureStatus(session.signature);
    if (status.state === "confirmed") {
      await recordMint(db, session.id, session.signature, { at: clock.now(), recovered: true });
      return "minted";
    }
    if (status.state === "failed") {
      await endSession(db, session.id, "failed", {
        from: ["pending"],
        at: clock.now(),
        lastError: status.error ?? "failed on chain",
      });
      return "failed";
    }
    if ((await chain.getBlockHeight()) > session.lastValidBlockHeight) {
      // Check once more: it could have landed between the two reads.
      if ((await chain.getSignatureStatus(session.signature)).state !== "not_found")
        return reconcileSession(ctx, session);
      await endSession(db, session.id, "released", {
        from: ["pending"],
        at: clock.now(),
        lastError: "never landed before its blockhash expired",
      });
      return "released";
    }
    return "pending";
  } catch (error) {
    log.warn(`could not reconcile mint session ${session.id}`, error);
    return "pending";
  }
}

export type ReconcileReport = {
  expired: number;
  minted: number;
  failed: number;
  released: number;
  pending: number;
  abandoned: number;
  freed: number;
  recovered: number;
};

export async function reconcileMintSessions(
  ctx: ServiceContext,
  options: { pendingGraceMs?: number } = {},
): Promise<ReconcileReport> {
  const now = ctx.clock.now();
  const submittedBefore = new Date(now.getTime() - (options.pendingGraceMs ?? PENDING_GRACE_MS));
  const { db } = ctx;
  const report: ReconcileReport = {
    expired: 0,
    minted: 0,
    failed: 0,
    released: 0,
    pending: 0,
    abandoned: 0,
    freed: 0,
    recovered: 0,
  };
  const pending = await db.mintSession.findMany({
    where: { status: "pending", submittedAt: { lte: submittedBefore } },
    select: { id: true, signature: true, lastValidBlockHeight: true },
    take: 500,
  });
  for (const session of pending) report[await reconcileSession(ctx, session)] += 1;

  const stale = await db.mintSession.findMany({
    where: { status: "processing", signature: null, updatedAt: { lt: new Date(now.getTime() - STALE_PROCESSING_MS) } },
    select: { id: true, expiresAt: true },
    take: 500,
  });
  for (const session of stale) {
    if (
      await endSession(db, session.id, session.expiresAt <= now ? "expired" : "released", {
        from: ["processing"],
        at: now,
        lastError: "abandoned before it was sent",
      })
    )
      report.abandoned += 1;
  }
  const released = await releaseDeadSessions(ctx);
  return { ...report, expired: released.expired, freed: released.freed, recovered: released.recovered };
}

/** Whether a run settled anything (its line is then at info level: what a restart after a crash recovered, for example). */
function settledAnything(report: ReconcileReport): boolean {
  const { pending: _pending, ...settled } = report;
  return Object.values(settled).some((count) => count > 0);
}

/** Runs the reconciler now and every interval (unref'd); the returned function stops it and waits for a run in progress. */
export function startMintMaintenance(ctx: ServiceContext, intervalMs = MAINTENANCE_INTERVAL_MS): () => Promise<void> {
  let current: Promise<void> | null = null;
  const run = () => {
    // One line per run (lib/log.ts runJob), and every line it causes carries the run's id.
    current ??= runJob(log, "mint-maintenance", async () => {
      const report = await reconcileMintSessions(ctx);
      // A bounty's free mint settled above is marked paid by the payout worker's next run.
      if (report.minted > 0) wakePayoutWorkers();
      return { ...report, quiet: !settledAnything(report) };
    })
      .then(
        () => undefined,
        () => undefined, // logged by runJob
      )
      .finally(() => {
        current = null;
      });
    return current;
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

// Test controls for the local chain: the schedule and the allowlists are data, so moving a
// phase's start is how end-to-end tests see an upcoming phase turn active without waiting
// days, and allowlisting the page's burner wallet is how they mint in a gated phase.
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "./context";

export async function movePhaseStart(ctx: ServiceContext, phaseId: string, startsInMs: number) {
  const startDate = new Date(ctx.clock.now().getTime() + startsInMs);
  const moved = await ctx.db.phase.updateMany({ where: { id: phaseId }, data: { startDate } });
  if (moved.count === 0) throw new AppError("PHASE_NOT_FOUND", "No phase has that id.");
  return { phaseId, startDate: startDate.toISOString() };
}

export async function allowlistWallet(ctx: ServiceContext, phaseId: string, walletAddress: string, allocation: number) {
  const { db } = ctx;
  if (!(await db.phase.findUnique({ where: { id: phaseId }, select: { id: true } })))
    throw new AppError("PHASE_NOT_FOUND", "No phase has that id.");
  await db.allowlistEntry.upsert({
    where: { phaseId_walletAddress: { phaseId, walletAddress } },
    create: { phaseId, walletAddress, allocation },
    update: { allocation },
  });
  return { phaseId, walletAddress, allocation };
}

// Test controls for the local chain: the schedule and the allowlists are data, so moving a
// phase's start is how end-to-end tests see an upcoming phase turn active without waiting
// days, and allowlisting the page's burner wallet is how they mint in a gated phase.
import type { PrismaClient } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/api/api-error";

export async function movePhaseStart(prisma: PrismaClient, phaseId: string, startsInMs: number, now: Date) {
  const startDate = new Date(now.getTime() + startsInMs);
  const moved = await prisma.phase.updateMany({ where: { id: phaseId }, data: { startDate } });
  if (moved.count === 0) throw new ApiError("PHASE_NOT_FOUND", "No phase has that id.");
  return { phaseId, startDate: startDate.toISOString() };
}

export async function allowlistWallet(prisma: PrismaClient, phaseId: string, walletAddress: string, allocation: number) {
  if (!(await prisma.phase.findUnique({ where: { id: phaseId }, select: { id: true } }))) throw new ApiError("PHASE_NOT_FOUND", "No phase has that id.");
  await prisma.allowlistEntry.upsert({ where: { phaseId_walletAddress: { phaseId, walletAddress } }, create: { phaseId, walletAddress, allocation }, update: { allocation } });
  return { phaseId, walletAddress, allocation };
}

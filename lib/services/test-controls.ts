// Test controls for the local chain: the schedule is data, so moving a phase's start is how
// end-to-end tests see an upcoming phase turn active without waiting days.
import type { PrismaClient } from "@/lib/db/generated/client";
import { ApiError } from "@/lib/api/api-error";

export async function movePhaseStart(prisma: PrismaClient, phaseId: string, startsInMs: number, now: Date) {
  const startDate = new Date(now.getTime() + startsInMs);
  const moved = await prisma.phase.updateMany({ where: { id: phaseId }, data: { startDate } });
  if (moved.count === 0) throw new ApiError("PHASE_NOT_FOUND", "No phase has that id.");
  return { phaseId, startDate: startDate.toISOString() };
}

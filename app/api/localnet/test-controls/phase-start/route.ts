// POST /api/localnet/test-controls/phase-start {phaseId, startsInMs} — moves a phase's start.
// Served only on localnet with DROPMINT_TEST_CONTROLS=1; otherwise this path does not exist.
import { fail, ok } from "@/lib/api/envelope";
import { handleApiError } from "@/lib/api/handle-error";
import { readJsonBody } from "@/lib/api/request-input";
import { phaseStartBodySchema, phaseStartResponseSchema } from "@/lib/schemas/test-controls";
import { getRuntime } from "@/lib/server/runtime";
import { movePhaseStart } from "@/lib/services/test-controls";

export async function POST(request: Request) {
  try {
    const runtime = await getRuntime();
    if (!runtime.config.testControls) return fail("NOT_FOUND", "No such endpoint.");
    const body = phaseStartBodySchema.parse(await readJsonBody(request));
    const moved = await movePhaseStart(runtime.database.prisma, body.phaseId, body.startsInMs, new Date());
    return ok(phaseStartResponseSchema.omit({ success: true }).parse(moved));
  } catch (error) {
    return handleApiError(error);
  }
}

// POST /api/localnet/test-controls/phase-start {phaseId, startsInMs} — moves a phase's start.
// Served only on localnet with DROPMINT_TEST_CONTROLS=1; otherwise this path does not exist.
import { toolRoute, withTestControls } from "@/lib/api/tool-route";
import { phaseStartBodySchema, phaseStartResponseSchema } from "@/lib/schemas/test-controls";
import { movePhaseStart } from "@/lib/services/test-controls";

export const POST = toolRoute(
  { guard: withTestControls, body: phaseStartBodySchema, response: phaseStartResponseSchema },
  ({ ctx, body }) => movePhaseStart(ctx, body.phaseId, body.startsInMs),
);

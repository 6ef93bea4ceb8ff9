// POST /api/localnet/test-controls/phase-start — end-to-end tests move a phase's start so a
// countdown can roll over while the page is open. Localnet only, and only with
// DROPMINT_TEST_CONTROLS=1.
import { z } from "zod";
import { uuidSchema } from "./common";

export const phaseStartBodySchema = z.object({
  phaseId: uuidSchema.transform((id) => id.toLowerCase()),
  /** From now; negative moves the start into the past. Bounded to a day either way. */
  startsInMs: z.number().int().min(-86_400_000).max(86_400_000),
});

export const phaseStartResponseSchema = z.object({
  success: z.literal(true),
  phaseId: z.string(),
  startDate: z.iso.datetime({ offset: true }),
});

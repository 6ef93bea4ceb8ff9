// The local chain's test controls, served only on localnet with DROPMINT_TEST_CONTROLS=1:
// - POST /api/localnet/test-controls/phase-start: end-to-end tests move a phase's start so a
//   countdown can roll over while the page is open;
// - POST /api/localnet/test-controls/allowlist: they put the page's burner wallet (a new key
//   on every load) on a gated phase's allowlist, to mint there in the browser.
import { z } from "zod";
import { solanaAddressSchema, uuidSchema } from "./common";

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

export const allowlistBodySchema = z.object({
  phaseId: uuidSchema.transform((id) => id.toLowerCase()),
  walletAddress: solanaAddressSchema,
  allocation: z.number().int().min(1).max(100),
});

export const allowlistResponseSchema = z.object({
  success: z.literal(true),
  phaseId: z.string(),
  walletAddress: z.string(),
  allocation: z.number().int(),
});

// GET /collections/{collectionId}/eligibility/{phaseId}/{walletAddress}: a verdict for one
// wallet and phase. Nothing in it discloses the allowlist.
import { z } from "zod";
import { collectionIdentifierSchema, solanaAddressSchema, timestampSchema, uuidSchema } from "./common";

export const getEligibilityParamsSchema = z.object({
  identifier: collectionIdentifierSchema,
  phaseId: uuidSchema,
  walletAddress: solanaAddressSchema,
});

/** Value set of `type` (the spec leaves it open): allowlist, nft_gate, token_gate. */
export const requirementTypeSchema = z.enum(["allowlist", "nft_gate", "token_gate"]);

export const requirementSchema = z.object({
  type: requirementTypeSchema,
  met: z.boolean(),
  description: z.string(),
  /**
   * Dropmint's addition, on an NFT gate: the published drops on this site that sell NFTs of
   * the gate's collections (name and site path), where a wallet can get one. Empty when none.
   */
  drops: z.array(z.object({ name: z.string().nullable(), path: z.string() })).optional(),
});
export type GateRequirement = z.infer<typeof requirementSchema>;

export const eligibilityResponseSchema = z.object({
  success: z.literal(true),
  gated: z.boolean(),
  meetsRequirements: z.boolean(),
  /** null for an ungated phase, where the allowlist does not apply. */
  onAllowlist: z.boolean().nullable(),
  spotsAllocated: z.number().int().min(0).nullable(),
  spotsRemaining: z.number().int().min(0).nullable(),
  requirements: z.array(requirementSchema),
  phase: z.object({
    id: z.uuid(),
    name: z.string().nullable(),
    startDate: timestampSchema.nullable(),
    endDate: timestampSchema.nullable(),
    hasStarted: z.boolean(),
    hasEnded: z.boolean(),
  }),
  address: z.string(),
  message: z.string(),
});
export type EligibilityResponse = z.infer<typeof eligibilityResponseSchema>;
export type EligibilityView = Omit<EligibilityResponse, "success">;

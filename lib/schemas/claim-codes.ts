// Claim codes of a drop: the config (which kinds of codes exist), a wallet's benefits from
// redeemed codes, and the read-only check of one code. Shapes as the v1 spec names them.
import { z } from "zod";
import {
  CLAIM_CODE_MAX_LENGTH,
  CLAIM_CODE_MIN_LENGTH,
  isClaimCodeLengthValid,
  normalizeClaimCode,
} from "@/lib/domain/claim-code-format";
import { plainTextSchema, solanaAddressSchema, uuidSchema } from "./common";

// ── GET /collections/{collectionId}/claim-codes (no success member, as the spec lists it) ──

export const claimCodeConfigResponseSchema = z.object({
  hasClaimCodes: z.boolean(),
  hasDiscountCodes: z.boolean(),
  hasWhitelistCodes: z.boolean(),
  hasPackCodes: z.boolean(),
});
export type ClaimCodeConfig = z.infer<typeof claimCodeConfigResponseSchema>;

// ── GET /collections/{collectionId}/claim-codes/benefits/{walletAddress} ──

export const getClaimCodeBenefitsParamsSchema = z.object({ walletAddress: solanaAddressSchema });

export const getClaimCodeBenefitsQuerySchema = z.object({
  phaseId: uuidSchema.transform((id) => id.toLowerCase()).optional(),
  blockchain: plainTextSchema().trim().min(1).max(64).optional(),
  packTierId: plainTextSchema().trim().min(1).max(128).optional(),
});

export const freeMintSourceSchema = z.object({
  type: z.literal("free_mint"),
  batchName: z.string().nullable(),
  allocation: z.number().int().nullable(),
  used: z.number().int(),
  batchId: z.string().optional(),
  packTierId: z.string().nullable().optional(),
});

export const discountSourceSchema = z.object({
  type: z.literal("discount"),
  batchName: z.string().nullable(),
  percent: z.number().optional(),
  fixed: z.number().optional(),
  allocation: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  batchId: z.string().optional(),
});

/** `success` is false (with every figure zero) when the lookup failed: then zeros do not mean "no benefits". */
export const claimCodeBenefitsResponseSchema = z.object({
  success: z.boolean(),
  freeMints: z.number().int(),
  discountPercent: z.number(),
  /** In the drop's currency units (e.g. SOL), like PriceDisplay. */
  discountFixed: z.number(),
  discountRemaining: z.number().int().optional(),
  packTierId: z.string().nullable().optional(),
  source: z.discriminatedUnion("type", [freeMintSourceSchema, discountSourceSchema]).nullable(),
});
export type ClaimCodeBenefitsResponse = z.infer<typeof claimCodeBenefitsResponseSchema>;

// ── POST /collections/{collectionId}/claim-codes/validate (no success member) ──

const codeLengthMessage = `must be ${CLAIM_CODE_MIN_LENGTH} to ${CLAIM_CODE_MAX_LENGTH} characters (UTF-16 code units) after trimming`;

/**
 * What the OpenAPI document states of a claim code: the length limits (which the refinement
 * checks in UTF-16 units, as the spec counts; JSON Schema counts code points) and the rule.
 */
export const CLAIM_CODE_DOCUMENTATION = {
  minLength: CLAIM_CODE_MIN_LENGTH,
  maxLength: CLAIM_CODE_MAX_LENGTH,
  description: `${CLAIM_CODE_MIN_LENGTH} to ${CLAIM_CODE_MAX_LENGTH} UTF-16 code units after trimming; upper-cased by the service.`,
};

/**
 * The code is trimmed, length-checked (before any lookup), then upper-cased. The length is
 * JS `.length` (UTF-16 units) as the spec counts it; zod's min/max count code points.
 */
export const validateClaimCodeBodySchema = z.object({
  code: plainTextSchema("is required and must be a string")
    .trim()
    .refine(isClaimCodeLengthValid, codeLengthMessage)
    .meta(CLAIM_CODE_DOCUMENTATION)
    .transform(normalizeClaimCode),
});

export const claimGrantTypeSchema = z.enum(["whitelist", "free_mint", "discount", "external", "nft_redemption"]);

/** Why a code of this drop is not valid now; absent for an unknown code (or another drop's). */
export const claimCodeInvalidReasonSchema = z.enum(["disabled", "expired", "used_up"]);

export const claimCodeCheckResponseSchema = z.object({
  valid: z.boolean(),
  grantType: claimGrantTypeSchema.optional(),
  mintAllocation: z.number().int().nullable().optional(),
  discountPercentage: z.number().nullable().optional(),
  /** In the drop's currency units. */
  discountFixed: z.number().nullable().optional(),
  /** null: unlimited. */
  usesRemaining: z.number().int().nullable().optional(),
  // Further members (the spec allows them):
  reason: claimCodeInvalidReasonSchema.optional(),
  /** The phase the code applies to; null: any phase of the drop. */
  phaseId: z.string().nullable().optional(),
  /** Pack codes: the pack tier granted (grantType is free_mint). */
  packTierId: z.string().nullable().optional(),
  /** External codes: where the creator's perk is claimed. */
  externalUrl: z.string().nullable().optional(),
});
export type ClaimCodeCheck = z.infer<typeof claimCodeCheckResponseSchema>;

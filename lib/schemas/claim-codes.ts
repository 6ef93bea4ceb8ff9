// Claim codes of a drop: the config (which kinds of codes exist), a wallet's benefits from
// redeemed codes, and the read-only check of one code. Shapes as the v1 spec names them.
import { z } from "zod";
import {
  CLAIM_CODE_MAX_LENGTH,
  CLAIM_CODE_MIN_LENGTH,
  CLAIM_CODE_PATTERN,
  normalizeClaimCode,
} from "@/lib/domain/claim-code-format";
import { SURFACE_CHAINS } from "@/lib/domain/surface-support";
import { solanaAddressSchema, trimmedTextSchema, uuidSchema } from "./common";

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
  blockchain: z
    .enum(SURFACE_CHAINS, { error: `must be one of ${SURFACE_CHAINS.join(", ")} (v1 is Solana only)` })
    .optional(),
  packTierId: trimmedTextSchema(1, 128).optional(),
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

const CODE_MESSAGE = `must be ${CLAIM_CODE_MIN_LENGTH} to ${CLAIM_CODE_MAX_LENGTH} characters after trimming, without control characters`;

/**
 * A claim code as a caller sends it: trimmed, then 4..1024 characters counted as code
 * points, as the spec and JSON Schema count them (the pattern says so in the document and
 * is the check itself), then upper-cased. Checked before any lookup.
 */
export function claimCodeSchema(error = "must be a string") {
  return z
    .string({ error })
    .regex(CLAIM_CODE_PATTERN, CODE_MESSAGE)
    .meta({
      description: `${CLAIM_CODE_MIN_LENGTH} to ${CLAIM_CODE_MAX_LENGTH} characters (code points) after trimming, no control characters; upper-cased by the service.`,
    })
    .transform(normalizeClaimCode);
}

export const validateClaimCodeBodySchema = z.object({ code: claimCodeSchema("is required and must be a string") });

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

// The error envelope every router answers with: { success: false, error, code } plus, for
// some codes, named extras. The sentence is for people and may change; the code is stable.
import { z } from "zod";
import { errorCodeSchema } from "@/lib/errors";
import { timestampSchema } from "./common";

export const errorEnvelopeSchema = z.looseObject({
  success: z.literal(false),
  error: z.string().min(1),
  code: errorCodeSchema,
  /** RATE_LIMITED, COLLECTION_RATE_LIMITED, SERVER_BUSY: seconds to wait (also the Retry-After header). */
  retryAfter: z.number().int().min(0).optional(),
  /** WALLET_BLOCKED, ASSET_BANNED: why; WALLET_BLOCKED also until when (null: permanent or open-ended) and whether it is permanent. */
  reason: z.string().nullable().optional(),
  blockedUntil: timestampSchema.nullable().optional(),
  permanent: z.boolean().optional(),
  /** MINT_NOT_SUPPORTED_BY_SURFACE: the hosted mint page, or null. */
  mintUrl: z.string().nullable().optional(),
  /** CLAIM_CODE_EXTERNAL: where the creator's perk is claimed, or null. */
  externalUrl: z.string().nullable().optional(),
  /** OUTCOME_PENDING: the transaction may still land. */
  pending: z.literal(true).optional(),
  /** API_KEY_REQUIRED on v1: the public OpenAPI document and the reference (/docs), to start from. */
  docs: z.url().optional(),
  reference: z.url().optional(),
  /** PRICE_MOVED: the live quote, the quote the buyer sent, and the tolerance between them. */
  tokenAmount: z.number().optional(),
  quotedTokenAmount: z.number().optional(),
  slippageTolerance: z.number().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

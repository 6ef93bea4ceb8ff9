// The mint flow: POST /prepare-mint, POST /execute-mint and POST /execute-mint/batch.
import { z } from "zod";
import { MAX_UNSIGNED_SESSIONS_PER_WALLET } from "@/lib/domain/mint-session";
import { claimCodeSchema } from "./claim-codes";
import { collectionIdentifierSchema, solanaAddressSchema, timestampSchema, uuidSchema } from "./common";

// ── POST /prepare-mint ──

/**
 * NFTs one prepare may ask for: the same number as prepare's cap on what one prepare reserves
 * (bonuses included), so the body schema, prepare and the OpenAPI document state one bound.
 */
export const PREPARE_MAX_QUANTITY = MAX_UNSIGNED_SESSIONS_PER_WALLET;

/** Digits of a whole number from 1 to max (≤ 99), without leading zeros: "1", …, "10". */
function oneToPattern(max: number): string {
  const tens = Math.floor(max / 10);
  const options = [max >= 9 ? "[1-9]" : `[1-${max}]`];
  if (tens >= 2) options.push(`[1-${tens - 1}][0-9]`);
  if (tens >= 1) options.push(max % 10 === 0 ? `${tens}0` : `${tens}[0-${max % 10}]`);
  return `^(?:${options.join("|")})$`;
}

/**
 * An integer 1..PREPARE_MAX_QUANTITY, or the same number as a string of digits (the spec's
 * raw example sends one). Both forms state their exact bounds, so the document refuses
 * what prepare refuses: "0", "007" and "11" alike.
 */
const quantitySchema = z.union(
  [
    z.number().int().min(1).max(PREPARE_MAX_QUANTITY),
    z
      .string()
      .regex(new RegExp(oneToPattern(PREPARE_MAX_QUANTITY)))
      .transform(Number),
  ],
  { error: `must be a whole number from 1 to ${PREPARE_MAX_QUANTITY}` },
);

/** The longest affiliate_code and walletProvider kept; longer ones are dropped, never refused. */
export const ATTRIBUTION_MAX_LENGTH = 64;
const WALLET_PROVIDER = new RegExp(`^[\\p{L}\\p{N} ._()'-]{1,${ATTRIBUTION_MAX_LENGTH}}$`, "u");
const AFFILIATE_CODE = new RegExp(`^[\\p{L}\\p{N}_-]{1,${ATTRIBUTION_MAX_LENGTH}}$`, "u");

/** Analytics only: a short display name; anything else is dropped, never refused. */
const walletProviderSchema = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && WALLET_PROVIDER.test(value.trim()) ? value.trim() : null));

export const prepareMintBodySchema = z.object({
  collectionId: collectionIdentifierSchema,
  phaseId: uuidSchema.transform((id) => id.toLowerCase()),
  walletAddress: solanaAddressSchema,
  quantity: quantitySchema,
  /** Attribution only: an unusable value is ignored like an unknown code, never refused. */
  affiliate_code: z
    .unknown()
    .optional()
    .transform((value) => (typeof value === "string" && AFFILIATE_CODE.test(value.trim()) ? value.trim() : null)),
  walletProvider: walletProviderSchema,
  /**
   * A claim code to apply to this mint, checked like POST …/claim-codes/validate: trimmed,
   * 4..1024 characters, upper-cased. Absent or null: only already-redeemed codes apply.
   */
  claimCode: claimCodeSchema()
    .nullish()
    .transform((code) => code ?? null),
  /**
   * Pegged phases: the tokenAmount of the quote the buyer saw (GET /phases/{id}/pegged-price).
   * The live price is charged only up to this plus the quote's slippageTolerance; above it,
   * 409 PRICE_MOVED. Absent or null: the live quote is charged (prepare's pricing shows it).
   */
  quotedTokenAmount: z
    .number({ error: "must be a number" })
    .positive("must be above 0")
    .max(1e12, "must be at most 1e12")
    .nullish()
    .transform((amount) => amount ?? null),
});
export type PrepareMintBody = z.output<typeof prepareMintBodySchema>;

const wireAmount = z.number().nonnegative();

export const mintKindSchema = z.enum(["paid", "free", "bogo_bonus", "claim_code"]);

/** One transaction's share; items[i] belongs to sessions[i] and transactions[i]. */
export const pricingItemSchema = z.object({
  sessionId: z.string(),
  kind: mintKindSchema,
  price: wireAmount,
  priceRaw: wireAmount,
  discount: wireAmount,
  discountRaw: wireAmount,
  platformFee: wireAmount,
  platformFeeRaw: wireAmount,
  networkCost: wireAmount,
  networkCostRaw: wireAmount,
});

/**
 * The authoritative breakdown. Every amount comes twice: `x` in display units of
 * `currency` and `xRaw` in its smallest unit (lamports for SOL). networkCost is what the
 * chain takes (rent of the new accounts + signature fees), always in SOL. A price in a token
 * (`currencyMint` set) is paid in that token, the platform fee too; walletDebit is then what
 * the wallet spends in SOL (the network cost), and `total` what it spends of the token.
 */
export const mintPricingSchema = z.object({
  currency: z.string(),
  currencyDecimals: z.number().int(),
  /** The token mint the price is paid in (SPL Token or Token-2022); null for SOL. */
  currencyMint: z.string().nullable(),
  priceModel: z.enum(["fixed", "range", "hidden", "dutch", "pegged"]),
  unitPrice: wireAmount,
  unitPriceRaw: wireAmount,
  paidQuantity: z.number().int(),
  freeQuantity: z.number().int(),
  claimCodeQuantity: z.number().int(),
  bonusQuantity: z.number().int(),
  platformFeePerNft: wireAmount,
  platformFeePerNftRaw: wireAmount,
  subtotal: wireAmount,
  subtotalRaw: wireAmount,
  discount: wireAmount,
  discountRaw: wireAmount,
  platformFee: wireAmount,
  platformFeeRaw: wireAmount,
  total: wireAmount,
  totalRaw: wireAmount,
  networkCost: wireAmount,
  networkCostRaw: wireAmount,
  walletDebit: wireAmount,
  walletDebitRaw: wireAmount,
  items: z.array(pricingItemSchema),
});
export type MintPricing = z.infer<typeof mintPricingSchema>;

export const preparedMintResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(z.object({ sessionId: z.string(), nftIds: z.array(z.string()), nftCount: z.number().int() })),
  transactions: z.array(
    z.object({
      transaction: z.string().meta({
        contentEncoding: "base64",
        contentMediaType: "application/octet-stream",
        description:
          "A legacy (not versioned) Solana transaction, serialized and base64-encoded, for the wallet to sign.",
      }),
      /** Always false: v1 builds legacy transactions. */
      isVersionedTransaction: z.literal(false),
      nftCount: z.number().int(),
    }),
  ),
  requestedQuantity: z.number().int(),
  totalQuantity: z.number().int(),
  quantityAdjusted: z.boolean(),
  adjustmentReason: z.string().nullable(),
  expiresInMs: z.number().int(),
  expiresAt: timestampSchema,
  pricing: mintPricingSchema,
  bogo: z.object({ buy: z.number().int(), get: z.number().int(), bonusQuantity: z.number().int() }).nullable(),
  chainType: z.literal("solana"),
});
export type PreparedMintResponse = z.infer<typeof preparedMintResponseSchema>;

// ── POST /execute-mint ──

/** Loose on purpose: a transactionHash member must be refused before anything else is checked. */
export const executeMintRawBodySchema = z.looseObject({});

/** A Solana packet holds at most 1232 bytes: 1644 base64 characters. */
const MAX_TRANSACTION_BASE64 = 1644;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The wallet-signed transaction: its legacy (not versioned) wire form, in standard base64. */
const signedTransactionSchema = z
  .string({ error: "is required" })
  .min(1, "is required")
  .max(MAX_TRANSACTION_BASE64, "is too long")
  .regex(BASE64, "must be base64")
  .meta({
    contentEncoding: "base64",
    contentMediaType: "application/octet-stream",
    description:
      "The transaction from prepare-mint, signed by the wallet: a legacy (not versioned) Solana transaction, serialized and base64-encoded.",
  });

export const executeMintBodySchema = z.object({
  sessionId: uuidSchema.transform((id) => id.toLowerCase()),
  signedTransaction: signedTransactionSchema,
});
export type ExecuteMintBody = z.output<typeof executeMintBodySchema>;

/** What a caller sends, as the contract publishes it: a transactionHash is refused (400 CLIENT_BROADCAST_NOT_ALLOWED). */
export const executeMintRequestSchema = executeMintBodySchema.extend({ transactionHash: z.never().optional() });

export const mintedNftSchema = z.object({
  nftId: z.string(),
  tokenId: z.number().int().nullable(),
  name: z.string().nullable(),
  mintAddress: z.string(),
  imageUrl: z.string().nullable(),
  animationUrl: z.string().nullable(),
  mediaType: z.string(),
  previewImageUrl: z.string().nullable(),
  isRevealed: z.boolean(),
  revealAfter: z.string().nullable(),
  editionNumber: z.number().int().nullable(),
  maxEditionSupply: z.number().int().nullable(),
  rarity_score: z.number().nullable(),
  rarity_rank: z.number().int().nullable(),
  rarity_tier: z.string().nullable(),
  bounty: z
    .object({
      bountyType: z.string(),
      amount: z.number().nullable(),
      tokenSymbol: z.string().nullable(),
      payoutStatus: z.string(),
    })
    .nullable(),
});
export type MintedNft = z.infer<typeof mintedNftSchema>;

export const directBountySchema = z.object({
  bountyId: z.string().nullable(),
  poolId: z.string().nullable(),
  name: z.string().nullable(),
  bountyType: z.string(),
  /** Smallest unit of the token. */
  amount: z.number().nullable(),
  tokenSymbol: z.string().nullable(),
  payoutStatus: z.string(),
  memo: z.string().nullable(),
});

export const executeMintResultSchema = z.object({
  success: z.literal(true),
  minted: z.number().int(),
  signature: z.string().optional(),
  transactionHash: z.string().optional(),
  chainType: z.literal("solana"),
  nfts: z.array(mintedNftSchema).optional(),
  totalCost: z.number(),
  currency: z.string(),
  collectionStats: z
    .object({
      totalSupply: z.number().int(),
      mintedCount: z.number().int(),
      percentMinted: z.number(),
      isMintedOut: z.boolean(),
    })
    .nullable()
    .optional(),
  /**
   * What this mint changed in the drop: its minted count after it, whether the drop's trading
   * freeze still holds, and whether this very mint lifted it (the one that sold the drop out).
   */
  collectionUpdate: z
    .object({ itemsRedeemed: z.number().int(), isFrozen: z.boolean(), autoUnfrozen: z.boolean() })
    .nullable()
    .optional(),
  delayedReveal: z.boolean(),
  instantRevealAfterMint: z.boolean(),
  timeDelayedReveal: z.boolean(),
  revealDelayMinutes: z.number().int().nullable(),
  revealAfter: z.string().nullable(),
  revealAnimationUrl: z.string().nullable(),
  revealTransitionType: z.string(),
  revealAnimationTrigger: z.string(),
  revealTapCaption: z.string().nullable(),
  isPlatformPaid: z.boolean(),
  bountyInfo: z
    .object({ directBounties: z.array(directBountySchema) })
    .nullable()
    .optional(),
  /** True when the mint was settled after an interrupted submit: count only, no signature or nfts. */
  recovered: z.boolean().optional(),
});
export type ExecuteMintResult = z.infer<typeof executeMintResultSchema>;

// ── POST /execute-mint/batch ──

/** Transactions one batch call hands back (a prepare of several NFTs returns one per NFT). */
export const EXECUTE_BATCH_MAX_TRANSACTIONS = 50;

// Each item is validated on its own (a bad item fails alone, in its result), so the route reads loose items.
export const executeMintBatchBodySchema = z.object({
  transactions: z
    .array(z.looseObject({}))
    .min(1, "must hold at least one transaction")
    .max(EXECUTE_BATCH_MAX_TRANSACTIONS, `must hold at most ${EXECUTE_BATCH_MAX_TRANSACTIONS} transactions`),
});

/** The batch body as the contract publishes it: each item is an execute-mint body. */
export const executeMintBatchRequestSchema = z.object({
  transactions: z.array(executeMintRequestSchema).min(1).max(EXECUTE_BATCH_MAX_TRANSACTIONS),
});

export const batchTransactionResultSchema = z.object({
  sessionId: z.string(),
  success: z.boolean(),
  error: z.string().nullable().optional(),
  errorCode: z.string().optional(),
  pending: z.boolean().optional(),
  recovered: z.boolean().optional(),
  signature: z.string().optional(),
  mintedCount: z.number().int().optional(),
  minted: z.array(mintedNftSchema),
});
export type BatchTransactionResult = z.infer<typeof batchTransactionResultSchema>;

export const executeMintBatchResponseSchema = z.object({
  success: z.boolean(),
  results: z.array(batchTransactionResultSchema),
  totalMinted: z.number().int(),
  successfulTransactions: z.number().int(),
  failedTransactions: z.number().int(),
  executionTimeMs: z.number(),
});
export type ExecuteMintBatchResponse = z.infer<typeof executeMintBatchResponseSchema>;

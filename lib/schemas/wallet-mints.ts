// GET /collections/{collectionId}/wallet-mints/{walletAddress}: one wallet's mint counts in
// a drop, per phase, with the allocation that limits each.
import { z } from "zod";
import { collectionIdentifierSchema, solanaAddressSchema } from "./common";

export const getWalletMintsParamsSchema = z.object({
  identifier: collectionIdentifierSchema,
  walletAddress: solanaAddressSchema,
});

export const allocationDetailSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("whitelist"), allocation: z.number().int() }),
  z.object({
    type: z.literal("nft_gate"),
    ruleName: z.string(),
    multiplier: z.number().int(),
    collections: z.array(z.string()),
  }),
  z.object({
    type: z.literal("token_gate"),
    ruleName: z.string(),
    multiplier: z.number().int(),
    tokenAddress: z.string(),
  }),
]);

export const walletPhaseMintsSchema = z.object({
  phaseName: z.string().nullable(),
  minted: z.number().int().min(0),
  /** 0 means unlimited. */
  maxPerWallet: z.number().int().min(0),
  whitelistAllocation: z.number().int().nullable(),
  nftGateAllocation: z.number().int().nullable(),
  tokenGateAllocation: z.number().int().nullable(),
  allocationDetails: z.array(allocationDetailSchema),
  hasAllocationOverride: z.boolean().nullable(),
  /** null when nothing limits the wallet in this phase. */
  remaining: z.number().int().min(0).nullable(),
  canMintMore: z.boolean(),
  isPackPhase: z.boolean(),
});
export type WalletPhaseMints = z.infer<typeof walletPhaseMintsSchema>;

export const walletMintsResponseSchema = z.object({
  success: z.literal(true),
  walletAddress: z.string(),
  collectionId: z.uuid(),
  phaseMints: z.record(z.uuid(), walletPhaseMintsSchema),
  totalMinted: z.number().int().min(0),
});
export type WalletMintsResponse = z.infer<typeof walletMintsResponseSchema>;
export type WalletMintsView = Omit<WalletMintsResponse, "success">;

// POST /api/localnet/faucet — airdrop SOL on the embedded local chain.
import { z } from "zod";
import { PublicKey } from "@solana/web3.js";

export const MAX_FAUCET_SOL = 10;

export const solanaAddressSchema = z
  .string()
  .trim()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 Solana address")
  .refine((value) => {
    try {
      return new PublicKey(value).toBase58() === value;
    } catch {
      return false;
    }
  }, "must be a valid Solana address");

export const faucetBodySchema = z.object({
  address: solanaAddressSchema,
  sol: z.number().positive().max(MAX_FAUCET_SOL).default(2),
});

export const faucetResponseSchema = z.object({
  success: z.literal(true),
  signature: z.string(),
  lamports: z.number().int(),
  balance: z.number().int(),
});

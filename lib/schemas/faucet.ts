// POST /api/localnet/faucet — airdrop SOL on the embedded local chain.
import { z } from "zod";
import { solanaAddressSchema } from "./common";

export const MAX_FAUCET_SOL = 10;

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

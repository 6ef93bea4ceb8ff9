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

// GET /api/localnet/balance/{address} — a wallet's SOL on the local chain, for the mint
// panel (the browser has no RPC endpoint of its own on localnet).
export const balanceParamsSchema = z.object({ address: solanaAddressSchema });

export const balanceResponseSchema = z.object({
  success: z.literal(true),
  address: z.string(),
  lamports: z.number().int(),
});

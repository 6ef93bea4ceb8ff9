// POST /api/localnet/faucet — airdrop SOL on the embedded local chain.
import { z } from "zod";
import { solanaAddressSchema } from "./common";

export const MAX_FAUCET_SOL = 10;

export const faucetBodySchema = z.object({
  address: solanaAddressSchema,
  // At least one lamport: a smaller amount would airdrop nothing.
  sol: z
    .number({ error: "must be a number of SOL" })
    .min(0.000000001, "must be at least 0.000000001 (one lamport)")
    .max(MAX_FAUCET_SOL, `must be at most ${MAX_FAUCET_SOL}`)
    .default(2),
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

// POST /api/localnet/faucet/stablecoin — the local chain's test stablecoin (DUSD), for
// drops priced in a token. GET /api/localnet/balance/{address}/stablecoin — a wallet's DUSD.
export const MAX_FAUCET_STABLECOIN = 1000;
export const DEFAULT_FAUCET_STABLECOIN = 100;

export const stablecoinFaucetBodySchema = z.object({
  address: solanaAddressSchema,
  amount: z
    .number({ error: "must be a number of whole tokens" })
    .min(0.000001, "must be at least 0.000001 (one smallest unit)")
    .max(MAX_FAUCET_STABLECOIN, `must be at most ${MAX_FAUCET_STABLECOIN}`)
    .default(DEFAULT_FAUCET_STABLECOIN),
});

export const stablecoinBalanceResponseSchema = z.object({
  success: z.literal(true),
  address: z.string(),
  /** The stablecoin's mint address. */
  mint: z.string(),
  symbol: z.string(),
  decimals: z.number().int(),
  /** Whole tokens, and the same in the smallest unit. */
  amount: z.number(),
  amountRaw: z.number().int(),
});

export const stablecoinFaucetResponseSchema = stablecoinBalanceResponseSchema.extend({ signature: z.string() });

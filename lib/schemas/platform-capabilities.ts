// First-party GET platform-capabilities: what this deployment offers, for the site's pages
// to decide what to show. Chains: the one cluster this instance runs on (SOLANA_CLUSTER).
import { z } from "zod";
import { timestampSchema } from "./common";

export const platformCapabilitiesResponseSchema = z.object({
  success: z.literal(true),
  chains: z.array(
    z.object({
      /** e.g. solana-localnet, solana-devnet, solana-mainnet (the drops' `chain`). */
      name: z.string(),
      cluster: z.enum(["localnet", "devnet", "mainnet"]),
      isProduction: z.boolean(),
    }),
  ),
  features: z.object({
    claimCodes: z.boolean(),
    bounties: z.boolean(),
    dutchPricing: z.boolean(),
    peggedPricing: z.boolean(),
    delayedReveal: z.boolean(),
    collectionSearch: z.boolean(),
    /** POST /api/localnet/faucet exists (localnet only). */
    faucet: z.boolean(),
  }),
  /** Where pegged prices come from: a price provider, static prices (offline), or nowhere (pegged phases then answer PRICE_UNAVAILABLE). */
  priceSource: z.enum(["provider", "static", "none"]),
  /** This deployment's budgets and session lifetime, as configured. */
  limits: z.object({
    readsPerMinute: z.number().int(),
    mintsPerMinute: z.number().int(),
    chainReadsPerMinute: z.number().int(),
    sessionTtlSeconds: z.number().int(),
    platformFeeLamports: z.number().int(),
  }),
  serverTime: timestampSchema,
});

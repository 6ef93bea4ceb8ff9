// The feature-flag snapshot of this deployment (first-party GET platform-capabilities), read
// from its running configuration: the one Solana cluster it serves, the faucet on localnet
// only (app/api/localnet/faucet), pegged pricing only when a price source is configured,
// and the budgets and session lifetime it enforces.
import { PRODUCTION_CHAINS } from "@/lib/config";
import type { ServiceContext } from "./context";

export function getPlatformCapabilities(ctx: ServiceContext) {
  const { config } = ctx;
  const now = ctx.clock.now();
  const { tokenPrices, rateLimit } = config;
  const priceSource: "provider" | "static" | "none" = tokenPrices.providerUrl
    ? "provider"
    : Object.keys(tokenPrices.staticPrices).length > 0
      ? "static"
      : "none";
  return {
    chains: [
      { name: config.chainName, cluster: config.cluster, isProduction: PRODUCTION_CHAINS.has(config.chainName) },
    ],
    features: {
      claimCodes: true,
      bounties: true,
      dutchPricing: true,
      peggedPricing: priceSource !== "none",
      delayedReveal: true,
      collectionSearch: true,
      faucet: config.cluster === "localnet",
    },
    priceSource,
    limits: {
      readsPerMinute: rateLimit.readsPerMinute,
      mintsPerMinute: rateLimit.mintsPerMinute,
      chainReadsPerMinute: rateLimit.chainReadsPerMinute,
      sessionTtlSeconds: config.sessionTtlSeconds,
      platformFeeLamports: Number(config.platformFeeLamports),
    },
    serverTime: now.toISOString(),
  };
}

// The feature-flag snapshot of this deployment (first-party GET platform-capabilities).
// One instance serves one Solana cluster; the optional features are those the code ships,
// and the faucet exists on localnet only (app/api/localnet/faucet).
import { PRODUCTION_CHAINS } from "@/lib/config";
import type { ServiceContext } from "./context";

export function getPlatformCapabilities(ctx: ServiceContext) {
  const { config } = ctx;
  const now = ctx.clock.now();
  return {
    chains: [{ name: config.chainName, cluster: config.cluster, isProduction: PRODUCTION_CHAINS.has(config.chainName) }],
    features: {
      claimCodes: true,
      bounties: true,
      dutchPricing: true,
      peggedPricing: true,
      delayedReveal: true,
      collectionSearch: true,
      faucet: config.cluster === "localnet",
    },
    serverTime: now.toISOString(),
  };
}

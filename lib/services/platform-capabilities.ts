// The feature-flag snapshot of this deployment (first-party GET platform-capabilities).
// One instance serves one Solana cluster; the optional features are those the code ships,
// and the faucet exists on localnet only (app/api/localnet/faucet).
import { PRODUCTION_CHAINS, type Config } from "@/lib/config";

export function getPlatformCapabilities(config: Pick<Config, "cluster" | "chainName">, now: Date) {
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

// Whether the v1 mint flow (prepare → sign → execute) can mint a drop: the one rule both the
// Collection response's `capabilities.supportedBySurface` and prepare-mint's
// MINT_NOT_SUPPORTED_BY_SURFACE refusal read, derived from the drop as it is, never stored.
import { unsettledReason, type PhaseCurrency } from "./payment-currency";
import { dutchConfigOf, pegConfigOf } from "./phase-config";

export type SurfaceDrop = {
  collectionAddress: string | null;
  launchStatus: string;
  /** The drop's fairness commitment: a fair drop names no NFT (and so no rarity price) before execute. */
  fairCommitment: string | null;
  /** The features the drop declares it needs (claim codes are added by requiredFeatures). */
  requiresFeatures: readonly string[];
};

/**
 * The `blockchain` values v1 takes (claim-code benefits): Solana, or one of its clusters by
 * the chain name a collection carries (lib/config.ts chainNameOf). v1 is Solana only.
 */
export const SURFACE_CHAINS = ["solana", "solana-mainnet", "solana-devnet", "solana-localnet"] as const;

/** Features the v1 flow cannot serve: a drop that needs one is minted on its hosted page. */
export const FEATURES_NOT_ON_SURFACE = ["nft_selection"] as const;

export type SurfacePhase = PhaseCurrency & { dutchConfig: unknown };

/** Why the v1 flow cannot mint this drop (a sentence for the refusal), or null when it can. */
export function unsupportedBySurface(drop: SurfaceDrop, phases: readonly SurfacePhase[]): string | null {
  // v1 picks the NFT for the buyer; a drop where the buyer selects it is minted on its hosted page.
  if (drop.requiresFeatures.some((f) => (FEATURES_NOT_ON_SURFACE as readonly string[]).includes(f)))
    return "This drop needs a feature the API does not offer (the buyer selects the NFT); use its hosted mint page.";
  if (!drop.collectionAddress || drop.launchStatus !== "live") return "This drop has not launched on chain.";
  // Payments are SOL or token transfers: a phase whose price names no payable token cannot be settled.
  const unsettled = phases.map(unsettledReason).find((reason) => reason !== null);
  if (unsettled) return `${unsettled} The API cannot settle it.`;
  if (phases.some(brokenPriceSettings)) return "A phase of this drop has incomplete price settings.";
  // Rarity pricing would tell a fair drop's buyer how rare the next NFT is: they could decline and wait.
  if (drop.fairCommitment !== null && phases.some((p) => p.priceModel === "range"))
    return "A provably fair drop cannot price by rarity (the price would tell which NFT comes next).";
  return null;
}

function brokenPriceSettings(phase: SurfacePhase): boolean {
  if (phase.priceModel === "pegged") return pegConfigOf(phase) === null;
  if (phase.priceModel === "dutch") return dutchConfigOf(phase) === null;
  return false;
}

/** Features the drop needs beyond a plain mint: the operator's list, plus claim codes whenever the drop has any. */
export function requiredFeatures(stored: readonly string[], hasClaimCodes: boolean): string[] {
  const features = new Set(stored);
  if (hasClaimCodes) features.add("claim_codes");
  return [...features];
}

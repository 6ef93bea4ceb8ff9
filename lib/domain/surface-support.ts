// Whether the v1 mint flow (prepare → sign → execute) can mint a drop: the one rule both the
// Collection response's `capabilities.supportedBySurface` and prepare-mint's
// MINT_NOT_SUPPORTED_BY_SURFACE refusal read, derived from the drop as it is, never stored.
import { settlementOf, type PhaseCurrency } from "./payment-currency";
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

/**
 * A payment token's mint as the chain describes it: its decimals and the Token-2022
 * extensions a payment cannot be made with (lib/chain/token-payment.ts); null when the
 * address holds no token mint.
 */
export type PaymentMint = { decimals: number; unpayableExtensions: readonly string[] } | null;

/**
 * The token-priced phases' mints, read from the chain by address. A mint missing from the
 * map could not be read (the chain is unreachable): it is not held against the drop here, and
 * prepare, which needs the chain anyway, answers CHAIN_UNAVAILABLE instead.
 */
export type PaymentMints = ReadonlyMap<string, PaymentMint>;

/** The token mints the drop's phases are paid in: what the caller reads from the chain for the rule. */
export function paymentMintsOf(phases: readonly PhaseCurrency[]): string[] {
  const mints = phases.flatMap((phase) => {
    const settlement = settlementOf(phase);
    return "kind" in settlement && settlement.kind === "token" ? [settlement.mint] : [];
  });
  return [...new Set(mints)];
}

/** Why the v1 flow cannot mint this drop (a sentence for the refusal), or null when it can. */
export function unsupportedBySurface(
  drop: SurfaceDrop,
  phases: readonly SurfacePhase[],
  paymentMints: PaymentMints = new Map(),
): string | null {
  // v1 picks the NFT for the buyer; a drop where the buyer selects it is minted on its hosted page.
  if (drop.requiresFeatures.some((f) => (FEATURES_NOT_ON_SURFACE as readonly string[]).includes(f)))
    return "This drop needs a feature the API does not offer (the buyer selects the NFT); use its hosted mint page.";
  if (!drop.collectionAddress || drop.launchStatus !== "live") return "This drop has not launched on chain.";
  // Payments are SOL or token transfers: a phase whose price names no payable token cannot be settled.
  const unsettled = phases.map((phase) => unpayableReason(phase, paymentMints)).find((reason) => reason !== null);
  if (unsettled) return `${unsettled} The API cannot settle it.`;
  if (phases.some(brokenPriceSettings)) return "A phase of this drop has incomplete price settings.";
  // Rarity pricing would tell a fair drop's buyer how rare the next NFT is: they could decline and wait.
  if (drop.fairCommitment !== null && phases.some((p) => p.priceModel === "range"))
    return "A provably fair drop cannot price by rarity (the price would tell which NFT comes next).";
  return null;
}

/** Why the phase's price cannot be paid: its settings name no payable token, or its token's mint cannot take the payment. */
function unpayableReason(phase: SurfacePhase, paymentMints: PaymentMints): string | null {
  const settlement = settlementOf(phase);
  if ("unsupported" in settlement) return settlement.unsupported;
  if (settlement.kind === "sol" || !paymentMints.has(settlement.mint)) return null;
  const mint = paymentMints.get(settlement.mint)!;
  if (mint === null) return `A phase's token mint ${settlement.mint} is missing on chain.`;
  if (mint.decimals !== settlement.decimals)
    return `A phase's token has ${mint.decimals} decimals on chain, its price ${settlement.decimals}.`;
  // A transfer fee would pay the creator less than the price; a hook, a pause or non-transferable tokens fail the mint.
  if (mint.unpayableExtensions.length > 0)
    return `A phase's token has Token-2022 extensions a payment cannot be made with (${mint.unpayableExtensions.join(", ")}).`;
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

// Who may mint in a phase, and how many: pure rules over what the services gathered (the
// wallet's allowlist entry, its gate holdings, its override, its mints so far). Two readings
// use them, with different limits, as the spec says ("Eligibility and wallet counts use
// separate allocation rules"):
//
// - Eligibility (a verdict): a gated phase admits a wallet that meets ANY rule. Its
//   allocation is the sum of the sources it meets (allowlist entry + NFTs held × multiplier
//   per NFT gate + multiplier per met token gate); an override replaces that sum. An
//   override changes how many, never whether.
// - Wallet counts (what can still be minted): the same allocation, capped by the phase's
//   maxPerWallet when one is set. An override is the creator's word for that wallet and
//   replaces the cap too. An ungated phase's limit is maxPerWallet (override, if any).
import { formatUnits } from "./amounts";

export type NftGateInput = {
  ruleName: string;
  multiplier: number;
  /** Collection (group) mint addresses whose members count. */
  collections: string[];
  /** How many NFTs of those collections the wallet holds. */
  held: number;
};

export type TokenGateInput = {
  ruleName: string;
  multiplier: number;
  tokenAddress: string;
  /** Raw amount (smallest unit) to hold. */
  minAmount: bigint;
  /** The wallet's raw balance of the token. */
  balance: bigint;
  /** For descriptions; null when the mint could not be read (amounts then stay raw). */
  decimals: number | null;
};

export type WalletPhaseInput = {
  isGated: boolean;
  /** The phase's per-wallet limit; null or 0 means unlimited. */
  maxPerWallet: number | null;
  /** The allocation of the wallet's allowlist entry; null when it has none. */
  allowlistAllocation: number | null;
  nftGates: readonly NftGateInput[];
  tokenGates: readonly TokenGateInput[];
  /** The wallet's WalletAllocationOverride for the phase; null when none. */
  override: number | null;
  /** The wallet's mints in this phase, bonus mints included. */
  minted: number;
};

export type PhaseWindow = { hasStarted: boolean; hasEnded: boolean };

/** Value set of `requirements[].type` in the eligibility response. */
export type RequirementType = "allowlist" | "nft_gate" | "token_gate";
export type Requirement = { type: RequirementType; met: boolean; description: string };

/** `allocationDetails` entries of the wallet-mints response, exactly as the spec shapes them. */
export type AllocationDetail =
  | { type: "whitelist"; allocation: number }
  | { type: "nft_gate"; ruleName: string; multiplier: number; collections: string[] }
  | { type: "token_gate"; ruleName: string; multiplier: number; tokenAddress: string };

/** The allowlist source: the entry's spots plus every allowlist code's; null when the wallet has none of them. */
export function allowlistSpots(parts: ReadonlyArray<number | null | undefined>): number | null {
  const present = parts.filter((n): n is number => typeof n === "number");
  return present.length === 0 ? null : present.reduce((sum, n) => sum + n, 0);
}

type RuleOutcome = { requirement: Requirement; allocation: number; detail: AllocationDetail };

const spots = (n: number) => `${n} spot${n === 1 ? "" : "s"}`;

/** Every rule of a gated phase, in a fixed order: allowlist, NFT gates, token gates. */
function ruleOutcomes(input: WalletPhaseInput): RuleOutcome[] {
  // The allowlist requirement is listed even for a phase without entries, so the answer
  // never tells whether an allowlist exists.
  const onAllowlist = input.allowlistAllocation !== null;
  const allowlist: RuleOutcome = {
    requirement: { type: "allowlist", met: onAllowlist, description: "The wallet is on this phase's allowlist." },
    allocation: Math.max(0, input.allowlistAllocation ?? 0),
    detail: { type: "whitelist", allocation: Math.max(0, input.allowlistAllocation ?? 0) },
  };
  const nft = input.nftGates.map((gate): RuleOutcome => {
    const where =
      gate.collections.length === 1
        ? `collection ${gate.collections[0]}`
        : `collections ${gate.collections.join(", ")}`;
    return {
      requirement: {
        type: "nft_gate",
        met: gate.held > 0,
        description: `${gate.ruleName}: hold an NFT of ${where}; each one held gives ${spots(gate.multiplier)}.`,
      },
      allocation: Math.max(0, gate.held * gate.multiplier),
      detail: { type: "nft_gate", ruleName: gate.ruleName, multiplier: gate.multiplier, collections: gate.collections },
    };
  });
  const token = input.tokenGates.map((gate): RuleOutcome => {
    // Holding nothing never meets a gate, whatever minAmount says.
    const met = gate.balance > 0n && gate.balance >= gate.minAmount;
    const amount =
      gate.decimals === null ? `${gate.minAmount} (smallest unit)` : formatUnits(gate.minAmount, gate.decimals);
    return {
      requirement: {
        type: "token_gate",
        met,
        description: `${gate.ruleName}: hold at least ${amount} of token ${gate.tokenAddress}; gives ${spots(gate.multiplier)}.`,
      },
      allocation: met ? Math.max(0, gate.multiplier) : 0,
      detail: {
        type: "token_gate",
        ruleName: gate.ruleName,
        multiplier: gate.multiplier,
        tokenAddress: gate.tokenAddress,
      },
    };
  });
  return [allowlist, ...nft, ...token];
}

/** The phase's per-wallet limit, null when unlimited (null and 0 both mean unlimited). */
export function phaseWalletLimit(maxPerWallet: number | null): number | null {
  return maxPerWallet && maxPerWallet > 0 ? maxPerWallet : null;
}

export type WalletAllocation = {
  eligible: boolean;
  /** Eligibility's allocation: null only for an ungated phase without a limit. */
  allocation: number | null;
  /** The met sources (gated phases); empty for ungated ones. */
  sources: RuleOutcome[];
  requirements: Requirement[];
};

/** Eligibility's reading: whether the wallet may mint in the phase, and its allocation. */
export function walletAllocation(input: WalletPhaseInput): WalletAllocation {
  if (!input.isGated) {
    return {
      eligible: true,
      allocation: input.override ?? phaseWalletLimit(input.maxPerWallet),
      sources: [],
      requirements: [],
    };
  }
  const outcomes = ruleOutcomes(input);
  const sources = outcomes.filter((o) => o.requirement.met);
  const eligible = sources.length > 0;
  const computed = sources.reduce((sum, o) => sum + o.allocation, 0);
  return {
    eligible,
    allocation: eligible ? Math.max(0, input.override ?? computed) : 0,
    sources,
    requirements: outcomes.map((o) => o.requirement),
  };
}

/**
 * Wallet counts' limit: how many the wallet may mint in the phase in all, null when
 * unlimited. Prepare-mint enforces this one.
 */
export function walletMintLimit(input: WalletPhaseInput): number | null {
  const { eligible, allocation } = walletAllocation(input);
  if (!eligible) return 0;
  if (input.override !== null) return Math.max(0, input.override);
  const cap = phaseWalletLimit(input.maxPerWallet);
  if (!input.isGated) return cap;
  return cap === null ? allocation : Math.min(allocation ?? 0, cap);
}

const remainingOf = (limit: number | null, minted: number) => (limit === null ? null : Math.max(0, limit - minted));

export type EligibilityVerdict = {
  gated: boolean;
  meetsRequirements: boolean;
  onAllowlist: boolean | null;
  spotsAllocated: number | null;
  spotsRemaining: number | null;
  requirements: Requirement[];
  message: string;
};

/** The eligibility response's verdict for one wallet and phase. */
export function eligibilityVerdict(input: WalletPhaseInput, window: PhaseWindow): EligibilityVerdict {
  const { eligible, allocation, requirements } = walletAllocation(input);
  const remaining = remainingOf(allocation, input.minted);
  return {
    gated: input.isGated,
    meetsRequirements: eligible,
    onAllowlist: input.isGated ? input.allowlistAllocation !== null : null,
    spotsAllocated: allocation,
    spotsRemaining: remaining,
    requirements,
    message: `${verdictSentence(input.isGated, eligible, allocation, remaining)}${windowSentence(window)}`,
  };
}

function verdictSentence(
  gated: boolean,
  eligible: boolean,
  allocation: number | null,
  remaining: number | null,
): string {
  if (!gated) {
    return allocation === null
      ? "This phase is open to every wallet, with no per-wallet limit."
      : `This phase is open to every wallet: ${spots(allocation)} per wallet, ${remaining} remaining.`;
  }
  if (!eligible) return "This wallet does not meet any requirement of this phase.";
  return `This wallet is eligible for this phase: ${spots(allocation ?? 0)} allocated, ${remaining} remaining.`;
}

function windowSentence(window: PhaseWindow): string {
  if (window.hasEnded) return " The phase has ended.";
  if (!window.hasStarted) return " The phase has not started yet.";
  return "";
}

export type WalletPhaseCounts = {
  minted: number;
  maxPerWallet: number;
  whitelistAllocation: number | null;
  nftGateAllocation: number | null;
  tokenGateAllocation: number | null;
  allocationDetails: AllocationDetail[];
  hasAllocationOverride: boolean;
  remaining: number | null;
  canMintMore: boolean;
};

/** The wallet-mints reading of one phase (counts only: the clock and the supply are not its business). */
/**
 * What a wallet may still mint in one phase. `closed`: nothing can be minted there whatever
 * the wallet's allowance (the phase ended, or the drop sold out), so canMintMore is false;
 * `remaining` still says what its allowance leaves (null: no per-wallet limit).
 */
export function walletPhaseCounts(input: WalletPhaseInput, closed = false): WalletPhaseCounts {
  const { sources } = walletAllocation(input);
  const limit = walletMintLimit(input);
  const remaining = remainingOf(limit, input.minted);
  const sumOf = (type: AllocationDetail["type"]) =>
    sources.filter((s) => s.detail.type === type).reduce((sum, s) => sum + s.allocation, 0);
  // Gate allocations are null where the phase has no such gate (or is not gated at all).
  return {
    minted: input.minted,
    maxPerWallet: phaseWalletLimit(input.maxPerWallet) ?? 0,
    whitelistAllocation: input.isGated ? input.allowlistAllocation : null,
    nftGateAllocation: input.isGated && input.nftGates.length > 0 ? sumOf("nft_gate") : null,
    tokenGateAllocation: input.isGated && input.tokenGates.length > 0 ? sumOf("token_gate") : null,
    allocationDetails: sources.map((s) => s.detail),
    hasAllocationOverride: input.override !== null,
    remaining,
    canMintMore: !closed && (remaining === null || remaining > 0),
  };
}

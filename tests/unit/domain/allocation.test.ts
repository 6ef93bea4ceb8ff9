import { describe, expect, it } from "vitest";
import {
  eligibilityVerdict,
  walletAllocation,
  walletMintLimit,
  walletPhaseCounts,
  type NftGateInput,
  type TokenGateInput,
  type WalletPhaseInput,
} from "@/lib/domain/allocation";

const AURORA = "AuroraGroupMint1111111111111111111111111111";
const GLOW = "GLoWMint11111111111111111111111111111111111";
const open = { hasStarted: true, hasEnded: false };

const nftGate = (held: number, multiplier = 2): NftGateInput => ({
  ruleName: "Aurora holders",
  multiplier,
  collections: [AURORA],
  held,
});
const tokenGate = (balance: bigint, minAmount = 100_000_000n): TokenGateInput => ({
  ruleName: "GLOW holders",
  multiplier: 1,
  tokenAddress: GLOW,
  minAmount,
  balance,
  decimals: 6,
});

/** The sprites Allowlist phase: gated, 3 per wallet, an Aurora gate ×2 and a GLOW gate. */
const gated = (overrides: Partial<WalletPhaseInput> = {}): WalletPhaseInput => ({
  isGated: true,
  maxPerWallet: 3,
  allowlistAllocation: null,
  nftGates: [nftGate(0)],
  tokenGates: [tokenGate(0n)],
  override: null,
  minted: 0,
  ...overrides,
});

const ungated = (overrides: Partial<WalletPhaseInput> = {}): WalletPhaseInput => ({
  isGated: false,
  maxPerWallet: 5,
  allowlistAllocation: null,
  nftGates: [],
  tokenGates: [],
  override: null,
  minted: 0,
  ...overrides,
});

describe("eligibility in a gated phase", () => {
  it("refuses a wallet that meets no rule, listing every rule unmet", () => {
    expect(eligibilityVerdict(gated(), open)).toEqual({
      gated: true,
      meetsRequirements: false,
      onAllowlist: false,
      spotsAllocated: 0,
      spotsRemaining: 0,
      requirements: [
        { type: "allowlist", met: false, description: "The wallet is on this phase's allowlist." },
        {
          type: "nft_gate",
          met: false,
          description: `Aurora holders: hold an NFT of collection ${AURORA}; each one held gives 2 spots.`,
        },
        {
          type: "token_gate",
          met: false,
          description: `GLOW holders: hold at least 100 of token ${GLOW}; gives 1 spot.`,
        },
      ],
      message: "This wallet does not meet any requirement of this phase.",
    });
  });

  it("admits an allowlisted wallet with its entry's allocation, minus its mints", () => {
    const verdict = eligibilityVerdict(gated({ allowlistAllocation: 3, minted: 1 }), open);
    expect(verdict).toMatchObject({ meetsRequirements: true, onAllowlist: true, spotsAllocated: 3, spotsRemaining: 2 });
    expect(verdict.requirements.map((r) => r.met)).toEqual([true, false, false]);
    expect(verdict.message).toBe("This wallet is eligible for this phase: 3 spots allocated, 2 remaining.");
  });

  it("counts NFTs held × multiplier for an NFT gate", () => {
    expect(eligibilityVerdict(gated({ nftGates: [nftGate(2)] }), open)).toMatchObject({
      meetsRequirements: true,
      onAllowlist: false,
      spotsAllocated: 4,
    });
  });

  it("gives the multiplier once the token balance reaches minAmount, nothing below", () => {
    expect(walletAllocation(gated({ tokenGates: [tokenGate(100_000_000n)] }))).toMatchObject({
      eligible: true,
      allocation: 1,
    });
    expect(walletAllocation(gated({ tokenGates: [tokenGate(250_000_000n)] }))).toMatchObject({
      eligible: true,
      allocation: 1,
    });
    expect(walletAllocation(gated({ tokenGates: [tokenGate(99_999_999n)] }))).toMatchObject({
      eligible: false,
      allocation: 0,
    });
    // A zero balance never meets a gate, even one with minAmount 0.
    expect(walletAllocation(gated({ tokenGates: [tokenGate(0n, 0n)] }))).toMatchObject({ eligible: false });
  });

  it("sums every met source", () => {
    const input = gated({
      allowlistAllocation: 3,
      nftGates: [nftGate(2), nftGate(1, 5)],
      tokenGates: [tokenGate(200_000_000n)],
    });
    expect(walletAllocation(input).allocation).toBe(3 + 4 + 5 + 1);
  });

  it("lets an override replace the total, but not admit a wallet", () => {
    expect(
      eligibilityVerdict(gated({ allowlistAllocation: 3, nftGates: [nftGate(1)], override: 6, minted: 3 }), open),
    ).toMatchObject({
      meetsRequirements: true,
      spotsAllocated: 6,
      spotsRemaining: 3,
    });
    expect(eligibilityVerdict(gated({ override: 6 }), open)).toMatchObject({
      meetsRequirements: false,
      spotsAllocated: 0,
      spotsRemaining: 0,
    });
  });

  it("never reports fewer than 0 remaining", () => {
    expect(eligibilityVerdict(gated({ allowlistAllocation: 2, minted: 5 }), open)).toMatchObject({
      spotsAllocated: 2,
      spotsRemaining: 0,
    });
  });

  it("describes raw amounts when the token's decimals are unknown, and several collections", () => {
    const input = gated({
      nftGates: [{ ruleName: "Friends", multiplier: 1, collections: ["A1", "B2"], held: 0 }],
      tokenGates: [{ ...tokenGate(0n, 42n), decimals: null }],
    });
    expect(
      eligibilityVerdict(input, open)
        .requirements.slice(1)
        .map((r) => r.description),
    ).toEqual([
      "Friends: hold an NFT of collections A1, B2; each one held gives 1 spot.",
      `GLOW holders: hold at least 42 (smallest unit) of token ${GLOW}; gives 1 spot.`,
    ]);
  });

  it("adds the time window to the message", () => {
    expect(eligibilityVerdict(gated({ allowlistAllocation: 1 }), { hasStarted: true, hasEnded: true }).message).toBe(
      "This wallet is eligible for this phase: 1 spot allocated, 1 remaining. The phase has ended.",
    );
    expect(eligibilityVerdict(gated(), { hasStarted: false, hasEnded: false }).message).toBe(
      "This wallet does not meet any requirement of this phase. The phase has not started yet.",
    );
  });
});

describe("eligibility in an ungated phase", () => {
  it("admits every wallet with the phase's per-wallet limit", () => {
    expect(eligibilityVerdict(ungated({ minted: 2 }), open)).toEqual({
      gated: false,
      meetsRequirements: true,
      onAllowlist: null,
      spotsAllocated: 5,
      spotsRemaining: 3,
      requirements: [],
      message: "This phase is open to every wallet: 5 spots per wallet, 3 remaining.",
    });
  });

  it("reports no spots when there is no limit (null or 0)", () => {
    for (const maxPerWallet of [null, 0]) {
      expect(eligibilityVerdict(ungated({ maxPerWallet, minted: 9 }), open)).toMatchObject({
        spotsAllocated: null,
        spotsRemaining: null,
        message: "This phase is open to every wallet, with no per-wallet limit.",
      });
    }
  });

  it("ignores allowlist entries and gates, but applies an override", () => {
    const input = ungated({ allowlistAllocation: 9, nftGates: [nftGate(3)], override: 1 });
    expect(eligibilityVerdict(input, open)).toMatchObject({
      meetsRequirements: true,
      spotsAllocated: 1,
      requirements: [],
    });
  });
});

describe("wallet counts", () => {
  it("caps a gated allocation with the phase's maxPerWallet", () => {
    // Allowlist 3 + two Aurora NFTs × 2 = 7 for eligibility; counts stop at the phase's 3.
    const input = gated({ allowlistAllocation: 3, nftGates: [nftGate(2)], minted: 1 });
    expect(walletAllocation(input).allocation).toBe(7);
    expect(walletMintLimit(input)).toBe(3);
    expect(walletPhaseCounts(input)).toEqual({
      minted: 1,
      maxPerWallet: 3,
      whitelistAllocation: 3,
      nftGateAllocation: 4,
      tokenGateAllocation: 0,
      allocationDetails: [
        { type: "whitelist", allocation: 3 },
        { type: "nft_gate", ruleName: "Aurora holders", multiplier: 2, collections: [AURORA] },
      ],
      hasAllocationOverride: false,
      remaining: 2,
      canMintMore: true,
    });
  });

  it("uses the allocation alone when a gated phase has no maxPerWallet", () => {
    expect(walletMintLimit(gated({ maxPerWallet: null, allowlistAllocation: 3, nftGates: [nftGate(2)] }))).toBe(7);
  });

  it("lets an override replace the cap as well", () => {
    const counts = walletPhaseCounts(gated({ allowlistAllocation: 3, nftGates: [nftGate(1)], override: 6, minted: 3 }));
    expect(counts).toMatchObject({ hasAllocationOverride: true, remaining: 3, canMintMore: true, maxPerWallet: 3 });
  });

  it("gives 0 to a wallet that meets no rule, even with an override", () => {
    expect(walletPhaseCounts(gated({ override: 6 }))).toEqual({
      minted: 0,
      maxPerWallet: 3,
      whitelistAllocation: null,
      nftGateAllocation: 0,
      tokenGateAllocation: 0,
      allocationDetails: [],
      hasAllocationOverride: true,
      remaining: 0,
      canMintMore: false,
    });
  });

  it("lists a met token gate with its multiplier", () => {
    const counts = walletPhaseCounts(gated({ tokenGates: [tokenGate(300_000_000n)], nftGates: [] }));
    expect(counts).toMatchObject({
      whitelistAllocation: null,
      nftGateAllocation: null,
      tokenGateAllocation: 1,
      allocationDetails: [{ type: "token_gate", ruleName: "GLOW holders", multiplier: 1, tokenAddress: GLOW }],
      remaining: 1,
    });
  });

  it("reports 0 and a null remaining for an unlimited ungated phase", () => {
    expect(walletPhaseCounts(ungated({ maxPerWallet: null, minted: 4 }))).toEqual({
      minted: 4,
      maxPerWallet: 0,
      whitelistAllocation: null,
      nftGateAllocation: null,
      tokenGateAllocation: null,
      allocationDetails: [],
      hasAllocationOverride: false,
      remaining: null,
      canMintMore: true,
    });
  });

  it("counts bonus mints against the limit and stops at 0", () => {
    expect(walletPhaseCounts(ungated({ maxPerWallet: 5, minted: 5 }))).toMatchObject({
      remaining: 0,
      canMintMore: false,
    });
    expect(walletPhaseCounts(ungated({ maxPerWallet: 2, minted: 3 }))).toMatchObject({
      remaining: 0,
      canMintMore: false,
    });
    // An ended phase or a sold-out drop: nothing more to mint, whatever the allowance says.
    expect(walletPhaseCounts(ungated({ maxPerWallet: 5, minted: 1 }), true)).toMatchObject({
      remaining: 4,
      canMintMore: false,
    });
    expect(walletPhaseCounts(ungated({ maxPerWallet: null, minted: 1 }), true)).toMatchObject({
      remaining: null,
      canMintMore: false,
    });
  });
});

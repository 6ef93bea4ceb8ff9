import { describe, expect, it } from "vitest";
import {
  applyClaimGrants,
  bogoBonusFor,
  claimCodeAllocation,
  claimCodeRoom,
  bogoOf,
  mintItems,
  networkCost,
  planQuantity,
  priceFor,
  pricingTotals,
  rarityPrice,
  wireAmount,
  type QuantityLimits,
} from "@/lib/domain/mint-pricing";
import type { DutchConfig } from "@/lib/domain/phase-config";

const open: QuantityLimits = {
  requested: 1,
  maxPerTransaction: null,
  walletRemaining: null,
  phaseRemaining: null,
  supplyRemaining: null,
  bogo: null,
};

describe("bogo", () => {
  it("reads the phase's buy/get pair only when both are positive", () => {
    expect(bogoOf({ bogoBuy: 2, bogoGet: 1 })).toEqual({ buy: 2, get: 1 });
    expect(bogoOf({ bogoBuy: 2, bogoGet: null })).toBeNull();
    expect(bogoOf({ bogoBuy: 0, bogoGet: 1 })).toBeNull();
  });
  it("gives `get` for every full `buy` paid", () => {
    expect([1, 2, 3, 4, 5].map((n) => bogoBonusFor(n, { buy: 2, get: 1 }))).toEqual([0, 1, 1, 2, 2]);
    expect(bogoBonusFor(3, { buy: 3, get: 2 })).toBe(2);
    expect(bogoBonusFor(7, null)).toBe(0);
  });
});

describe("planQuantity", () => {
  it("prepares what was asked when nothing limits it", () => {
    expect(planQuantity({ ...open, requested: 4 })).toEqual({
      paid: 4,
      bonus: 0,
      total: 4,
      adjusted: false,
      reason: null,
      refusal: null,
    });
  });
  it("caps the paid quantity at maxPerTransaction and says so", () => {
    expect(planQuantity({ ...open, requested: 5, maxPerTransaction: 2 })).toEqual({
      paid: 2,
      bonus: 0,
      total: 2,
      adjusted: true,
      reason: "This phase allows at most 2 per transaction.",
      refusal: null,
    });
  });
  it("reduces to the tightest room, naming it", () => {
    const plan = planQuantity({ ...open, requested: 5, walletRemaining: 3, phaseRemaining: 2, supplyRemaining: 10 });
    expect(plan).toMatchObject({ paid: 2, total: 2, adjusted: true, reason: "Only 2 remain in this phase." });
    expect(planQuantity({ ...open, requested: 5, walletRemaining: 2, supplyRemaining: 2 }).reason).toBe(
      "This wallet can mint 2 more in this phase (bonus NFTs and pending mints included).",
    );
  });
  it("adds the BOGO bonus and counts it against the room", () => {
    const bogo = { buy: 2, get: 1 };
    expect(planQuantity({ ...open, requested: 2, bogo })).toMatchObject({
      paid: 2,
      bonus: 1,
      total: 3,
      adjusted: false,
    });
    // Room 3: 3 paid + 1 bonus does not fit, 2 paid + 1 bonus does.
    expect(planQuantity({ ...open, requested: 3, walletRemaining: 3, bogo })).toMatchObject({
      paid: 2,
      bonus: 1,
      total: 3,
      adjusted: true,
    });
    // Room 1 and buy 1 get 1: one paid NFT, its bonus trimmed.
    expect(planQuantity({ ...open, requested: 1, walletRemaining: 1, bogo: { buy: 1, get: 1 } })).toMatchObject({
      paid: 1,
      bonus: 0,
      total: 1,
      adjusted: false,
    });
  });
  it("refuses with the reason's code when no room is left", () => {
    expect(planQuantity({ ...open, walletRemaining: 0, supplyRemaining: 5 }).refusal).toBe("WALLET_LIMIT_REACHED");
    expect(planQuantity({ ...open, walletRemaining: 5, supplyRemaining: 0 }).refusal).toBe("SOLD_OUT");
    expect(planQuantity({ ...open, phaseRemaining: -2 }).refusal).toBe("SOLD_OUT");
  });
});

describe("priceFor", () => {
  const dutch: DutchConfig = {
    basePrice: 1_000n,
    floorPrice: 400n,
    ceilingPrice: 1_500n,
    decayAmount: 100n,
    decayIntervalMinutes: 10,
    surgePremium: 300n,
    surgeThreshold: 3,
    surgeWindowMinutes: 5,
  };
  it("charges the phase price for fixed and hidden, and range's minimum (the least; each NFT is priced by rarityPrice)", () => {
    for (const priceModel of ["fixed", "hidden", "range"] as const)
      expect(priceFor({ priceModel, price: 250n })).toBe(250n);
  });
  it("charges the dutch auction's live price", () => {
    const start = new Date("2026-01-01T00:00:00Z");
    const state = {
      now: new Date(start.getTime() + 25 * 60_000),
      startedAt: start,
      lastMintAt: null,
      mintsInWindow: 0,
      totalMints: 0,
    };
    expect(priceFor({ priceModel: "dutch", price: 0n }, { dutch: { config: dutch, state } })).toBe(800n);
    expect(priceFor({ priceModel: "dutch", price: 0n })).toBeNull();
  });
  it("charges the pegged quote's raw amount", () => {
    expect(priceFor({ priceModel: "pegged", price: 0n }, { pegged: { tokenAmountRaw: 123_456n } })).toBe(123_456n);
    expect(priceFor({ priceModel: "pegged", price: 0n })).toBeNull();
  });
});

describe("rarityPrice", () => {
  const range = { min: 200n, max: 500n };
  it("puts the rarest NFT at the maximum, the last rank at the minimum, straight in between (rounded down)", () => {
    expect([1, 2, 3, 4].map((rank) => rarityPrice(range, rank, 4))).toEqual([500n, 400n, 300n, 200n]);
    expect(rarityPrice(range, 2, 3)).toBe(350n);
    expect(rarityPrice({ min: 0n, max: 10n }, 2, 4)).toBe(6n); // 10 − 10·1/3 = 6.67 → 6
  });
  it("charges the minimum for an NFT without a rank, the maximum for a drop of one, a rank out of bounds clamped", () => {
    expect(rarityPrice(range, null, 4)).toBe(200n);
    expect(rarityPrice(range, null, null)).toBe(200n);
    expect(rarityPrice(range, 1, 1)).toBe(500n);
    expect(rarityPrice(range, 9, 4)).toBe(200n);
    expect(rarityPrice({ min: 200n, max: null }, 3, 4)).toBe(200n);
  });
  it("prices each paid item by its position", () => {
    expect(mintItems({ paid: 2, bonus: 1 }, (i) => [300n, 0n][i]!, 5n)).toEqual([
      { kind: "paid", price: 300n, fee: 5n },
      { kind: "free", price: 0n, fee: 0n },
      { kind: "bogo_bonus", price: 0n, fee: 0n },
    ]);
  });
});

describe("amounts", () => {
  it("charges paid NFTs price and fee, free and bonus ones nothing", () => {
    expect(mintItems({ paid: 2, bonus: 1 }, 100n, 5n)).toEqual([
      { kind: "paid", price: 100n, fee: 5n },
      { kind: "paid", price: 100n, fee: 5n },
      { kind: "bogo_bonus", price: 0n, fee: 0n },
    ]);
    expect(mintItems({ paid: 1, bonus: 0 }, 0n, 5n)).toEqual([{ kind: "free", price: 0n, fee: 0n }]);
  });
  it("adds rent and 5000 lamports per signature", () => {
    expect(networkCost(2_000_000n, 3)).toBe(2_015_000n);
  });
  it("totals what the wallet pays", () => {
    const items = [
      { kind: "paid" as const, price: 100_000_000n, fee: 5_000_000n, networkCost: 4_000_000n },
      { kind: "bogo_bonus" as const, price: 0n, fee: 0n, networkCost: 4_000_000n },
    ];
    expect(pricingTotals(items)).toEqual({
      subtotal: 100_000_000n,
      discount: 0n,
      platformFee: 5_000_000n,
      total: 105_000_000n,
      networkCost: 8_000_000n,
      walletDebit: 113_000_000n,
    });
    expect(wireAmount(105_000_000n, 9)).toEqual({ raw: 105_000_000, display: 0.105 });
  });
});

describe("applyClaimGrants", () => {
  const paid = { kind: "paid" as const, price: 1_000n, fee: 50n };
  it("leaves prices and items alone for an allowlist code (every session carries it as its admission, prepare.ts)", () => {
    const items = applyClaimGrants(
      [paid, paid],
      [
        { codeId: "free", kind: "free", remaining: 1, percent: null, fixed: null },
        { codeId: "list", kind: "allowlist", remaining: 1, percent: null, fixed: null },
      ],
    );
    expect(items).toEqual([{ kind: "claim_code", price: 0n, fee: 0n, claimCodeId: "free", discount: 1_000n }, paid]);
  });
  it("makes paid NFTs free first, then discounts with the oldest discount only", () => {
    const items = applyClaimGrants(
      [paid, paid, paid, paid, { kind: "bogo_bonus", price: 0n, fee: 0n }],
      [
        { codeId: "free", kind: "free", remaining: 1, percent: null, fixed: null },
        { codeId: "half", kind: "discount", remaining: 1, percent: 50, fixed: null },
        { codeId: "fixed", kind: "discount", remaining: 5, percent: null, fixed: 100n },
      ],
    );
    expect(items).toEqual([
      { kind: "claim_code", price: 0n, fee: 0n, claimCodeId: "free", discount: 1_000n },
      { kind: "paid", price: 500n, fee: 50n, claimCodeId: "half", discount: 500n },
      paid,
      paid,
      { kind: "bogo_bonus", price: 0n, fee: 0n },
    ]);
  });
  it("applies percent then fixed, never below zero", () => {
    const [item] = applyClaimGrants(
      [paid],
      [{ codeId: "c", kind: "discount", remaining: 1, percent: 10, fixed: 2_000n }],
    );
    expect(item).toEqual({ kind: "paid", price: 0n, fee: 50n, claimCodeId: "c", discount: 1_000n });
  });
});

describe("entered claim codes", () => {
  it("gives free_mint/pack their mintAllocation and discounts their discountUses, unset as 1", () => {
    expect(claimCodeAllocation({ grantType: "free_mint", mintAllocation: 3, discountUses: null })).toBe(3);
    expect(claimCodeAllocation({ grantType: "pack", mintAllocation: null, discountUses: 5 })).toBe(1);
    expect(claimCodeAllocation({ grantType: "discount", mintAllocation: 4, discountUses: 2 })).toBe(2);
    expect(claimCodeAllocation({ grantType: "discount", mintAllocation: null, discountUses: null })).toBe(1);
  });

  it("takes the wallet's share capped by the code's global room, counting live holds", () => {
    const base = { allocation: 2, used: 0, heldByWallet: 0, maxUses: 25, usesCount: 0, heldByAll: 0 };
    expect(claimCodeRoom(base)).toBe(2);
    expect(claimCodeRoom({ ...base, used: 1 })).toBe(1);
    expect(claimCodeRoom({ ...base, used: 1, heldByWallet: 1 })).toBe(0);
    expect(claimCodeRoom({ ...base, usesCount: 23, heldByAll: 1 })).toBe(1);
    expect(claimCodeRoom({ ...base, usesCount: 25 })).toBe(0);
    expect(claimCodeRoom({ ...base, usesCount: 30 })).toBe(0);
    expect(claimCodeRoom({ ...base, maxUses: null, usesCount: 999, heldByAll: 50 })).toBe(2);
  });
});

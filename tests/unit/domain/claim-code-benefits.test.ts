import { describe, expect, it } from "vitest";
import { claimCodeBenefits, NO_BENEFITS, type RedeemedGrant } from "@/lib/domain/claim-code-benefits";

const grant = (overrides: Partial<RedeemedGrant>): RedeemedGrant => ({
  batchId: "batch-a",
  batchName: "Batch A",
  grantType: "free_mint",
  allocation: 1,
  used: 0,
  discountPercent: null,
  discountFixed: null,
  currencyDecimals: 9,
  packTierId: null,
  redeemedAt: new Date("2030-01-01T00:00:00Z"),
  ...overrides,
});
const day = (n: number) => new Date(Date.UTC(2030, 0, n));

describe("claimCodeBenefits", () => {
  it("is all zero with no source when nothing was redeemed", () => {
    expect(claimCodeBenefits([])).toEqual({
      freeMints: 0,
      discountPercent: 0,
      discountFixed: 0,
      discountRemaining: 0,
      packTierId: null,
      source: null,
    });
    expect(claimCodeBenefits([])).toEqual(NO_BENEFITS);
  });

  it("sums the free mints left over every free-mint redemption; the source is the first with mints left", () => {
    const benefits = claimCodeBenefits([
      grant({ batchId: "b2", batchName: "Later", allocation: 3, used: 1, redeemedAt: day(2) }),
      grant({ batchId: "b1", batchName: "Earlier", allocation: 1, used: 1, redeemedAt: day(1) }),
    ]);
    expect(benefits).toEqual({
      freeMints: 2,
      discountPercent: 0,
      discountFixed: 0,
      discountRemaining: 0,
      packTierId: null,
      source: { type: "free_mint", batchName: "Later", allocation: 3, used: 1, batchId: "b2", packTierId: null },
    });
  });

  it("reports the oldest discount with uses left; discounts do not stack", () => {
    const benefits = claimCodeBenefits([
      grant({
        batchId: "half",
        batchName: "Half price",
        grantType: "discount",
        discountPercent: 50,
        allocation: 2,
        used: 0,
        redeemedAt: day(1),
      }),
      grant({
        batchId: "tenth",
        batchName: "Tenth off",
        grantType: "discount",
        discountFixed: 10_000_000n,
        allocation: 1,
        used: 0,
        redeemedAt: day(2),
      }),
    ]);
    expect(benefits).toEqual({
      freeMints: 0,
      discountPercent: 50,
      discountFixed: 0,
      discountRemaining: 2,
      packTierId: null,
      source: {
        type: "discount",
        batchName: "Half price",
        percent: 50,
        allocation: 2,
        used: 0,
        remaining: 2,
        batchId: "half",
      },
    });
  });

  it("gives a fixed discount in currency units", () => {
    const benefits = claimCodeBenefits([
      grant({ batchId: "tenth", grantType: "discount", discountFixed: 10_000_000n, allocation: 1, used: 0 }),
    ]);
    expect(benefits).toMatchObject({ discountPercent: 0, discountFixed: 0.01, discountRemaining: 1 });
    expect(benefits.source).toEqual({
      type: "discount",
      batchName: "Batch A",
      fixed: 0.01,
      allocation: 1,
      used: 0,
      remaining: 1,
      batchId: "tenth",
    });
  });

  it("reports free mints and a discount together, the free mint as the source (it is used first)", () => {
    const benefits = claimCodeBenefits([
      grant({ batchId: "d", grantType: "discount", discountPercent: 25, allocation: 1, used: 0, redeemedAt: day(1) }),
      grant({ batchId: "f", grantType: "pack", packTierId: "gold", allocation: 1, used: 0, redeemedAt: day(2) }),
    ]);
    expect(benefits).toMatchObject({ freeMints: 1, discountPercent: 25, discountRemaining: 1, packTierId: "gold" });
    expect(benefits.source).toMatchObject({ type: "free_mint", batchId: "f", packTierId: "gold" });
  });

  it("names the latest redemption with zero benefits when everything is used up", () => {
    const benefits = claimCodeBenefits([
      grant({ batchId: "f", allocation: 1, used: 1, redeemedAt: day(1) }),
      grant({ batchId: "d", grantType: "discount", discountPercent: 50, allocation: 2, used: 2, redeemedAt: day(3) }),
    ]);
    expect(benefits).toEqual({
      freeMints: 0,
      discountPercent: 0,
      discountFixed: 0,
      discountRemaining: 0,
      packTierId: null,
      source: {
        type: "discount",
        batchName: "Batch A",
        percent: 50,
        allocation: 2,
        used: 2,
        remaining: 0,
        batchId: "d",
      },
    });
  });

  it("ignores grants without a price benefit, and never counts below zero", () => {
    expect(
      claimCodeBenefits([grant({ grantType: "whitelist", allocation: 2 }), grant({ grantType: "external" })]),
    ).toEqual(NO_BENEFITS);
    expect(claimCodeBenefits([grant({ allocation: 1, used: 3 })]).freeMints).toBe(0);
  });

  it("counts an NFT-redemption code's uses left after its first landed mint as free mints (issue 22)", () => {
    const benefits = claimCodeBenefits([grant({ grantType: "nft_redemption", allocation: 3, used: 1 })]);
    expect(benefits).toMatchObject({
      freeMints: 2,
      source: { type: "free_mint", allocation: 3, used: 1, batchId: "batch-a" },
    });
  });
});

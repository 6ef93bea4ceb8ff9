// The one rule behind capabilities.supportedBySurface and prepare's MINT_NOT_SUPPORTED_BY_SURFACE.
import { describe, expect, it } from "vitest";
import { paymentMintsOf, requiredFeatures, unsupportedBySurface, type PaymentMint } from "@/lib/domain/surface-support";

const drop = { collectionAddress: "Addr", launchStatus: "live", fairCommitment: null, requiresFeatures: [] };
const phase = {
  currency: "SOL",
  currencyDecimals: 9,
  currencyMint: null as string | null,
  priceModel: "fixed",
  pegConfig: null as unknown,
  dutchConfig: null,
};

describe("unsupportedBySurface", () => {
  it("supports a launched SOL drop, and names each cause that refuses it", () => {
    expect(unsupportedBySurface(drop, [phase])).toBeNull();
    expect(unsupportedBySurface({ ...drop, collectionAddress: null }, [phase])).toMatch(/not launched/);
    expect(unsupportedBySurface({ ...drop, launchStatus: "draft" }, [phase])).toMatch(/not launched/);
    expect(unsupportedBySurface(drop, [phase, { ...phase, currency: "USDC" }])).toMatch(/token/);
    // A token with its mint address is settled in that token.
    const usdc = { ...phase, currency: "USDC", currencyDecimals: 6, currencyMint: "Mint" };
    expect(unsupportedBySurface(drop, [usdc])).toBeNull();
    // A peg naming another token than the phase's currency would charge the wrong unit.
    const pegged = { ...phase, priceModel: "pegged", pegConfig: { pegMode: "usd", target: 12, tokenSymbol: "USDC" } };
    expect(unsupportedBySurface(drop, [pegged])).toMatch(/pegged to pay in USDC/);
    expect(unsupportedBySurface(drop, [{ ...usdc, priceModel: "pegged", pegConfig: pegged.pegConfig }])).toBeNull();
    expect(unsupportedBySurface(drop, [{ ...phase, priceModel: "dutch" }])).toMatch(/price settings/);
    expect(unsupportedBySurface({ ...drop, fairCommitment: "c" }, [{ ...phase, priceModel: "range" }])).toMatch(/fair/);
    expect(unsupportedBySurface({ ...drop, requiresFeatures: ["nft_selection"] }, [phase])).toMatch(/selects/);
    expect(unsupportedBySurface({ ...drop, requiresFeatures: ["claim_codes"] }, [phase])).toBeNull();
  });
});

describe("unsupportedBySurface with the payment mints read from the chain", () => {
  const usdc = { ...phase, currency: "USDC", currencyDecimals: 6, currencyMint: "Mint" };
  const read = (mint: PaymentMint) => new Map([["Mint", mint]]);

  it("refuses a token whose mint is missing, has other decimals, or carries an extension a payment cannot take", () => {
    expect(unsupportedBySurface(drop, [usdc], read({ decimals: 6, unpayableExtensions: [] }))).toBeNull();
    expect(unsupportedBySurface(drop, [usdc], read(null))).toMatch(/missing on chain/);
    expect(unsupportedBySurface(drop, [usdc], read({ decimals: 9, unpayableExtensions: [] }))).toMatch(/9 decimals/);
    expect(
      unsupportedBySurface(drop, [usdc], read({ decimals: 6, unpayableExtensions: ["TransferFeeConfig"] })),
    ).toMatch(/TransferFeeConfig/);
  });

  it("holds nothing against a mint that could not be read, and names each payment mint once", () => {
    expect(unsupportedBySurface(drop, [usdc], new Map())).toBeNull();
    expect(paymentMintsOf([phase, usdc, { ...usdc }, { ...usdc, currencyMint: "Other" }])).toEqual(["Mint", "Other"]);
  });
});

describe("requiredFeatures", () => {
  it("adds claim_codes whenever the drop has codes, once", () => {
    expect(requiredFeatures([], true)).toEqual(["claim_codes"]);
    expect(requiredFeatures(["nft_selection", "claim_codes"], true)).toEqual(["nft_selection", "claim_codes"]);
    expect(requiredFeatures([], false)).toEqual([]);
  });
});

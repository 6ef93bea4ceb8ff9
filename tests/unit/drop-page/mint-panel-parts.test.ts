// The mint panel's parts as the server renders them (issue 24): a range-priced summary whose
// lines add up (item 3), and at the wallet limit a quantity control and a claim code that do
// not contradict the one message the panel gives (item 6).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PricingSummary } from "@/app/d/[identifier]/_mint/pricing-summary";
import { QuantityInput } from "@/app/d/[identifier]/_mint/quantity-input";
import { ClaimCodeField } from "@/app/d/[identifier]/_mint/claim-code-field";
import type { PreparedMintResponse } from "@/lib/client/types";

/** Visible text, tags dropped, with a separator between elements. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "|")
    .replace(/\|+/g, "|")
    .replace(/&#x27;/g, "'");

function rangePrepared(prices: number[], fee: number): PreparedMintResponse {
  const item = (price: number, i: number) => ({
    sessionId: `s${i}`,
    kind: "paid" as const,
    price: price / 1e9,
    priceRaw: price,
    discount: 0,
    discountRaw: 0,
    platformFee: fee / 1e9,
    platformFeeRaw: fee,
    networkCost: 0.0057,
    networkCostRaw: 5_700_000,
  });
  const subtotal = prices.reduce((a, b) => a + b, 0);
  const total = subtotal + fee * prices.length;
  const pair = (name: string, raw: number) => ({ [name]: raw / 1e9, [`${name}Raw`]: raw });
  return {
    success: true,
    sessions: prices.map((_, i) => ({ sessionId: `s${i}`, nftIds: [`n${i}`], nftCount: 1 })),
    transactions: prices.map(() => ({ transaction: "", isVersionedTransaction: false, nftCount: 1 })),
    requestedQuantity: prices.length,
    totalQuantity: prices.length,
    quantityAdjusted: false,
    adjustmentReason: null,
    expiresInMs: 40_000,
    expiresAt: "2026-01-01T00:00:00.000Z",
    bogo: null,
    chainType: "solana",
    pricing: {
      currency: "SOL",
      currencyDecimals: 9,
      priceModel: "range",
      ...pair("unitPrice", 50_000_000),
      paidQuantity: prices.length,
      freeQuantity: 0,
      claimCodeQuantity: 0,
      bonusQuantity: 0,
      ...pair("platformFeePerNft", fee),
      ...pair("subtotal", subtotal),
      ...pair("discount", 0),
      ...pair("platformFee", fee * prices.length),
      ...pair("total", total),
      ...pair("networkCost", 5_700_000 * prices.length),
      ...pair("walletDebit", total + 5_700_000 * prices.length),
      items: prices.map(item),
    } as PreparedMintResponse["pricing"],
  } as PreparedMintResponse;
}

describe("the pricing summary of a range-priced mint", () => {
  it("shows what each NFT costs, so the lines add up to the total", () => {
    const shown = text(
      renderToStaticMarkup(createElement(PricingSummary, { prepared: rangePrepared([101_000_000], 5_000_000) })),
    );
    expect(shown).toContain("|NFT 1|0.101 SOL|");
    expect(shown).toContain("|Platform fee|0.005 SOL|");
    expect(shown).toContain("|Total|0.106 SOL|");
    expect(shown).not.toContain("0.05 SOL");
  });

  it("lists every NFT of a batch with its own price", () => {
    const shown = text(
      renderToStaticMarkup(
        createElement(PricingSummary, { prepared: rangePrepared([60_000_000, 250_000_000], 5_000_000) }),
      ),
    );
    expect(shown).toContain("|NFT 1|0.06 SOL|NFT 2|0.25 SOL|");
    expect(shown).toContain("|Total|0.32 SOL|");
  });
});

describe("at the wallet limit", () => {
  it("the quantity control rests with no hint of its own, whatever was typed", () => {
    const html = renderToStaticMarkup(
      createElement(QuantityInput, { text: "2", max: 1, locked: true, onChange: () => undefined }),
    );
    expect(text(html)).not.toMatch(/At most|Up to/);
    expect(html).toMatch(/<input[^>]*disabled=""/);
  });

  it("a valid claim code says it waits for the wallet, not that it is ready", () => {
    const props = {
      text: "SPRITE-LAUNCH",
      status: {
        kind: "valid" as const,
        check: { valid: true, grantType: "free_mint", mintAllocation: 1, usesRemaining: null, phaseId: null },
      },
      currency: "SOL",
      phases: [],
      onChange: () => undefined,
      onApply: () => undefined,
    } as unknown as Parameters<typeof ClaimCodeField>[0];
    const ready = text(renderToStaticMarkup(createElement(ClaimCodeField, props)));
    expect(ready).toContain("Valid: free mint ×1.");
    const waiting = text(renderToStaticMarkup(createElement(ClaimCodeField, { ...props, usable: false })));
    expect(waiting).toContain("Valid: free mint ×1, kept for when this wallet can mint (see below).");
    expect(waiting).not.toContain("✓");
  });
});

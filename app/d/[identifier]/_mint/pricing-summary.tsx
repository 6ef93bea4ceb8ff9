// What the collector pays, from prepare's authoritative breakdown: the price (or "Free"),
// the network's share (rent of the new accounts and signature fees, always SOL) apart.
// Amounts are written from the smallest-unit twins (xRaw), never from the display floats.
"use client";

import type { PreparedMintResponse } from "@/lib/client/types";
import { bogoLabel, formatSol, formatTokenAmount, plural } from "@/lib/format";

export function PricingSummary({ prepared }: { prepared: PreparedMintResponse }) {
  const { pricing, totalQuantity, requestedQuantity, quantityAdjusted, adjustmentReason, bogo } = prepared;
  const { currency, currencyDecimals } = pricing;
  const amount = (raw: number) => formatTokenAmount(raw, currencyDecimals, currency);
  const offer = bogoLabel(bogo);
  const freeCount = pricing.freeQuantity + pricing.claimCodeQuantity;
  const row = "flex justify-between gap-4";
  return (
    <div className="space-y-2 rounded-xl border border-white/10 bg-white/5 p-3 text-sm" data-testid="pricing-summary">
      {quantityAdjusted && (
        <p className="text-amber-200">
          You asked for {requestedQuantity}; {totalQuantity} {totalQuantity === 1 ? "was" : "were"} prepared.
          {adjustmentReason ? ` ${adjustmentReason}` : ""}
        </p>
      )}
      <dl className="space-y-1 tabular-nums">
        {pricedAlike(pricing) ? (
          <div className={row}>
            <dt className="text-slate-300">{plural(totalQuantity, "NFT")}</dt>
            <dd>
              {pricing.paidQuantity > 0 && `${pricing.paidQuantity} × ${amount(pricing.unitPriceRaw)}`}
              {pricing.paidQuantity > 0 && freeCount + pricing.bonusQuantity > 0 && " + "}
              {freeCount > 0 && `${freeCount} free${pricing.claimCodeQuantity > 0 ? " (claim code)" : ""}`}
              {freeCount > 0 && pricing.bonusQuantity > 0 && " + "}
              {pricing.bonusQuantity > 0 && `${pricing.bonusQuantity} bonus${offer ? ` (${offer})` : ""}`}
            </dd>
          </div>
        ) : (
          // A range prices each NFT by its rarity: one line each, so the lines add up to the total.
          pricing.items.map((item, index) => (
            <div key={item.sessionId} className={row} data-testid="pricing-item">
              <dt className="text-slate-300">NFT {index + 1}</dt>
              <dd>{item.kind === "paid" ? amount(item.priceRaw) : ITEM_KIND_WORDS[item.kind]}</dd>
            </div>
          ))
        )}
        {pricing.discountRaw > 0 && (
          <div className={row}>
            <dt className="text-slate-300">Discount</dt>
            <dd>−{amount(pricing.discountRaw)}</dd>
          </div>
        )}
        {pricing.platformFeeRaw > 0 && (
          <div className={row}>
            <dt className="text-slate-300">Platform fee</dt>
            <dd>{amount(pricing.platformFeeRaw)}</dd>
          </div>
        )}
        <div className={`${row} font-semibold`}>
          <dt>Total</dt>
          <dd>{pricing.totalRaw === 0 ? "Free" : amount(pricing.totalRaw)}</dd>
        </div>
        <div className={`${row} text-slate-400`}>
          <dt>Network cost (rent and fees)</dt>
          <dd>{formatSol(pricing.networkCostRaw)}</dd>
        </div>
      </dl>
    </div>
  );
}

const ITEM_KIND_WORDS = { paid: "", free: "Free", claim_code: "Free (claim code)", bogo_bonus: "Bonus" } as const;

/** True when every paid NFT costs the unit price, so "n × price" is what each line item costs. */
function pricedAlike(pricing: PreparedMintResponse["pricing"]): boolean {
  return pricing.items.every((item) => item.kind !== "paid" || item.priceRaw === pricing.unitPriceRaw);
}

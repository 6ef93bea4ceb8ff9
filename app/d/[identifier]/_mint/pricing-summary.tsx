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

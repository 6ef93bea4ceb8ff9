// Renders a PriceDisplay by the spec's rules: "Free" only for an amount marked free, a range
// as "from X", a hidden price never guessed, an unknown price never shown as 0. A
// PriceDisplay carries display numbers only (no smallest-unit twin), written as sent.
import type { PriceDisplay } from "@/lib/domain/price-display";
import { formatDisplayAmount } from "@/lib/format";

export function priceLabel(price: PriceDisplay | null): string {
  if (!price) return "—";
  switch (price.kind) {
    case "amount":
      if (price.isFree) return "Free";
      return `${price.approximate ? "≈ " : ""}${formatDisplayAmount(price.amount, price.currency)}`;
    case "range":
      return `from ${formatDisplayAmount(price.min, price.currency)}`;
    case "hidden":
      return "Price revealed to eligible wallets";
    case "unknown":
      return "Price unavailable";
  }
}

export function PriceLabel({ price }: { price: PriceDisplay | null }) {
  return <span>{priceLabel(price)}</span>;
}

// Renders a PriceDisplay by the spec's rules: "Free" only for an amount marked free, a range
// as "from X", a hidden price never guessed, an unknown price never shown as 0.
import type { PriceDisplay } from "@/lib/domain/price-display";

export function priceLabel(price: PriceDisplay | null): string {
  if (!price) return "—";
  switch (price.kind) {
    case "amount":
      if (price.isFree) return "Free";
      return `${price.approximate ? "≈ " : ""}${price.amount} ${price.currency}`;
    case "range":
      return `from ${price.min} ${price.currency}`;
    case "hidden":
      return "Price revealed to eligible wallets";
    case "unknown":
      return "Price unavailable";
  }
}

export function PriceLabel({ price }: { price: PriceDisplay | null }) {
  return <span>{priceLabel(price)}</span>;
}

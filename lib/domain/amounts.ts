// Money is bigint in the currency's smallest unit; these turn it into display numbers.
// Done on the decimal string rather than with floating division, so 0.1 SOL is exactly 0.1.

/** Lamports per SOL: 10^9. */
export const SOL_DECIMALS = 9;

/** `1_500_000_000n, 9` → "1.5". */
export function formatUnits(raw: bigint, decimals: number): string {
  const negative = raw < 0n;
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** The display number of a raw amount (for JSON bodies, which carry numbers). */
export function toDisplayAmount(raw: bigint, decimals: number): number {
  return Number(formatUnits(raw, decimals));
}

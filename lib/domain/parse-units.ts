// Decimal text into a currency's smallest unit (the inverse of amounts.ts's formatUnits),
// on the decimal string rather than with floating multiplication, so "0.1" SOL is exactly
// 100,000,000 lamports.

/** "1.5" SOL with 9 decimals → 1_500_000_000n. Throws on more precision than the unit has. */
export function parseUnits(value: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) throw new Error(`${value} has more than ${decimals} decimals`);
  return BigInt(match[1] + fraction.padEnd(decimals, "0"));
}

// Supply figures for display. An open-ended drop (no cap) reports 0 as its total, the
// spec's convention for "unlimited" (as maxPerWallet 0 is), and says so in isOpenEnded.

export type SupplyStats = {
  totalSupply: number;
  mintedCount: number;
  availableCount: number;
  percentMinted: number;
  isOpenEnded: boolean;
};

export function supplyStats(totalSupply: number | null, minted: number): SupplyStats {
  if (totalSupply === null) {
    return { totalSupply: 0, mintedCount: minted, availableCount: 0, percentMinted: 0, isOpenEnded: true };
  }
  const mintedCount = Math.min(minted, totalSupply);
  return {
    totalSupply,
    mintedCount,
    availableCount: totalSupply - mintedCount,
    percentMinted: percentOf(mintedCount, totalSupply),
    isOpenEnded: false,
  };
}

/** 0–100 with two decimals; never 100 until every item is gone. */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  if (part >= whole) return 100;
  return Math.min(99.99, Math.floor((part / whole) * 10_000) / 100);
}

// What a prize is, in words, for the prize board: a token amount from its smallest unit, an
// NFT's name, a free mint, a perk; the prize pool; a pool's cadence. Pure, so the server
// render and tests agree. Amounts and counts are written by lib/format.
import type { BountyItem, BountySummaryView } from "@/lib/client/types";
import { formatCount, formatTokenAmount } from "@/lib/format";

/** "0.5 SOL", "Golden Sprite", "A free mint", "Discord OG role". */
export function bountyPrizeLabel(bounty: BountyItem): string {
  switch (bounty.bounty_type) {
    case "token":
      return bounty.token?.amount != null
        ? formatTokenAmount(bounty.token.amount, bounty.token.decimals, bounty.token.symbol)
        : `A ${bounty.token?.symbol ?? "token"} prize`;
    case "nft":
      return bounty.nft?.name ?? "An NFT";
    case "free_mint":
      return "A free mint";
    case "grant":
      return bounty.grant?.label || "A perk";
    default:
      return bounty.name ?? "A prize";
  }
}

export type PoolEntryLike = {
  reward_type: string;
  payout_amount: number | null;
  token_symbol: string | null;
  token_decimals: number | null;
  nft_pool_label: string | null;
  display_label: string | null;
};

/** A recurring pool's entry: the creator's label, else the exact token payout, else the NFT pool's name. */
export function poolEntryLabel(entry: PoolEntryLike): string {
  if (entry.display_label) return entry.display_label;
  if (entry.reward_type === "token" && entry.payout_amount !== null)
    return formatTokenAmount(entry.payout_amount, entry.token_decimals ?? 0, entry.token_symbol);
  if (entry.nft_pool_label) return `An NFT from ${entry.nft_pool_label}`;
  if (entry.reward_type === "free_mint") return "A free mint";
  return "A prize";
}

/** The state of a prize-inventory item in words. */
export const INVENTORY_STATE_LABEL = {
  unassigned: "Not yet assigned",
  assigned: "Assigned to a prize",
  claimed: "Claimed",
} as const;

/** The bounty summary's prize pool: "0.75 SOL", "0.5 SOL + 100 USDC", or null when empty. */
export function formatPrizePool(
  tokens: ReadonlyArray<Pick<BountySummaryView["tokens"][number], "symbol" | "decimals" | "pool_raw">>,
): string | null {
  const amounts = tokens.filter((t) => t.pool_raw > 0).map((t) => formatTokenAmount(t.pool_raw, t.decimals, t.symbol));
  return amounts.length > 0 ? amounts.join(" + ") : null;
}

/** How often a recurring pool draws: "every mint", "every 10 mints". */
export function everyNMints(n: number): string {
  return n === 1 ? "every mint" : `every ${formatCount(n)} mints`;
}

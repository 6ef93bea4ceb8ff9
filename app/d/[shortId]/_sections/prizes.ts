// What a prize is, in words, for the prize board: a token amount from its smallest unit, an
// NFT's name, a free mint, a perk. Pure, so the server render and tests agree.
import type { BountyItem } from "@/lib/client/types";
import { formatTokenAmount } from "./format";

/** "0.5 SOL", "Golden Sprite", "A free mint", "Discord OG role". */
export function bountyPrizeLabel(bounty: BountyItem): string {
  switch (bounty.bounty_type) {
    case "token":
      return bounty.token?.amount != null ? formatTokenAmount(bounty.token.amount, bounty.token.decimals, bounty.token.symbol) : `A ${bounty.token?.symbol ?? "token"} prize`;
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
  if (entry.reward_type === "token" && entry.payout_amount !== null) return formatTokenAmount(entry.payout_amount, entry.token_decimals ?? 0, entry.token_symbol);
  if (entry.nft_pool_label) return `An NFT from ${entry.nft_pool_label}`;
  if (entry.reward_type === "free_mint") return "A free mint";
  return "A prize";
}

/** The state of a prize-inventory item in words. */
export const INVENTORY_STATE_LABEL = { unassigned: "Not yet assigned", assigned: "Assigned to a prize", claimed: "Claimed" } as const;

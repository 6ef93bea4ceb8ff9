// Bounties of a drop: the summary (GET /collections/{identifier}/bounty) and the prize
// board (GET /collections/{identifier}/bounty-prizes). Field names are the spec's
// snake_case. Raw amounts are numbers in the token's smallest unit.
import { z } from "zod";
import { timestampSchema } from "./common";

const rawAmountSchema = z.number().int().min(0);

export const bountyPoolTokenSchema = z.object({
  /** The token mint; native SOL is So11111111111111111111111111111111111111112. */
  address: z.string(),
  symbol: z.string().nullable(),
  decimals: z.number().int().min(0),
  pool_raw: rawAmountSchema,
});

export const bountySummaryResponseSchema = z.object({
  success: z.literal(true),
  remaining_bounties: z.number().int().min(0),
  free_mint_bounties: z.number().int().min(0),
  total_pool: rawAmountSchema,
  /** One symbol, "tokens" when the pool spans several tokens, null when it is empty. */
  token_symbol: z.string().nullable(),
  tokens: z.array(bountyPoolTokenSchema),
  has_bounties: z.boolean(),
});
export type BountySummaryView = Omit<z.infer<typeof bountySummaryResponseSchema>, "success">;

// ── Bounty prizes ──

export const bountyItemSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  /** Our value set: token, nft, free_mint, grant. */
  bounty_type: z.string().nullable(),
  is_claimed: z.boolean(),
  /** Shortened ("AbCd…WxYz"), and only when the creator shows winners. */
  claimed_winner: z.string().nullable(),
  claimed_at: timestampSchema.nullable(),
  /**
   * Additive to v1: where the won prize's payout stands (pending, paid, failed, or
   * not_applicable for a grant); null while the bounty is unclaimed.
   */
  payout_status: z.enum(["pending", "paid", "failed", "not_applicable"]).nullable(),
  nft: z
    .object({ name: z.string().nullable(), image_url: z.url().nullable(), mint_address: z.string().nullable() })
    .optional(),
  grant: z.object({ label: z.string() }).optional(),
  token: z
    .object({ symbol: z.string().nullable(), amount: rawAmountSchema.nullable(), decimals: z.number().int().min(0) })
    .optional(),
  /** Present when the prize is won by a mint count and the creator shows occurrence. */
  trigger: z.object({ mint_count: z.number().int().nullable(), starts_at: timestampSchema.nullable() }).optional(),
});
export type BountyItem = z.infer<typeof bountyItemSchema>;

export const inventoryItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.url().nullable(),
  mint_address: z.string().nullable(),
  state: z.enum(["unassigned", "assigned", "claimed"]),
  claimed_winner: z.string().nullable().optional(),
  claimed_at: timestampSchema.nullable().optional(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const bountySectionSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("milestone_group"),
    id: z.string(),
    name: z.string(),
    counter_starts_at: timestampSchema.nullable().optional(),
    bounties: z.array(bountyItemSchema),
  }),
  z.object({
    kind: z.literal("individual"),
    id: z.string().optional(),
    name: z.string(),
    bounties: z.array(bountyItemSchema),
  }),
  z.object({
    kind: z.literal("inventory_preview"),
    id: z.string().optional(),
    name: z.string(),
    items: z.array(inventoryItemSchema),
  }),
]);
export type BountySection = z.infer<typeof bountySectionSchema>;

export const poolEntrySchema = z.object({
  reward_type: z.string(),
  weight_bps: z.number().int(),
  /** This entry's share of the pool's total weight, 0-100 (chance per draw). */
  weight_pct: z.number().min(0).max(100),
  payout_amount: rawAmountSchema.nullable(),
  token_symbol: z.string().nullable(),
  token_decimals: z.number().int().min(0).nullable(),
  nft_pool_label: z.string().nullable(),
  display_label: z.string().nullable(),
  display_image_url: z.url().nullable(),
});

export const poolSectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  mode: z.literal("recurring_pool"),
  recur_every_n_mints: z.number().int().nullable(),
  recur_max_fires: z.number().int().nullable(),
  recur_fires_count: z.number().int().min(0),
  counter_starts_at: timestampSchema.nullable(),
  entries: z.array(poolEntrySchema),
});
export type PoolSection = z.infer<typeof poolSectionSchema>;

export const bountyPrizesDisabledResponseSchema = z.object({ success: z.literal(true), enabled: z.literal(false) });

export const bountyPrizesEnabledResponseSchema = z.object({
  success: z.literal(true),
  enabled: z.literal(true),
  show_occurrence: z.boolean(),
  show_winners: z.boolean(),
  show_inventory_preview: z.boolean(),
  sections: z.array(bountySectionSchema),
  pool_sections: z.array(poolSectionSchema),
  /** Additive to v1: the drop's prize account, which pays every prize out (creators fund it). */
  prize_account: z.string(),
});

export const bountyPrizesResponseSchema = z.discriminatedUnion("enabled", [
  bountyPrizesDisabledResponseSchema,
  bountyPrizesEnabledResponseSchema,
]);
export type BountyPrizesView =
  | Omit<z.infer<typeof bountyPrizesDisabledResponseSchema>, "success">
  | Omit<z.infer<typeof bountyPrizesEnabledResponseSchema>, "success">;

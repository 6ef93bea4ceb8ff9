// Bounties of a drop as the partner sees them: the summary (what is still to win) and the
// prize board (sections, inventory preview, recurring pools). Winner wallets only ever
// leave shortened, and only when the creator shows winners.
import type {
  Bounty,
  BountyInventoryItem,
  BountyPool,
  BountyPoolEntry,
  BountySection as BountySectionRow,
  Collection,
  PayoutStatus,
} from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import {
  prizeTokenOf,
  shortenWallet,
  summarizePrizePool,
  toWireAmount,
  weightPercents,
} from "@/lib/domain/bounty-summary";
import type {
  BountyItem,
  BountyPrizesView,
  BountySection,
  BountySummaryView,
  InventoryItem,
  PoolSection,
} from "@/lib/schemas/bounties";
import { prizeAccountOf } from "./bounty-payouts";
import type { ServiceContext } from "./context";
import { toPublicUrl } from "./public-url";

/** Titles of the sections that have no row of their own. */
export const UNSECTIONED_BOUNTIES_TITLE = "More bounties";
export const INVENTORY_PREVIEW_TITLE = "Prize inventory";

const emptySummary = (): BountySummaryView => ({
  remaining_bounties: 0,
  free_mint_bounties: 0,
  total_pool: 0,
  token_symbol: null,
  tokens: [],
  has_bounties: false,
});

export async function getBountySummary(ctx: ServiceContext, collectionId: string): Promise<BountySummaryView> {
  const { db } = ctx;
  const [bounties, pools] = await Promise.all([
    db.bounty.findMany({
      where: { collectionId },
      select: {
        bountyType: true,
        isClaimed: true,
        tokenMint: true,
        tokenSymbol: true,
        tokenDecimals: true,
        amount: true,
      },
    }),
    db.bountyPool.count({ where: { collectionId } }),
  ]);
  return bountySummaryOf(bounties, pools);
}

type SummaryBounty = Pick<
  Bounty,
  "bountyType" | "isClaimed" | "tokenMint" | "tokenSymbol" | "tokenDecimals" | "amount"
>;

/** The summary of a drop's bounties and its count of recurring pools (the studio's preview passes a draft's). */
export function bountySummaryOf(bounties: readonly SummaryBounty[], pools: number): BountySummaryView {
  if (bounties.length === 0 && pools === 0) return emptySummary();

  const unclaimed = bounties.filter((b) => !b.isClaimed);
  // Recurring pools stay out of total_pool: their payouts are random draws, not promises.
  const pool = summarizePrizePool(unclaimed.filter((b) => b.bountyType === "token"));
  return {
    remaining_bounties: unclaimed.length,
    free_mint_bounties: unclaimed.filter((b) => b.bountyType === "free_mint").length,
    total_pool: toWireAmount(pool.totalRaw),
    token_symbol: pool.tokenSymbol,
    tokens: pool.tokens.map((t) => ({
      address: t.address,
      symbol: t.symbol,
      decimals: t.decimals,
      pool_raw: toWireAmount(t.poolRaw),
    })),
    has_bounties: true,
  };
}

type Display = { showWinners: boolean; showOccurrence: boolean; publicBaseUrl: string };

/** A won bounty's award (one per bounty): its payout state, shown on the board. */
const payoutOfAward = { select: { payoutStatus: true }, orderBy: { createdAt: "asc" as const }, take: 1 };
export type BountyWithAward = Bounty & { awards: Array<{ payoutStatus: PayoutStatus }> };

const bountyOrder = [{ sortOrder: "asc" as const }, { triggerMintCount: "asc" as const }, { id: "asc" as const }];

export async function getBountyPrizes(ctx: ServiceContext, collectionId: string): Promise<BountyPrizesView> {
  const { db } = ctx;
  const [collection, sections, unsectioned, inventory, pools] = await Promise.all([
    db.collection.findUnique({
      where: { id: collectionId },
      select: {
        bountyPrizesEnabled: true,
        bountyShowOccurrence: true,
        bountyShowWinners: true,
        bountyShowInventoryPreview: true,
      },
    }),
    db.bountySection.findMany({
      where: { collectionId },
      orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
      include: { bounties: { where: { collectionId }, orderBy: bountyOrder, include: { awards: payoutOfAward } } },
    }),
    db.bounty.findMany({
      where: { collectionId, sectionId: null },
      orderBy: bountyOrder,
      include: { awards: payoutOfAward },
    }),
    db.bountyInventoryItem.findMany({ where: { collectionId }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] }),
    db.bountyPool.findMany({
      where: { collectionId },
      orderBy: [{ name: "asc" }, { id: "asc" }],
      include: { entries: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }] } },
    }),
  ]);
  if (!collection) throw new AppError("COLLECTION_NOT_FOUND", "No collection has that identifier.");
  return bountyBoardOf(ctx, collectionId, { collection, sections, unsectioned, inventory, pools });
}

type BoardRows = {
  collection: Pick<
    Collection,
    "bountyPrizesEnabled" | "bountyShowOccurrence" | "bountyShowWinners" | "bountyShowInventoryPreview"
  >;
  sections: Array<BountySectionRow & { bounties: BountyWithAward[] }>;
  unsectioned: BountyWithAward[];
  inventory: BountyInventoryItem[];
  pools: Array<BountyPool & { entries: BountyPoolEntry[] }>;
};

/** The prize board of a drop's rows (the studio's preview passes a draft's, not yet written). */
export function bountyBoardOf(
  ctx: ServiceContext,
  collectionId: string,
  { collection, sections, unsectioned, inventory, pools }: BoardRows,
): BountyPrizesView {
  const { publicBaseUrl } = ctx;
  // Enabled when the creator turned the board on and there is a prize to show: a bounty,
  // an inventory item or a pool.
  const hasBounties = unsectioned.length > 0 || sections.some((s) => s.bounties.length > 0);
  const hasPrizes = hasBounties || inventory.length > 0 || pools.length > 0;
  if (!collection.bountyPrizesEnabled || !hasPrizes) return { enabled: false };

  const display: Display = {
    showWinners: collection.bountyShowWinners,
    showOccurrence: collection.bountyShowOccurrence,
    publicBaseUrl,
  };
  const items = (bounties: BountyWithAward[]) => bounties.map((b) => toBountyItem(b, display));
  const boardSections: BountySection[] = sections
    .filter((s) => s.bounties.length > 0)
    .map((s) =>
      s.kind === "milestone_group"
        ? {
            kind: "milestone_group",
            id: s.id,
            name: s.name,
            counter_starts_at: iso(s.counterStartsAt),
            bounties: items(s.bounties),
          }
        : { kind: "individual", id: s.id, name: s.name, bounties: items(s.bounties) },
    );
  if (unsectioned.length > 0)
    boardSections.push({ kind: "individual", name: UNSECTIONED_BOUNTIES_TITLE, bounties: items(unsectioned) });
  if (collection.bountyShowInventoryPreview && inventory.length > 0) {
    boardSections.push({
      kind: "inventory_preview",
      name: INVENTORY_PREVIEW_TITLE,
      items: inventory.map((i) => toInventoryItem(i, display)),
    });
  }

  return {
    enabled: true,
    prize_account: prizeAccountOf(ctx, collectionId),
    show_occurrence: collection.bountyShowOccurrence,
    show_winners: collection.bountyShowWinners,
    show_inventory_preview: collection.bountyShowInventoryPreview,
    sections: boardSections,
    pool_sections: pools.map((pool) => toPoolSection(pool, publicBaseUrl)),
  };
}

function toBountyItem(bounty: BountyWithAward, display: Display): BountyItem {
  const item: BountyItem = {
    id: bounty.id,
    name: bounty.name,
    description: bounty.description,
    bounty_type: bounty.bountyType,
    is_claimed: bounty.isClaimed,
    claimed_winner: bounty.isClaimed ? winner(bounty.claimedWinner, display) : null,
    claimed_at: iso(bounty.claimedAt),
    payout_status: bounty.isClaimed ? (bounty.awards[0]?.payoutStatus ?? null) : null,
  };
  switch (bounty.bountyType) {
    case "nft":
      item.nft = {
        name: bounty.nftName,
        image_url: toPublicUrl(bounty.nftImageUrl, display.publicBaseUrl),
        mint_address: bounty.nftMintAddress,
      };
      break;
    case "grant":
      item.grant = { label: bounty.grantLabel ?? bounty.name ?? "" };
      break;
    case "token": {
      const token = prizeTokenOf(bounty);
      item.token = {
        symbol: token.symbol,
        amount: bounty.amount === null ? null : toWireAmount(bounty.amount),
        decimals: token.decimals,
      };
      break;
    }
  }
  // Hidden occurrence means the creator keeps the winning mint count to themselves.
  if (display.showOccurrence && (bounty.triggerMintCount !== null || bounty.triggerStartsAt !== null)) {
    item.trigger = { mint_count: bounty.triggerMintCount, starts_at: iso(bounty.triggerStartsAt) };
  }
  return item;
}

function toInventoryItem(item: BountyInventoryItem, display: Display): InventoryItem {
  return {
    id: item.id,
    name: item.name,
    image_url: toPublicUrl(item.imageUrl, display.publicBaseUrl),
    mint_address: item.mintAddress,
    state: item.state,
    claimed_winner: item.state === "claimed" ? winner(item.claimedWinner, display) : null,
    claimed_at: iso(item.claimedAt),
  };
}

function toPoolSection(pool: BountyPool & { entries: BountyPoolEntry[] }, publicBaseUrl: string): PoolSection {
  const percents = weightPercents(pool.entries.map((e) => e.weightBps));
  return {
    id: pool.id,
    name: pool.name,
    description: pool.description,
    mode: "recurring_pool",
    recur_every_n_mints: pool.recurEveryNMints,
    recur_max_fires: pool.recurMaxFires,
    recur_fires_count: pool.recurFiresCount,
    counter_starts_at: iso(pool.counterStartsAt),
    entries: pool.entries.map((entry, index) => {
      const token = entry.rewardType === "token" ? prizeTokenOf(entry) : null;
      return {
        reward_type: entry.rewardType,
        weight_bps: entry.weightBps,
        weight_pct: percents[index]!,
        payout_amount: entry.payoutAmount === null ? null : toWireAmount(entry.payoutAmount),
        token_symbol: token ? token.symbol : entry.tokenSymbol,
        token_decimals: token ? token.decimals : entry.tokenDecimals,
        nft_pool_label: entry.nftPoolLabel,
        display_label: entry.displayLabel,
        display_image_url: toPublicUrl(entry.displayImageUrl, publicBaseUrl),
      };
    }),
  };
}

function winner(wallet: string | null, display: Display): string | null {
  return display.showWinners && wallet ? shortenWallet(wallet) : null;
}

function iso(date: Date | null): string | null {
  return date?.toISOString() ?? null;
}

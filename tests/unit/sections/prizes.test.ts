// The prize board's words for prizes: token amounts from smallest units, NFTs, free mints,
// perks, the prize pool and a pool's cadence.
import { describe, expect, it } from "vitest";
import {
  bountyPrizeLabel,
  everyNMints,
  formatPrizePool,
  poolEntryLabel,
  type PoolEntryLike,
} from "@/app/d/[identifier]/_sections/prizes";
import type { BountyItem } from "@/lib/client/types";

const bounty = (extra: Partial<BountyItem>): BountyItem => ({
  id: "b1",
  name: null,
  description: null,
  bounty_type: null,
  is_claimed: false,
  claimed_winner: null,
  claimed_at: null,
  payout_status: null,
  ...extra,
});

describe("bountyPrizeLabel", () => {
  it("formats a token prize from its smallest unit with the token's decimals", () => {
    expect(
      bountyPrizeLabel(bounty({ bounty_type: "token", token: { symbol: "SOL", amount: 500_000_000, decimals: 9 } })),
    ).toBe("0.5 SOL");
    expect(
      bountyPrizeLabel(bounty({ bounty_type: "token", token: { symbol: "USDC", amount: 2_500_000, decimals: 6 } })),
    ).toBe("2.5 USDC");
  });
  it("never shows a token prize without an amount as 0", () => {
    expect(
      bountyPrizeLabel(bounty({ bounty_type: "token", token: { symbol: "SOL", amount: null, decimals: 9 } })),
    ).toBe("A SOL prize");
  });
  it("names NFT, free-mint and grant prizes", () => {
    expect(
      bountyPrizeLabel(
        bounty({ bounty_type: "nft", nft: { name: "Golden Sprite", image_url: null, mint_address: null } }),
      ),
    ).toBe("Golden Sprite");
    expect(bountyPrizeLabel(bounty({ bounty_type: "free_mint" }))).toBe("A free mint");
    expect(bountyPrizeLabel(bounty({ bounty_type: "grant", grant: { label: "Discord OG role" } }))).toBe(
      "Discord OG role",
    );
  });
});

describe("poolEntryLabel", () => {
  const entry = (extra: Partial<PoolEntryLike>): PoolEntryLike => ({
    reward_type: "token",
    payout_amount: null,
    token_symbol: null,
    token_decimals: null,
    nft_pool_label: null,
    display_label: null,
    ...extra,
  });
  it("prefers the creator's label", () => {
    expect(poolEntryLabel(entry({ display_label: "A relic", reward_type: "nft", nft_pool_label: "Relic vault" }))).toBe(
      "A relic",
    );
  });
  it("formats a token payout exactly", () => {
    expect(poolEntryLabel(entry({ payout_amount: 50_000_000, token_symbol: "SOL", token_decimals: 9 }))).toBe(
      "0.05 SOL",
    );
  });
  it("falls back to the NFT pool's name", () => {
    expect(poolEntryLabel(entry({ reward_type: "nft", nft_pool_label: "Relic vault" }))).toBe(
      "An NFT from Relic vault",
    );
  });
});

describe("formatPrizePool", () => {
  it("formats each token of the pool by its own decimals", () => {
    expect(formatPrizePool([{ symbol: "SOL", decimals: 9, pool_raw: 750_000_000 }])).toBe("0.75 SOL");
    expect(
      formatPrizePool([
        { symbol: "SOL", decimals: 9, pool_raw: 500_000_000 },
        { symbol: "USDC", decimals: 6, pool_raw: 100_000_000 },
      ]),
    ).toBe("0.5 SOL + 100 USDC");
  });
  it("is null for an empty pool", () => {
    expect(formatPrizePool([])).toBeNull();
    expect(formatPrizePool([{ symbol: "SOL", decimals: 9, pool_raw: 0 }])).toBeNull();
  });
});

describe("everyNMints", () => {
  it("says how often a pool draws", () => {
    expect(everyNMints(1)).toBe("every mint");
    expect(everyNMints(10)).toBe("every 10 mints");
    expect(everyNMints(1000)).toBe("every 1,000 mints");
  });
});

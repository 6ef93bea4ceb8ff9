// The showcase demo drops: one for each thing the site can do that the four classic demo
// drops leave out (a range price by rarity with pack codes, a hidden price with a delayed
// reveal and a prize for the next mint, a live dutch auction that is provably fair, a
// USD-pegged open edition, a sold-out drop). Plain data, like demo-drops.ts; dates are
// relative to the seeding moment. lib/demo/seed-showcase.ts writes them; their art is drawn
// by lib/art/demo-art.ts (/art/<short id>/<token id>.svg).
import { pickWeighted, seededRandom } from "@/lib/domain/random";
import type { Attribute } from "@/lib/domain/rarity";
import { DEMO_TIME, sol, type DemoDrop, type DemoPhase } from "./demo-drops";

const { MINUTE, HOUR, DAY } = DEMO_TIME;

export type ShowcaseDrop = {
  drop: DemoDrop & {
    phases: Array<DemoPhase & { dutchConfig?: Record<string, unknown>; pegConfig?: Record<string, unknown> }>;
  };
  /** NFT rows written at seed (an open edition's are only its seeded mints'; prepare makes the rest). */
  count: number;
  traits?: (tokenId: number) => Attribute[];
  /** Mints by the demo collectors at seed: how many, and how many minutes apart, the last `lastAgoMinutes` before the start. */
  seededMints?: { count: number; spacingMinutes: number; lastAgoMinutes: number };
  /** The last `count` NFTs form a pack tier, opened by these pack codes (one free mint each). */
  packTier?: { name: string; count: number; codes: string[] };
  /** Provably fair: the order is committed at seed (lib/services/fairness.ts). */
  fair?: boolean;
  /** Each minted NFT reveals this many minutes after its own mint. */
  revealDelayMinutes?: number;
  /** A SOL prize for the next mint after the seeded ones, paid from the funded prize account. */
  nextMintPrize?: { name: string; amount: bigint };
  /** Audio NFTs: each token has a track (/art/<short id>/<n>.wav) of this many seconds, played as its preview. */
  audioSeconds?: number;
  /** The phases are priced in the local chain's test stablecoin (DUSD; lib/chain/test-stablecoin.ts), in its smallest unit. */
  stablecoin?: boolean;
};

const base: Omit<DemoDrop, "shortId" | "name" | "symbol" | "description" | "totalSupply" | "phases"> = {
  editionType: "generative",
  launchStatus: "live",
  isVerified: false,
  isFeatured: false,
  twitter: null,
  discord: null,
  externalUrl: null,
  supportedBySurface: true,
  requiresFeatures: [],
  mintUrl: null,
  delayedRevealEnabled: false,
  placeholderImage: null,
};

/** Traits with uneven odds, the same on every machine (a seeded PRNG per token). */
function weightedTraits(table: Record<string, ReadonlyArray<readonly [string, number]>>, salt: number) {
  return (tokenId: number): Attribute[] => {
    const roll = seededRandom(tokenId * 7919 + salt);
    return Object.entries(table).map(([trait_type, values]) => ({ trait_type, value: pickWeighted(values, roll()) }));
  };
}

export const SHOWCASE_DROPS = {
  relics: {
    drop: {
      ...base,
      shortId: "relics",
      name: "Tide Relics",
      symbol: "RELIC",
      description:
        "Forty relics from the seabed, priced by rarity: the commonest cost 0.05 SOL, the rarest 0.25, and prepare shows each one's own price before you sign. The five Abyss relics come only from packs: redeem a pack code (RELIC-ABYSS-1) to open one.",
      totalSupply: 40,
      phases: [
        {
          key: "sale",
          name: "Relic sale",
          start: -2 * DAY,
          end: 30 * DAY,
          priceModel: "range",
          price: sol("0.05"),
          priceMax: sol("0.25"),
          maxPerWallet: 5,
          maxPerTransaction: 3,
        },
      ],
    },
    count: 40,
    traits: weightedTraits(
      {
        Depth: [
          ["Shallows", 50],
          ["Reef", 30],
          ["Trench", 15],
          ["Abyss", 5],
        ],
        Glow: [
          ["None", 60],
          ["Faint", 30],
          ["Bright", 10],
        ],
      },
      101,
    ),
    seededMints: { count: 5, spacingMinutes: 53, lastAgoMinutes: 20 },
    packTier: { name: "abyss", count: 5, codes: ["RELIC-ABYSS-1", "RELIC-ABYSS-2", "RELIC-ABYSS-3"] },
  },
  letters: {
    drop: {
      ...base,
      shortId: "letters",
      name: "Sealed Letters",
      symbol: "LTTR",
      description:
        "Thirty sealed letters at a hidden price: you see it in the mint summary before you sign. Each letter opens a minute after it is minted, so watch yours reveal. The next letter minted wins 0.5 SOL, paid to the winner's wallet at once.",
      totalSupply: 30,
      delayedRevealEnabled: true,
      placeholderImage: "/art/letters/placeholder.svg",
      phases: [
        {
          key: "sale",
          name: "Post",
          start: -1 * DAY,
          end: 30 * DAY,
          priceModel: "hidden",
          price: sol("0.08"),
          maxPerWallet: 5,
          maxPerTransaction: 2,
        },
      ],
    },
    count: 30,
    seededMints: { count: 3, spacingMinutes: 1, lastAgoMinutes: 0 },
    revealDelayMinutes: 1,
    nextMintPrize: { name: "The next letter", amount: sol("0.5") },
  },
  lanterns: {
    drop: {
      ...base,
      shortId: "lanterns",
      name: "Drift Lanterns",
      symbol: "LNTN",
      description:
        "A live dutch auction: the price starts at 1 SOL and drifts down 0.05 SOL every ten minutes to a floor of 0.25, and surges by 0.1 while three or more lanterns sell within fifteen minutes. Provably fair: which lantern each mint gets was committed before the sale opened.",
      totalSupply: 60,
      phases: [
        {
          key: "auction",
          name: "Auction",
          start: -1 * HOUR,
          end: 7 * DAY,
          priceModel: "dutch",
          price: sol("1"),
          maxPerWallet: 3,
          maxPerTransaction: 1,
          dutchConfig: {
            basePrice: sol("1").toString(),
            floorPrice: sol("0.25").toString(),
            ceilingPrice: sol("1.5").toString(),
            decayAmount: sol("0.05").toString(),
            decayIntervalMinutes: 10,
            surgePremium: sol("0.1").toString(),
            surgeThreshold: 3,
            surgeWindowMinutes: 15,
          },
        },
      ],
    },
    count: 60,
    fair: true,
  },
  doves: {
    drop: {
      ...base,
      editionType: "open_edition",
      shortId: "doves",
      name: "Dollar Doves",
      symbol: "DOVE",
      description:
        "An open edition with no supply cap, pegged to the dollar: each dove costs 12 USD, paid in SOL at the current price. On the local chain the price of SOL is pinned at 150 USD, so the peg works offline.",
      totalSupply: null,
      phases: [
        {
          key: "open",
          name: "Open edition",
          start: -3 * DAY,
          end: null,
          priceModel: "pegged",
          price: 0n,
          maxPerWallet: 10,
          maxPerTransaction: 3,
          pegConfig: { pegMode: "usd", target: 12 },
        },
      ],
    },
    count: 4,
    seededMints: { count: 4, spacingMinutes: 131, lastAgoMinutes: 45 },
  },
  lastlight: {
    drop: {
      ...base,
      shortId: "lastlight",
      name: "Last Light",
      symbol: "LAST",
      description: "Eight studies of the last light of the day. Sold out: every one found its collector.",
      totalSupply: 8,
      phases: [
        {
          key: "sale",
          name: "Sale",
          start: -5 * DAY,
          end: 2 * DAY,
          priceModel: "fixed",
          price: sol("0.1"),
          maxPerWallet: 3,
          maxPerTransaction: 3,
        },
      ],
    },
    count: 8,
    seededMints: { count: 8, spacingMinutes: 37, lastAgoMinutes: 3 * 60 },
  },
  tapes: {
    drop: {
      ...base,
      shortId: "tapes",
      name: "Tidal Tapes",
      symbol: "TAPE",
      description:
        "Twelve short tunes of the tide, each an audio NFT: press play on any tape in the gallery to hear its preview before you mint.",
      totalSupply: 12,
      phases: [
        {
          key: "sale",
          name: "Sale",
          start: -1 * DAY,
          end: 30 * DAY,
          priceModel: "fixed",
          price: sol("0.02"),
          maxPerWallet: 4,
          maxPerTransaction: 2,
        },
      ],
    },
    count: 12,
    seededMints: { count: 2, spacingMinutes: 300, lastAgoMinutes: 90 },
    audioSeconds: 4,
  },
  shells: {
    drop: {
      ...base,
      shortId: "shells",
      name: "Stable Shells",
      symbol: "SHELL",
      description:
        "Twenty-four shells priced in a stablecoin, not in SOL: 5 DUSD each, paid from your DUSD token account to the creator's. DUSD is the local chain's test stablecoin: press Get test DUSD beside your wallet for some. The network's rent and fees are still paid in SOL.",
      totalSupply: 24,
      phases: [
        {
          key: "sale",
          name: "Sale",
          start: -1 * DAY,
          end: 30 * DAY,
          priceModel: "fixed",
          price: 5_000_000n, // 5 DUSD (6 decimals)
          maxPerWallet: 5,
          maxPerTransaction: 2,
        },
      ],
    },
    count: 24,
    stablecoin: true,
  },
} satisfies Record<string, ShowcaseDrop>;

export type ShowcaseKey = keyof typeof SHOWCASE_DROPS;

/** The demo collectors' minutes for one showcase drop's seeded mints, oldest first. */
export const seededMintMinutesAgo = (mints: NonNullable<ShowcaseDrop["seededMints"]>) =>
  Array.from({ length: mints.count }, (_, i) => mints.lastAgoMinutes + (mints.count - 1 - i) * mints.spacingMinutes);

export { MINUTE };

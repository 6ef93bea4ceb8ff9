// The demo drops, as plain data. Dates are relative to the seeding moment so a fresh start
// always has an ended, an active and an upcoming phase.
import { parseUnits } from "@/lib/domain/parse-units";
import { SPRITE_COUNT } from "@/lib/art/demo-art";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const sol = (value: string) => parseUnits(value, 9);

export type DemoPhase = {
  key: string;
  name: string | null;
  start: number | null;
  end: number | null;
  priceModel: "fixed" | "range" | "hidden" | "dutch" | "pegged";
  price: bigint;
  priceMax?: bigint;
  bogo?: { buy: number; get: number };
  isGated?: boolean;
  maxPerWallet?: number;
  maxPerTransaction?: number;
  phaseSupply?: number;
};

export type DemoDrop = {
  shortId: string;
  name: string;
  symbol: string;
  description: string;
  editionType: "generative" | "limited_edition" | "open_edition";
  launchStatus: "live" | "coming_soon";
  totalSupply: number | null;
  isVerified: boolean;
  isFeatured: boolean;
  twitter: string | null;
  discord: string | null;
  externalUrl: string | null;
  supportedBySurface: boolean;
  requiresFeatures: string[];
  mintUrl: string | null;
  delayedRevealEnabled: boolean;
  placeholderImage: string | null;
  phases: DemoPhase[];
};

export const DEMO_DROPS = {
  sprites: {
    shortId: "sprites",
    name: "Solstice Sprites",
    symbol: "SPRT",
    description:
      "One hundred small spirits of the longest day, each drawn from four traits with uneven odds. Allowlist holders mint now; the public phase opens soon.",
    editionType: "generative",
    launchStatus: "live",
    totalSupply: SPRITE_COUNT,
    isVerified: true,
    isFeatured: true,
    twitter: "https://x.com/dropmint",
    discord: "https://discord.gg/dropmint",
    externalUrl: "https://dropmint.example",
    supportedBySurface: true,
    requiresFeatures: ["claim_codes"],
    mintUrl: null,
    delayedRevealEnabled: false,
    placeholderImage: null,
    phases: [
      {
        key: "og",
        name: "OG",
        start: -7 * DAY,
        end: -3 * DAY,
        priceModel: "fixed",
        price: sol("0.05"),
        isGated: true,
        maxPerWallet: 2,
        maxPerTransaction: 2,
        phaseSupply: 20,
      },
      {
        key: "allowlist",
        name: "Allowlist",
        start: -1 * DAY,
        end: 14 * DAY,
        priceModel: "fixed",
        price: sol("0.1"),
        bogo: { buy: 2, get: 1 },
        isGated: true,
        maxPerWallet: 3,
        maxPerTransaction: 3,
        phaseSupply: 50,
      },
      {
        key: "public",
        name: "Public",
        start: 3 * DAY,
        end: null,
        priceModel: "fixed",
        price: sol("0.25"),
        maxPerWallet: 5,
        maxPerTransaction: 5,
      },
    ],
  },
  aurora: {
    shortId: "aurora",
    name: "Aurora",
    symbol: "AUR",
    description: "A limited edition of fifty: the same piece for everyone, each copy numbered.",
    editionType: "limited_edition",
    launchStatus: "live",
    totalSupply: 50,
    isVerified: true,
    isFeatured: true,
    twitter: null,
    discord: null,
    externalUrl: null,
    supportedBySurface: true,
    requiresFeatures: [],
    mintUrl: null,
    delayedRevealEnabled: false,
    placeholderImage: null,
    phases: [
      {
        key: "open",
        name: "Edition window",
        start: -2 * DAY,
        end: 30 * DAY,
        priceModel: "fixed",
        price: 0n,
        maxPerWallet: 2,
        maxPerTransaction: 2,
      },
    ],
  },
  packs: {
    shortId: "packs",
    name: "Pack Rush",
    symbol: "PACK",
    description: "Packs with hand-picked pulls. This drop mints on its hosted page.",
    editionType: "generative",
    launchStatus: "live",
    totalSupply: 300,
    isVerified: false,
    isFeatured: false,
    twitter: null,
    discord: null,
    externalUrl: null,
    supportedBySurface: false,
    requiresFeatures: ["nft_selection", "claim_codes"],
    mintUrl: "https://packs.dropmint.example/mint/packs",
    delayedRevealEnabled: false,
    placeholderImage: null,
    phases: [
      { key: "packs", name: "Pack sale", start: -1 * DAY, end: 20 * DAY, priceModel: "hidden", price: sol("0.3") },
    ],
  },
  nightfall: {
    shortId: "nightfall",
    name: "Nightfall",
    symbol: "NGHT",
    description: "A night-sky series, revealed after the mint.",
    editionType: "generative",
    launchStatus: "coming_soon",
    totalSupply: 250,
    isVerified: false,
    isFeatured: false,
    twitter: null,
    discord: null,
    externalUrl: null,
    supportedBySurface: true,
    requiresFeatures: [],
    mintUrl: null,
    delayedRevealEnabled: true,
    placeholderImage: "/art/nightfall/placeholder.svg",
    phases: [
      {
        key: "launch",
        name: "Launch",
        start: 10 * DAY,
        end: 12 * DAY,
        priceModel: "range",
        price: sol("0.2"),
        priceMax: sol("0.5"),
      },
    ],
  },
} satisfies Record<string, DemoDrop>;

/** Demo collectors: they hold the seeded mints, so feeds and leaderboards have people. */
export const DEMO_COLLECTORS = [
  {
    displayName: "Mira",
    platformRank: "founder",
    effects: [{ effectType: "glow", effectCategory: "name", config: { color: "#f472b6" } }],
  },
  { displayName: "tidepool", platformRank: "collector", effects: [] },
  {
    displayName: "Orin of Ember",
    platformRank: "collector",
    effects: [{ effectType: "sparkle", effectCategory: "avatar", config: { speed: 2 } }],
  },
  { displayName: null, platformRank: "member", effects: [] },
] as const;

/** Which collector minted which sprite, in minting order (phase, and whether a BOGO bonus). */
export const DEMO_SPRITE_MINTS: ReadonlyArray<{ collector: number; phase: "og" | "allowlist"; bonus?: boolean }> = [
  { collector: 0, phase: "og" },
  { collector: 0, phase: "og" },
  { collector: 1, phase: "og" },
  { collector: 2, phase: "og" },
  { collector: 1, phase: "og" },
  { collector: 0, phase: "allowlist" },
  { collector: 0, phase: "allowlist" },
  { collector: 0, phase: "allowlist", bonus: true },
  { collector: 2, phase: "allowlist" },
  { collector: 3, phase: "allowlist" },
  { collector: 1, phase: "allowlist" },
  { collector: 2, phase: "allowlist" },
];

export const DEMO_AURORA_MINTS: ReadonlyArray<{ collector: number }> = [
  { collector: 0 },
  { collector: 1 },
  { collector: 1 },
  { collector: 3 },
];

/**
 * GLOW, the demo gate token (classic SPL Token, 6 decimals, minted by the mint authority).
 * The sprites Allowlist phase admits holders of at least 100 GLOW; one collector holds
 * more than that, one less.
 */
export const DEMO_GLOW_TOKEN = {
  symbol: "GLOW",
  decimals: 6,
  ruleName: "GLOW holders",
  minAmount: parseUnits("100", 6),
  multiplier: 1,
  holdings: [
    { collector: 2, amount: parseUnits("250", 6) },
    { collector: 3, amount: parseUnits("40", 6) },
  ],
} as const;

/**
 * A documented demo wallet the sprites drop blocks (README): its key comes from this public
 * seed, so its address is the same on every machine. It holds nothing and exists only in the
 * local demo.
 */
export const DEMO_BLOCKED_WALLET_SEED = "dropmint demo: a blocked wallet";

export const DEMO_TIME = { MINUTE, HOUR, DAY };
export { sol };

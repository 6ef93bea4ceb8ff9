// Seeds the demo drops. Each drop is created on the chain first (its collection group mint
// and the demo mints, signed by real keypairs; for the sprites also the GLOW gate token
// and the collectors' GLOW), then written to the database in one
// transaction, so a crash mid-seed leaves no half-written drop. Drops that already exist
// (by short ID) are left alone.
import { createHash } from "node:crypto";
import { Keypair, PublicKey } from "@solana/web3.js";
import type { ServiceContext } from "@/lib/services/context";
import { buildCollectionGroupMintTransaction, buildNftMintTransaction, signAndSerialize } from "@/lib/chain";
import { buildFungibleMintToTransaction, buildFungibleMintTransaction } from "@/lib/chain";
import { spriteAttributes } from "@/lib/art/sprite-traits";
import { SPRITE_COUNT } from "@/lib/art/demo-art";
import { rankByRarity } from "@/lib/domain/rarity";
import { metadataUri } from "@/lib/services/nft-metadata";
import { profileNameKey } from "@/lib/domain/profile-name";
import type { Prisma } from "@/lib/db/generated/client";
import {
  DEMO_AURORA_MINTS,
  DEMO_BLOCKED_WALLET_SEED,
  DEMO_COLLECTORS,
  DEMO_DROPS,
  DEMO_GLOW_TOKEN,
  DEMO_SPRITE_MINTS,
  DEMO_TIME,
  sol,
  type DemoDrop,
} from "./demo-drops";
import { SHOWCASE_DROPS, type ShowcaseKey } from "./showcase-drops";
import { demoCollectorKeypair } from "./demo-collectors";
import { seedShowcaseDrop } from "./seed-showcase";
import { createLogger } from "@/lib/log";

export type SeedContext = { ctx: ServiceContext; now: Date; collectors: Keypair[] };
export type NftSeed = Omit<Prisma.NftCreateManyInput, "collectionId"> & { id: string };
export type DemoMint = {
  nft: NftSeed;
  wallet: Keypair;
  phaseKey: string;
  kind: "paid" | "free" | "bogo_bonus";
  price: bigint;
  at: Date;
};

const logger = createLogger("seed");
const log = (message: string) => logger.info(message);

/** The drops a seed created, by short ID and name. */
export type SeededDrop = { shortId: string; name: string };

export async function seedDemoDrops(ctx: ServiceContext): Promise<{ created: SeededDrop[] }> {
  const now = ctx.clock.now();
  const prisma = ctx.db;
  const existing = new Set((await prisma.collection.findMany({ select: { shortId: true } })).map((c) => c.shortId));
  const collectors = DEMO_COLLECTORS.map((_, i) => demoCollectorKeypair(ctx.keys.mintKeySecret, i));
  const context: SeedContext = { ctx, now, collectors };
  await fund(ctx, ctx.keys.mintAuthority.publicKey, sol("100"));
  for (const wallet of collectors) await fund(ctx, wallet.publicKey, sol("20"));
  await prisma.profile.createMany({
    data: DEMO_COLLECTORS.map((c, i) => ({
      walletAddress: collectors[i]!.publicKey.toBase58(),
      displayName: c.displayName,
      displayNameKey: c.displayName === null ? null : profileNameKey(c.displayName),
      platformRank: c.platformRank,
    })),
    skipDuplicates: true,
  });
  // Effects have no natural key: give them only to collectors who have none yet, so a second seed adds nothing.
  const withEffects = new Set(
    (
      await prisma.profileEffect.findMany({
        where: { walletAddress: { in: collectors.map((c) => c.publicKey.toBase58()) } },
        select: { walletAddress: true },
      })
    ).map((e) => e.walletAddress),
  );
  await prisma.profileEffect.createMany({
    data: DEMO_COLLECTORS.flatMap((c, i) => {
      const walletAddress = collectors[i]!.publicKey.toBase58();
      return withEffects.has(walletAddress) ? [] : c.effects.map((e) => ({ walletAddress, ...e }));
    }),
  });

  const created: SeededDrop[] = [];
  // Aurora first: the sprites' allowlist phase gates on holding an Aurora edition.
  for (const key of ["aurora", "sprites", "packs", "nightfall"] as const) {
    if (existing.has(DEMO_DROPS[key].shortId)) continue;
    await SEEDERS[key](context);
    created.push({ shortId: DEMO_DROPS[key].shortId, name: DEMO_DROPS[key].name });
    log(`created ${key}`);
  }
  for (const key of Object.keys(SHOWCASE_DROPS) as ShowcaseKey[]) {
    if (existing.has(SHOWCASE_DROPS[key].drop.shortId)) continue;
    await seedShowcaseDrop(context, key);
    created.push({ shortId: SHOWCASE_DROPS[key].drop.shortId, name: SHOWCASE_DROPS[key].drop.name });
    log(`created ${key}`);
  }
  await ctx.chain.persist();
  return { created };
}

export async function fund(ctx: ServiceContext, address: PublicKey, atLeast: bigint) {
  const balance = await ctx.chain.getBalance(address.toBase58());
  if (balance < atLeast) await ctx.chain.airdrop(address.toBase58(), atLeast - balance);
}

/** The drop's collection group mint, created on chain; returns its address. */
export async function createGroupOnChain(ctx: ServiceContext, drop: DemoDrop): Promise<string> {
  const { blockhash } = await ctx.chain.getLatestBlockhash();
  const { transaction, groupMint } = buildCollectionGroupMintTransaction({
    mintAuthority: ctx.keys.mintAuthority,
    name: drop.name,
    symbol: drop.symbol,
    uri: `${ctx.publicBaseUrl}/d/${drop.shortId}`,
    maxSize: BigInt(drop.totalSupply ?? 2 ** 32),
    recentBlockhash: blockhash,
  });
  await ctx.chain.sendRawTransaction(transaction.serialize());
  return groupMint.publicKey.toBase58();
}

/** Mints one demo NFT for real: the collector signs and pays, as in the real flow. */
async function mintOnChain(
  ctx: ServiceContext,
  drop: DemoDrop,
  groupMint: string,
  treasury: PublicKey,
  mint: DemoMint,
) {
  const mintKeypair = Keypair.generate();
  const { blockhash } = await ctx.chain.getLatestBlockhash();
  const fee = mint.price > 0n ? ctx.config.platformFeeLamports : 0n;
  const transaction = buildNftMintTransaction({
    payer: mint.wallet.publicKey,
    mint: mintKeypair.publicKey,
    mintAuthority: ctx.keys.mintAuthority.publicKey,
    groupMint: new PublicKey(groupMint),
    name: mint.nft.name ?? drop.name,
    symbol: drop.symbol,
    uri: metadataUri(ctx.publicBaseUrl, drop.shortId, {
      tokenId: mint.nft.tokenId ?? null,
      editionNumber: mint.nft.editionNumber ?? null,
      id: mint.nft.id,
    }),
    payments: [
      { to: treasury, lamports: mint.price },
      { to: ctx.keys.platformFeeAccount, lamports: fee },
    ],
    recentBlockhash: blockhash,
  });
  const signature = await ctx.chain.sendRawTransaction(
    signAndSerialize(transaction, mint.wallet, mintKeypair, ctx.keys.mintAuthority),
  );
  return { signature, mintAddress: mintKeypair.publicKey.toBase58(), fee };
}

type MintResult = DemoMint & Awaited<ReturnType<typeof mintOnChain>>;

/** The GLOW gate token: a new mint paid by the mint authority, and the collectors' balances. */
async function createGlowOnChain(ctx: ServiceContext, collectors: Keypair[]): Promise<string> {
  const mintAuthority = ctx.keys.mintAuthority;
  const created = buildFungibleMintTransaction({
    mintAuthority,
    decimals: DEMO_GLOW_TOKEN.decimals,
    recentBlockhash: (await ctx.chain.getLatestBlockhash()).blockhash,
  });
  await ctx.chain.sendRawTransaction(created.transaction.serialize());
  const mintTo = buildFungibleMintToTransaction({
    mintAuthority,
    mint: created.mint.publicKey,
    recipients: DEMO_GLOW_TOKEN.holdings.map((h) => ({ owner: collectors[h.collector]!.publicKey, amount: h.amount })),
    recentBlockhash: (await ctx.chain.getLatestBlockhash()).blockhash,
  });
  await ctx.chain.sendRawTransaction(mintTo.serialize());
  return created.mint.publicKey.toBase58();
}

/** One after another: each waits for the chain to land the previous one. */
export async function mintAllOnChain(
  ctx: ServiceContext,
  drop: DemoDrop,
  groupMint: string,
  treasury: PublicKey,
  mints: DemoMint[],
) {
  const results: MintResult[] = [];
  for (const m of mints) results.push({ ...m, ...(await mintOnChain(ctx, drop, groupMint, treasury, m)) });
  return results;
}

export function collectionData(
  drop: DemoDrop,
  ctx: ServiceContext,
  collectionAddress: string,
  treasury: PublicKey,
  cover: string,
) {
  return {
    shortId: drop.shortId,
    name: drop.name,
    symbol: drop.symbol,
    description: drop.description,
    image: `/art/${cover}/cover.svg`,
    bannerImage: `/art/${cover}/banner.svg`,
    chain: ctx.config.chainName,
    collectionAddress,
    externalUrl: drop.externalUrl,
    twitter: drop.twitter,
    discord: drop.discord,
    isVerified: drop.isVerified,
    isFeatured: drop.isFeatured,
    launchStatus: drop.launchStatus,
    editionType: drop.editionType,
    totalSupply: drop.totalSupply,
    treasuryAddress: treasury.toBase58(),
    supportedBySurface: drop.supportedBySurface,
    requiresFeatures: drop.requiresFeatures,
    mintUrl: drop.mintUrl,
    delayedRevealEnabled: drop.delayedRevealEnabled,
    placeholderImage: drop.placeholderImage,
  } satisfies Omit<Prisma.CollectionCreateInput, "id">;
}

export function phaseRows(drop: DemoDrop, collectionId: string, now: Date) {
  const at = (offset: number | null) => (offset === null ? null : new Date(now.getTime() + offset));
  return drop.phases.map((p, index) => ({
    id: crypto.randomUUID(),
    key: p.key,
    data: {
      collectionId,
      name: p.name,
      sortOrder: index,
      startDate: at(p.start),
      endDate: at(p.end),
      priceModel: p.priceModel,
      price: p.price,
      priceMax: p.priceMax ?? null,
      bogoBuy: p.bogo?.buy ?? null,
      bogoGet: p.bogo?.get ?? null,
      isGated: p.isGated ?? false,
      maxPerWallet: p.maxPerWallet ?? null,
      maxPerTransaction: p.maxPerTransaction ?? null,
      phaseSupply: p.phaseSupply ?? null,
      ...("dutchConfig" in p && p.dutchConfig ? { dutchConfig: p.dutchConfig as Prisma.InputJsonValue } : {}),
      ...("pegConfig" in p && p.pegConfig ? { pegConfig: p.pegConfig as Prisma.InputJsonValue } : {}),
    },
  }));
}

/** Writes the demo mints' outcome: NFT state, mint rows. */
export function mintWrites(collectionId: string, phaseIds: Map<string, string>, results: MintResult[]) {
  return results.map((m) => ({
    nft: {
      where: { id: m.nft.id },
      data: {
        status: "minted" as const,
        mintAddress: m.mintAddress,
        ownerWallet: m.wallet.publicKey.toBase58(),
        minterWallet: m.wallet.publicKey.toBase58(),
        mintedAt: m.at,
      },
    },
    mint: {
      collectionId,
      phaseId: phaseIds.get(m.phaseKey) ?? null,
      nftId: m.nft.id,
      walletAddress: m.wallet.publicKey.toBase58(),
      kind: m.kind,
      signature: m.signature,
      pricePaid: m.price,
      feePaid: m.fee,
      mintedAt: m.at,
    },
  }));
}

const SEEDERS: Record<keyof typeof DEMO_DROPS, (context: SeedContext) => Promise<void>> = {
  async sprites({ ctx, now, collectors }) {
    const drop = DEMO_DROPS.sprites;
    const prisma = ctx.db;
    const treasury = Keypair.generate().publicKey;
    const groupMint = await createGroupOnChain(ctx, drop);
    const collectionId = crypto.randomUUID();
    const phases = phaseRows(drop, collectionId, now);
    const phaseIds = new Map(phases.map((p) => [p.key, p.id]));
    const priceOf = new Map(drop.phases.map((p) => [p.key, p.price]));

    const items = Array.from({ length: SPRITE_COUNT }, (_, i) => ({
      tokenId: i + 1,
      attributes: spriteAttributes(i + 1),
    }));
    const nfts: NftSeed[] = rankByRarity(items).map(({ item, rarityScore, rarityRank, rarityTier }) => ({
      id: crypto.randomUUID(),
      tokenId: item.tokenId,
      name: `Solstice Sprite #${item.tokenId}`,
      description: "A small spirit of the longest day.",
      imageUrl: `/art/sprites/${item.tokenId}.svg`,
      previewImageUrl: `/art/sprites/${item.tokenId}.svg`,
      mediaType: "image/svg+xml",
      attributes: item.attributes,
      rarityScore,
      rarityRank,
      rarityTier,
    }));
    nfts.sort((a, b) => (a.tokenId ?? 0) - (b.tokenId ?? 0));

    const demoMints: DemoMint[] = DEMO_SPRITE_MINTS.map((m, i) => ({
      nft: nfts[i]!,
      wallet: collectors[m.collector]!,
      phaseKey: m.phase,
      kind: m.bonus ? "bogo_bonus" : "paid",
      price: m.bonus ? 0n : (priceOf.get(m.phase) ?? 0n),
      at: new Date(now.getTime() - (DEMO_SPRITE_MINTS.length - i) * 97 * DEMO_TIME.MINUTE),
    }));
    const results = await mintAllOnChain(ctx, drop, groupMint, treasury, demoMints);
    const glowMint = await createGlowOnChain(ctx, collectors);
    const aurora = await prisma.collection.findUnique({
      where: { shortId: DEMO_DROPS.aurora.shortId },
      select: { collectionAddress: true },
    });

    await prisma.$transaction(async (tx) => {
      await tx.collection.create({
        data: {
          id: collectionId,
          ...collectionData(drop, ctx, groupMint, treasury, "sprites"),
          bountyPrizesEnabled: true,
        },
      });
      await tx.phase.createMany({ data: phases.map((p) => ({ id: p.id, ...p.data })) });
      await tx.nft.createMany({ data: nfts.map((n) => ({ ...n, collectionId })) });
      for (const write of mintWrites(collectionId, phaseIds, results)) {
        await tx.nft.update(write.nft);
        await tx.mint.create({ data: write.mint });
      }
      // Allowlist: the demo collectors, 3 spots each in the gated phases.
      for (const key of ["og", "allowlist"]) {
        await tx.allowlistEntry.createMany({
          data: collectors.map((w) => ({
            phaseId: phaseIds.get(key)!,
            walletAddress: w.publicKey.toBase58(),
            allocation: 3,
          })),
        });
      }
      if (aurora?.collectionAddress) {
        await tx.gateRule.create({
          data: {
            phaseId: phaseIds.get("allowlist")!,
            kind: "nft_gate",
            ruleName: "Aurora holders",
            collections: [aurora.collectionAddress],
            multiplier: 2,
          },
        });
      }
      await tx.gateRule.create({
        data: {
          phaseId: phaseIds.get("allowlist")!,
          kind: "token_gate",
          ruleName: DEMO_GLOW_TOKEN.ruleName,
          tokenMint: glowMint,
          minAmount: DEMO_GLOW_TOKEN.minAmount,
          multiplier: DEMO_GLOW_TOKEN.multiplier,
        },
      });
      await tx.walletAllocationOverride.create({
        data: {
          phaseId: phaseIds.get("allowlist")!,
          walletAddress: collectors[0]!.publicKey.toBase58(),
          allocation: 6,
        },
      });
      await seedSpriteClaimCodes(tx, collectionId, phaseIds);
      await seedSpriteBounties(tx, collectionId, now, results);
      await tx.affiliate.create({
        data: { collectionId, code: "FRIENDS", walletAddress: collectors[1]!.publicKey.toBase58(), feeBps: 500 },
      });
      await tx.walletBlock.create({
        data: {
          walletAddress: Keypair.fromSeed(
            createHash("sha256").update(DEMO_BLOCKED_WALLET_SEED).digest(),
          ).publicKey.toBase58(),
          collectionId,
          reason: "Chargeback under review",
          blockedUntil: new Date(now.getTime() + 7 * DEMO_TIME.DAY),
        },
      });
      const reactions = [
        [0, 0, "🔥"],
        [0, 1, "🔥"],
        [0, 2, "❤️"],
        [3, 1, "🔥"],
        [3, 0, "✨"],
        [8, 2, "🔥"],
      ] as const;
      await tx.reaction.createMany({
        data: reactions.map(([nftIndex, collector, emoji]) => ({
          nftId: nfts[nftIndex]!.id,
          walletAddress: collectors[collector]!.publicKey.toBase58(),
          emoji,
        })),
      });
    });
  },

  async aurora({ ctx, now, collectors }) {
    const drop = DEMO_DROPS.aurora;
    const treasury = Keypair.generate().publicKey;
    const groupMint = await createGroupOnChain(ctx, drop);
    const collectionId = crypto.randomUUID();
    const phases = phaseRows(drop, collectionId, now);
    const phaseIds = new Map(phases.map((p) => [p.key, p.id]));
    const supply = drop.totalSupply;
    const masterId = crypto.randomUUID();
    const editions: NftSeed[] = Array.from({ length: supply }, (_, i) => ({
      id: crypto.randomUUID(),
      tokenId: null,
      name: `Aurora #${i + 1} of ${supply}`,
      imageUrl: `/art/aurora/edition-${i + 1}.svg`,
      previewImageUrl: "/art/aurora/edition.svg",
      mediaType: "image/svg+xml",
      attributes: [{ trait_type: "Edition", value: `${i + 1} of ${supply}` }],
      editionNumber: i + 1,
      maxEditionSupply: supply,
      masterNftId: masterId,
    }));
    const demoMints: DemoMint[] = DEMO_AURORA_MINTS.map((m, i) => ({
      nft: editions[i]!,
      wallet: collectors[m.collector]!,
      phaseKey: "open",
      kind: "free",
      price: 0n,
      at: new Date(now.getTime() - (DEMO_AURORA_MINTS.length - i) * 211 * DEMO_TIME.MINUTE),
    }));
    const results = await mintAllOnChain(ctx, drop, groupMint, treasury, demoMints);

    await ctx.db.$transaction(async (tx) => {
      await tx.collection.create({
        data: { id: collectionId, ...collectionData(drop, ctx, groupMint, treasury, "aurora") },
      });
      await tx.phase.createMany({ data: phases.map((p) => ({ id: p.id, ...p.data })) });
      // The master is the edition's template: never minted itself, it counts the copies.
      await tx.nft.create({
        data: {
          id: masterId,
          collectionId,
          tokenId: null,
          name: "Aurora",
          description: drop.description,
          imageUrl: "/art/aurora/edition.svg",
          previewImageUrl: "/art/aurora/edition.svg",
          mediaType: "image/svg+xml",
          isMasterEdition: true,
          maxEditionSupply: supply,
          currentEditionSupply: results.length,
        },
      });
      await tx.nft.createMany({ data: editions.map((n) => ({ ...n, collectionId, currentEditionSupply: 1 })) });
      for (const write of mintWrites(collectionId, phaseIds, results)) {
        await tx.nft.update(write.nft);
        await tx.mint.create({ data: write.mint });
      }
    });
  },

  async packs({ ctx, now }) {
    await seedCollectionOnly(ctx, DEMO_DROPS.packs, now, "packs");
  },

  async nightfall({ ctx, now }) {
    await seedCollectionOnly(ctx, DEMO_DROPS.nightfall, now, "nightfall");
  },
};

async function seedCollectionOnly(ctx: ServiceContext, drop: DemoDrop, now: Date, art: string) {
  const treasury = Keypair.generate().publicKey;
  const groupMint = await createGroupOnChain(ctx, drop);
  const collectionId = crypto.randomUUID();
  const phases = phaseRows(drop, collectionId, now);
  await ctx.db.$transaction(async (tx) => {
    await tx.collection.create({ data: { id: collectionId, ...collectionData(drop, ctx, groupMint, treasury, art) } });
    await tx.phase.createMany({ data: phases.map((p) => ({ id: p.id, ...p.data })) });
  });
}

/** The sprites drop's claim-code batches (the docs' examples name SPRITE-LAUNCH). */
export const SPRITE_CLAIM_CODE_BATCHES = [
  { name: "Allowlist codes", grantType: "whitelist", mintAllocation: 2, codes: ["SPRITE-LIST"] },
  {
    name: "Free mint codes",
    grantType: "free_mint",
    mintAllocation: 1,
    codes: ["SPRITE-FREE", "SPRITE-GIFT"],
    maxUses: 25,
  },
  { name: "Half price", grantType: "discount", discountPercent: 50, discountUses: 2, codes: ["SPRITE-HALF"] },
  { name: "Tenth off", grantType: "discount", discountFixed: sol("0.01"), discountUses: 1, codes: ["SPRITE-TENTH"] },
  // A perk on the partner's own page, whichever phase the collector is looking at.
  {
    name: "Partner perks",
    grantType: "external",
    externalUrl: "https://partner.dropmint.example/perk",
    codes: ["SPRITE-PARTNER"],
    anyPhase: true,
  },
  { name: "Aurora redemption", grantType: "nft_redemption", mintAllocation: 1, codes: ["SPRITE-REDEEM"] },
  // Good in any phase: a launch-day gift for collectors who are not on the allowlist.
  {
    name: "Launch gifts",
    grantType: "free_mint",
    mintAllocation: 1,
    codes: ["SPRITE-LAUNCH"],
    maxUses: 50,
    anyPhase: true,
  },
] as const;

async function seedSpriteClaimCodes(tx: Prisma.TransactionClient, collectionId: string, phaseIds: Map<string, string>) {
  const batches = SPRITE_CLAIM_CODE_BATCHES;
  for (const batch of batches) {
    const { codes, ...rest } = batch;
    const maxUses = "maxUses" in rest ? rest.maxUses : 100;
    const phaseId = "anyPhase" in rest ? null : (phaseIds.get("allowlist") ?? null);
    const data = { ...rest } as Record<string, unknown>;
    delete data.maxUses;
    delete data.anyPhase;
    const created = await tx.claimCodeBatch.create({
      data: { collectionId, phaseId, ...(data as Omit<Prisma.ClaimCodeBatchCreateManyInput, "collectionId">) },
    });
    await tx.claimCode.createMany({
      data: codes.map((code) => ({ batchId: created.id, collectionId, code, maxUses })),
    });
  }
}

async function seedSpriteBounties(
  tx: Prisma.TransactionClient,
  collectionId: string,
  now: Date,
  mints: ReadonlyArray<{ nft: NftSeed; wallet: Keypair; at: Date }>,
) {
  const counterStartsAt = new Date(now.getTime() - 7 * DEMO_TIME.DAY);
  const milestones = await tx.bountySection.create({
    data: { collectionId, kind: "milestone_group", name: "Community milestones", counterStartsAt, sortOrder: 0 },
  });
  const lucky = await tx.bountySection.create({
    data: { collectionId, kind: "individual", name: "Lucky mints", sortOrder: 1 },
  });
  const winnerOf = (nth: number) => mints[nth - 1];

  await tx.bounty.createMany({
    data: [
      {
        collectionId,
        sectionId: milestones.id,
        name: "25th mint",
        description: "Half a SOL to whoever mints the 25th sprite.",
        bountyType: "token",
        triggerMintCount: 25,
        triggerStartsAt: counterStartsAt,
        tokenSymbol: "SOL",
        tokenDecimals: 9,
        amount: sol("0.5"),
        sortOrder: 0,
      },
      {
        collectionId,
        sectionId: milestones.id,
        name: "50th mint",
        description: "The Golden Sprite 1/1.",
        bountyType: "nft",
        triggerMintCount: 50,
        triggerStartsAt: counterStartsAt,
        nftName: "Golden Sprite",
        nftImageUrl: "/art/bounty/golden-sprite.svg",
        sortOrder: 1,
      },
      {
        collectionId,
        sectionId: milestones.id,
        name: "100th mint",
        description: "The last sprite mints a free Aurora.",
        bountyType: "free_mint",
        triggerMintCount: 100,
        triggerStartsAt: counterStartsAt,
        sortOrder: 2,
      },
    ],
  });
  const seventh = winnerOf(7)!;
  const tenth = winnerOf(10)!;
  const luckySeven = await tx.bounty.create({
    data: {
      collectionId,
      sectionId: lucky.id,
      name: "Mint #7",
      description: "An OG role in the Discord.",
      bountyType: "grant",
      triggerMintCount: 7,
      grantLabel: "Discord OG role",
      isClaimed: true,
      claimedWinner: seventh.wallet.publicKey.toBase58(),
      claimedAt: seventh.at,
      sortOrder: 0,
    },
  });
  const luckyTen = await tx.bounty.create({
    data: {
      collectionId,
      sectionId: lucky.id,
      name: "Mint #10",
      description: "A quarter SOL.",
      bountyType: "token",
      triggerMintCount: 10,
      tokenSymbol: "SOL",
      tokenDecimals: 9,
      amount: sol("0.25"),
      isClaimed: true,
      claimedWinner: tenth.wallet.publicKey.toBase58(),
      claimedAt: tenth.at,
      sortOrder: 1,
    },
  });
  await tx.bounty.create({
    data: {
      collectionId,
      sectionId: lucky.id,
      name: "Mint #42",
      description: "A Tide Relic from the vault.",
      bountyType: "nft",
      triggerMintCount: 42,
      nftName: "Tide Relic",
      nftImageUrl: "/art/bounty/tide-relic.svg",
      sortOrder: 2,
    },
  });
  await tx.bountyAward.createMany({
    data: [
      {
        collectionId,
        nftId: seventh.nft.id,
        bountyId: luckySeven.id,
        walletAddress: seventh.wallet.publicKey.toBase58(),
        bountyType: "grant",
        payoutStatus: "not_applicable",
        memo: "Discord OG role",
      },
      {
        collectionId,
        nftId: tenth.nft.id,
        bountyId: luckyTen.id,
        walletAddress: tenth.wallet.publicKey.toBase58(),
        bountyType: "token",
        amount: sol("0.25"),
        tokenSymbol: "SOL",
        payoutStatus: "paid",
      },
    ],
  });

  const inventory = [
    ["Golden Sprite", "golden-sprite", "assigned"],
    ["Tide Relic", "tide-relic", "unassigned"],
    ["Ember Relic", "ember-relic", "unassigned"],
    ["Void Relic", "void-relic", "claimed"],
  ] as const;
  await tx.bountyInventoryItem.createMany({
    data: inventory.map(([name, art, state], sortOrder) => ({
      collectionId,
      name,
      imageUrl: `/art/bounty/${art}.svg`,
      state,
      sortOrder,
      // The relics are the pool's "Relic vault" (its NFT entry's nft_pool_label).
      poolLabel: art.endsWith("-relic") ? "Relic vault" : null,
      ...(state === "claimed"
        ? { claimedWinner: winnerOf(5)!.wallet.publicKey.toBase58(), claimedAt: winnerOf(5)!.at }
        : {}),
    })),
  });

  // Every 5th mint draws once from the pool; the demo has had two draws (mints 5 and 10).
  const pool = await tx.bountyPool.create({
    data: {
      collectionId,
      name: "Every fifth mint",
      description: "Each fifth sprite draws a prize.",
      recurEveryNMints: 5,
      recurMaxFires: 20,
      recurFiresCount: 2,
      counterStartsAt,
    },
  });
  await tx.bountyPoolEntry.createMany({
    data: [
      {
        poolId: pool.id,
        rewardType: "token",
        weightBps: 6000,
        payoutAmount: sol("0.05"),
        tokenSymbol: "SOL",
        tokenDecimals: 9,
        displayLabel: "0.05 SOL",
        sortOrder: 0,
      },
      {
        poolId: pool.id,
        rewardType: "token",
        weightBps: 3000,
        payoutAmount: sol("0.2"),
        tokenSymbol: "SOL",
        tokenDecimals: 9,
        displayLabel: "0.2 SOL",
        sortOrder: 1,
      },
      {
        poolId: pool.id,
        rewardType: "nft",
        weightBps: 1000,
        nftPoolLabel: "Relic vault",
        displayLabel: "A relic",
        displayImageUrl: "/art/bounty/void-relic.svg",
        sortOrder: 2,
      },
    ],
  });
  await tx.bountyAward.createMany({
    data: [
      {
        collectionId,
        nftId: winnerOf(5)!.nft.id,
        poolId: pool.id,
        walletAddress: winnerOf(5)!.wallet.publicKey.toBase58(),
        bountyType: "nft",
        payoutStatus: "paid",
        memo: "Void Relic",
      },
      {
        collectionId,
        nftId: tenth.nft.id,
        poolId: pool.id,
        walletAddress: tenth.wallet.publicKey.toBase58(),
        bountyType: "token",
        amount: sol("0.05"),
        tokenSymbol: "SOL",
        payoutStatus: "paid",
      },
    ],
  });
}

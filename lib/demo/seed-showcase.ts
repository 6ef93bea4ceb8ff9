// Seeds one showcase demo drop (lib/demo/showcase-drops.ts) the way the classic ones are
// seeded (seed-demo-drops.ts): its collection and the collectors' demo mints on the chain
// first, then everything in one database transaction; then what needs the drop written: the
// fair order's commitment, and the prize account's funds for a prize.
import { Keypair, PublicKey } from "@solana/web3.js";
import { LOCALNET_STATIC_PRICES } from "@/lib/config";
import { parseUnits } from "@/lib/domain/parse-units";
import { rarityPrice } from "@/lib/domain/mint-pricing";
import { rankByRarity } from "@/lib/domain/rarity";
import { prizeAccountOf } from "@/lib/services/bounty-payouts";
import { commitFairOrder } from "@/lib/services/fairness";
import { ensureTestStablecoin } from "@/lib/services/stablecoin-faucet";
import { TEST_STABLECOIN } from "@/lib/chain";
import {
  createGroupOnChain,
  collectionData,
  fund,
  mintAllOnChain,
  mintWrites,
  phaseRows,
  type DemoMint,
  type NftSeed,
  type SeedContext,
} from "./seed-demo-drops";
import { DEMO_TIME, sol } from "./demo-drops";
import { SHOWCASE_DROPS, seededMintMinutesAgo, type ShowcaseDrop, type ShowcaseKey } from "./showcase-drops";

export async function seedShowcaseDrop({ ctx, now, collectors }: SeedContext, key: ShowcaseKey): Promise<void> {
  const spec: ShowcaseDrop = SHOWCASE_DROPS[key];
  const { drop } = spec;
  const treasury = Keypair.generate().publicKey;
  const groupMint = await createGroupOnChain(ctx, drop);
  const collectionId = crypto.randomUUID();
  // A stablecoin drop's phases are priced in the local test stablecoin, created here when missing.
  const stablecoin = spec.stablecoin ? await ensureTestStablecoin(ctx) : null;
  const phases = phaseRows(drop, collectionId, now).map((p) =>
    stablecoin
      ? {
          ...p,
          data: {
            ...p.data,
            currency: TEST_STABLECOIN.symbol,
            currencyDecimals: stablecoin.decimals,
            currencyMint: stablecoin.mint,
          },
        }
      : p,
  );
  const phaseIds = new Map(phases.map((p) => [p.key, p.id]));
  const phase = drop.phases[0]!;

  const nfts = showcaseNfts(spec);
  const lastRank = Math.max(0, ...nfts.map((n) => n.rarityRank ?? 0));
  const minutesAgo = spec.seededMints ? seededMintMinutesAgo(spec.seededMints) : [];
  const demoMints: DemoMint[] = minutesAgo.map((ago, i) => {
    const price = seededPrice(phase, nfts[i]!, lastRank);
    return {
      nft: nfts[i]!,
      wallet: collectors[i % collectors.length]!,
      phaseKey: phase.key,
      kind: price > 0n ? "paid" : "free",
      price,
      at: new Date(now.getTime() - ago * DEMO_TIME.MINUTE),
    };
  });
  const results = await mintAllOnChain(ctx, drop, groupMint, treasury, demoMints);

  await ctx.db.$transaction(async (tx) => {
    await tx.collection.create({
      data: {
        id: collectionId,
        ...collectionData(drop, ctx, groupMint, treasury, drop.shortId),
        bountyPrizesEnabled: spec.nextMintPrize !== undefined,
        timeDelayedReveal: spec.revealDelayMinutes !== undefined,
        revealDelayMinutes: spec.revealDelayMinutes ?? null,
      },
    });
    await tx.phase.createMany({ data: phases.map((p) => ({ id: p.id, ...p.data })) });
    await tx.nft.createMany({ data: nfts.map((n) => ({ ...n, collectionId })) });
    for (const write of mintWrites(collectionId, phaseIds, results)) {
      await tx.nft.update(write.nft);
      await tx.mint.create({ data: write.mint });
    }
    if (spec.packTier) {
      const batch = await tx.claimCodeBatch.create({
        data: {
          collectionId,
          name: `${spec.packTier.name} packs`,
          grantType: "pack",
          packTierId: spec.packTier.name,
          mintAllocation: 1,
        },
      });
      await tx.claimCode.createMany({
        data: spec.packTier.codes.map((code) => ({ batchId: batch.id, collectionId, code, maxUses: 1 })),
      });
    }
    if (spec.nextMintPrize) {
      await tx.bounty.create({
        data: {
          collectionId,
          name: spec.nextMintPrize.name,
          description: "Paid from the drop's prize account the moment the mint lands.",
          bountyType: "token",
          tokenSymbol: "SOL",
          tokenDecimals: 9,
          amount: spec.nextMintPrize.amount,
          triggerMintCount: results.length + 1,
        },
      });
    }
  });
  if (spec.fair) await commitFairOrder(ctx.db, collectionId);
  // The prize and the fees of paying it.
  if (spec.nextMintPrize)
    await fund(ctx, new PublicKey(prizeAccountOf(ctx, collectionId)), spec.nextMintPrize.amount + sol("0.1"));
}

/** The drop's NFT rows: numbered art, ranked traits, and the pack tier's last tokens. */
function showcaseNfts(spec: ShowcaseDrop): NftSeed[] {
  const { drop } = spec;
  const items = Array.from({ length: spec.count }, (_, i) => ({
    tokenId: i + 1,
    attributes: spec.traits?.(i + 1) ?? [],
  }));
  const ranked = spec.traits
    ? rankByRarity(items)
    : items.map((item) => ({ item, rarityScore: null, rarityRank: null, rarityTier: null }));
  const tierFrom = spec.packTier ? spec.count - spec.packTier.count + 1 : Number.POSITIVE_INFINITY;
  return ranked
    .map(({ item, rarityScore, rarityRank, rarityTier }) => ({
      id: crypto.randomUUID(),
      tokenId: item.tokenId,
      name: `${drop.name} #${item.tokenId}`,
      description: drop.description.split(":")[0] ?? null,
      imageUrl: `/art/${drop.shortId}/${item.tokenId}.svg`,
      previewImageUrl: `/art/${drop.shortId}/${item.tokenId}.svg`,
      mediaType: "image/svg+xml",
      attributes: item.attributes,
      rarityScore,
      rarityRank,
      rarityTier,
      packTierName: item.tokenId >= tierFrom ? spec.packTier!.name : null,
      ...(spec.audioSeconds
        ? {
            mediaType: "audio/wav",
            coverArtUrl: `/art/${drop.shortId}/${item.tokenId}.svg`,
            audioPreviewUrl: `/art/${drop.shortId}/${item.tokenId}.wav`,
            previewStartTime: 0,
            previewDuration: spec.audioSeconds,
            audioDurationSeconds: spec.audioSeconds,
          }
        : {}),
    }))
    .sort((a, b) => a.tokenId - b.tokenId);
}

/** What a seeded mint paid: the phase's price as prepare would charge it (a pegged one at the pinned local SOL price). */
function seededPrice(phase: ShowcaseDrop["drop"]["phases"][number], nft: NftSeed, lastRank: number): bigint {
  switch (phase.priceModel) {
    case "range":
      return rarityPrice({ min: phase.price, max: phase.priceMax ?? null }, nft.rarityRank ?? null, lastRank || null);
    case "pegged": {
      const usd = Number(phase.pegConfig?.target ?? 0);
      return parseUnits((usd / LOCALNET_STATIC_PRICES.SOL!).toFixed(9), 9);
    }
    default:
      return phase.price;
  }
}

// A launched drop back in the terms of a staged plan (lib/schemas/drop-plan.ts), read from its
// rows: what the studio edits and hands to the same update as `npm run drop -- update`
// (update-drop.ts), so a change made in the browser meets exactly the CLI's rules.
import type { Collection } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { DropPlan } from "@/lib/schemas/drop-plan";
import type { ServiceContext } from "../context";
import { phasePlanOf, settingsOf } from "./drop-shape";
import { NFT_PAGE } from "./nft-keys";

const NFT_COLUMNS = {
  tokenId: true,
  name: true,
  description: true,
  imageUrl: true,
  previewImageUrl: true,
  mediaType: true,
  animationUrl: true,
  attributes: true,
} as const;

/** The drop's current plan. Only drops made from a folder have one (LAUNCH_REFUSED otherwise, as update says). */
export async function planOfDrop(ctx: Pick<ServiceContext, "db">, collection: Collection): Promise<DropPlan> {
  assertMadeFromFolder(collection);
  const phases = await ctx.db.phase.findMany({
    where: { collectionId: collection.id },
    orderBy: { sortOrder: "asc" },
    include: { allowlist: true, gateRules: true },
  });
  const settings = settingsOf(collection);
  return {
    fingerprint: collection.importFingerprint,
    shortId: collection.shortId,
    name: collection.name ?? "",
    symbol: collection.symbol ?? "",
    description: collection.description,
    image: collection.image ?? "",
    bannerImage: collection.bannerImage,
    externalUrl: collection.externalUrl,
    twitter: collection.twitter,
    discord: collection.discord,
    treasury: collection.treasuryAddress,
    sellerFeeBasisPoints: collection.sellerFeeBasisPoints ?? 0,
    creators: (collection.creators as DropPlan["creators"] | null) ?? [],
    fair: collection.fairCommitment !== null,
    reveal: revealPlanOf(collection),
    phases: phases.map((phase, i) => ({
      label: settings.phaseLabels[i] ?? null,
      name: phase.name ?? "",
      ...phasePlanOf(phase),
    })),
    nfts: await nftsOf(ctx, collection.id),
    claimCodeBatches: settings.claimCodeBatches,
    bounties: settings.bounties,
    media: [],
  };
}

/** Only drops made from a folder have a plan (LAUNCH_REFUSED otherwise, as update says). */
export function assertMadeFromFolder(
  collection: Collection,
): asserts collection is Collection & { importFingerprint: string; shortId: string } {
  if (collection.importFingerprint === null || collection.shortId === null)
    throw new AppError(
      "LAUNCH_REFUSED",
      `The drop "${collection.shortId ?? collection.id}" was not created from a folder; update changes only drops that create made.`,
    );
}

/** The plan's delayed reveal (hiddenSettings), from the drop's own columns. */
export function revealPlanOf(collection: Collection): DropPlan["reveal"] {
  if (!collection.delayedRevealEnabled || collection.assetsHash === null) return null;
  return {
    assetsHash: collection.assetsHash,
    placeholderImage: collection.placeholderImage ?? collection.image ?? "",
    revealAt: collection.revealedAt?.toISOString() ?? null,
  };
}

async function nftsOf(ctx: Pick<ServiceContext, "db">, collectionId: string): Promise<DropPlan["nfts"]> {
  const nfts: DropPlan["nfts"] = [];
  for (let after = -1; ;) {
    const page = await ctx.db.nft.findMany({
      where: { collectionId, isMasterEdition: false, tokenId: { gt: after } },
      orderBy: { tokenId: "asc" },
      take: NFT_PAGE,
      select: NFT_COLUMNS,
    });
    for (const nft of page)
      nfts.push({
        tokenId: nft.tokenId!,
        name: nft.name ?? "",
        description: nft.description,
        imageUrl: nft.imageUrl ?? "",
        previewImageUrl: nft.previewImageUrl ?? nft.imageUrl ?? "",
        mediaType: nft.mediaType ?? "image/png",
        animationUrl: nft.animationUrl,
        attributes: nft.attributes as DropPlan["nfts"][number]["attributes"],
      });
    if (page.length < NFT_PAGE) return nfts;
    after = page.at(-1)!.tokenId!;
  }
}

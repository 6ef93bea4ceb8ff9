// `npm run drop -- show`, and the admin summary `create` and `update` print: the drop as
// Dropmint sees it — its links, supply, phases (window, price, limits, gate), royalties,
// reveal and commitments, and the media it references.
import { formatUnits } from "@/lib/domain/amounts";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { settingsOf } from "./drop-shape";

export type DropReport = { shortId: string; collectionId: string; lines: string[]; media: string[] };

const MEDIA_KEY = /([a-z0-9][a-z0-9-]{2,15}\/[0-9a-f]{64}(?:\.w\d{2,4})?\.(?:png|jpg|gif|webp|mp4|mov|webm|glb|mp3))$/;

const when = (date: Date | null, fallback: string) => (date ? date.toISOString().replace(".000Z", "Z") : fallback);

export async function describeDrop(ctx: ServiceContext, shortId: string): Promise<DropReport> {
  const collection = await ctx.db.collection.findUnique({
    where: { shortId },
    include: {
      phases: {
        orderBy: { sortOrder: "asc" },
        include: { gateRules: true, _count: { select: { allowlist: true, mints: true } } },
      },
    },
  });
  if (!collection) throw new AppError("COLLECTION_NOT_FOUND", `No drop has the short ID "${shortId}".`);
  const [nfts, minted, codes, bounties] = await Promise.all([
    ctx.db.nft.findMany({
      where: { collectionId: collection.id },
      select: { imageUrl: true, previewImageUrl: true, animationUrl: true },
    }),
    ctx.db.nft.count({ where: { collectionId: collection.id, status: { in: ["minted", "burned"] } } }),
    ctx.db.claimCode.count({ where: { collectionId: collection.id } }),
    ctx.db.bounty.count({ where: { collectionId: collection.id } }),
  ]);
  const base = ctx.publicBaseUrl.replace(/\/+$/, "");
  const labels = settingsOf(collection).phaseLabels;
  const creators = (collection.creators as Array<{ address: string; share: number }> | null) ?? [];
  const lines = [
    `${collection.name} (${collection.symbol}) — ${collection.totalSupply ?? "open"} NFTs, ${minted} minted`,
    `  Short link:   ${base}/d/${shortId}`,
    `  Share card:   ${base}/d/${shortId}/opengraph-image`,
    `  Collection:   ${collection.collectionAddress ?? "(none)"} on ${collection.chain}`,
    `  Treasury:     ${collection.treasuryAddress}`,
    `  Royalties:    ${((collection.sellerFeeBasisPoints ?? 0) / 100).toFixed(2)}%${creators.length ? ` to ${creators.map((c) => `${c.address} (${c.share}%)`).join(", ")}` : ""}`,
    `  Phases:`,
    ...collection.phases.map((phase, i) => {
      const price =
        phase.priceModel === "dutch"
          ? "dutch auction"
          : phase.priceModel === "pegged"
            ? "pegged price"
            : phase.price === 0n
              ? "free"
              : `${formatUnits(phase.price, phase.currencyDecimals)} ${phase.currency}`;
      const gate = !phase.isGated
        ? "open to all"
        : phase.gateRules.length > 0
          ? phase.gateRules
              .map((r) =>
                r.kind === "token_gate"
                  ? `token gate (${r.tokenMint}, at least ${r.minAmount})`
                  : `NFT gate (${r.collections.join(", ")})`,
              )
              .join(", ")
          : `allowlist of ${phase._count.allowlist} wallet${phase._count.allowlist === 1 ? "" : "s"}`;
      const limits = [
        phase.maxPerWallet ? `max ${phase.maxPerWallet} per wallet` : null,
        phase.phaseSupply ? `supply ${phase.phaseSupply}` : null,
        phase.bogoBuy ? `buy ${phase.bogoBuy} get ${phase.bogoGet}` : null,
      ]
        .filter(Boolean)
        .join(", ");
      return `    ${i + 1}. ${phase.name}${labels[i] && labels[i] !== phase.name ? ` [${labels[i]}]` : ""}: ${price}; ${gate}${limits ? `; ${limits}` : ""}; ${when(phase.startDate, "open now")} → ${when(phase.endDate, "no end")}; ${phase._count.mints} minted`;
    }),
    ...(collection.delayedRevealEnabled
      ? [
          `  Reveal:       hidden until ${when(collection.revealedAt, "not scheduled yet (set reveal.at in dropmint.json and run update)")}; assets hash ${collection.assetsHash}`,
        ]
      : []),
    ...(collection.fairCommitment ? [`  Fair order:   commitment ${collection.fairCommitment}`] : []),
    ...(codes > 0 || bounties > 0
      ? [
          `  Extras:       ${codes} claim code${codes === 1 ? "" : "s"}, ${bounties} bount${bounties === 1 ? "y" : "ies"}`,
        ]
      : []),
  ];
  const urls = [
    collection.image,
    collection.bannerImage,
    collection.placeholderImage,
    ...nfts.flatMap((n) => [n.imageUrl, n.previewImageUrl, n.animationUrl]),
  ];
  const media = [
    ...new Set(
      urls.map((url) => (url ? MEDIA_KEY.exec(url)?.[1] : undefined)).filter((key): key is string => key !== undefined),
    ),
  ];
  lines.push(`  Media:        ${media.length} stored files`);
  return { shortId, collectionId: collection.id, lines, media };
}

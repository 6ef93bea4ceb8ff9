// A launched drop in the shape `update` compares (lib/domain/drop-update-rules.ts), made the
// same way from a staged plan and from the database's rows, so equal drops compare equal.
import type { Collection, Phase, AllowlistEntry, GateRule } from "@/lib/db/generated/client";
import type { DropShape } from "@/lib/domain/drop-update-rules";
import type { DropPlan, DropPlanPhase } from "@/lib/schemas/drop-plan";

/** What the launch wrote beside the rows (Collection.launchSettings). */
export type LaunchSettings = {
  phaseLabels: Array<string | null>;
  claimCodeBatches: DropPlan["claimCodeBatches"];
  bounties: DropPlan["bounties"];
};

/** JSON with object keys sorted: a jsonb column hands keys back in its own order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/** What `update` compares of one NFT, as one string. */
export const nftKey = (n: {
  name: string | null;
  description: string | null;
  imageUrl: string | null;
  animationUrl: string | null;
  attributes: unknown;
}) =>
  canonical({
    name: n.name,
    description: n.description,
    imageUrl: n.imageUrl,
    animationUrl: n.animationUrl,
    attributes: n.attributes,
  });

type PhaseSettings = Omit<DropPlanPhase, "label" | "name">;

const phaseKey = (p: PhaseSettings) => canonical({ ...p, allowlist: p.allowlist ? [...p.allowlist].sort() : null });

export function shapeOfPlan(plan: DropPlan): DropShape {
  return {
    name: plan.name,
    symbol: plan.symbol,
    description: plan.description,
    image: plan.image,
    bannerImage: plan.bannerImage,
    externalUrl: plan.externalUrl,
    twitter: plan.twitter,
    discord: plan.discord,
    treasury: plan.treasury,
    sellerFeeBasisPoints: plan.sellerFeeBasisPoints,
    creators: plan.creators.map(({ address, share }) => ({ address, share })),
    fair: plan.fair,
    assetsHash: plan.reveal?.assetsHash ?? null,
    placeholderImage: plan.reveal?.placeholderImage ?? null,
    revealAt: plan.reveal?.revealAt ? new Date(plan.reveal.revealAt).toISOString() : null,
    nfts: new Map(plan.nfts.map((n) => [n.tokenId, nftKey(n)])),
    phases: plan.phases.map(({ label, name, ...settings }) => ({
      label,
      name,
      settings: phaseKey(settings),
      phaseSupply: settings.phaseSupply,
    })),
    claimCodes: canonical(plan.claimCodeBatches),
    bounties: canonical(plan.bounties),
  };
}

export type DropRows = {
  collection: Collection;
  phases: Array<Phase & { allowlist: AllowlistEntry[]; gateRules: GateRule[] }>;
  /** Each numbered NFT's `nftKey`, by token ID. */
  nftKeys: Map<number, string>;
};

export function settingsOf(collection: Collection): LaunchSettings {
  const stored = (collection.launchSettings ?? {}) as Partial<LaunchSettings>;
  return {
    phaseLabels: stored.phaseLabels ?? [],
    claimCodeBatches: stored.claimCodeBatches ?? [],
    bounties: stored.bounties ?? [],
  };
}

/** A phase row back in the plan's terms. */
export function phasePlanOf(phase: DropRows["phases"][number]): PhaseSettings {
  const token = phase.gateRules.find((r) => r.kind === "token_gate");
  const nft = phase.gateRules.find((r) => r.kind === "nft_gate");
  return {
    startDate: phase.startDate?.toISOString() ?? null,
    endDate: phase.endDate?.toISOString() ?? null,
    priceModel: phase.priceModel as PhaseSettings["priceModel"],
    price: phase.price.toString(),
    dutchConfig: (phase.dutchConfig as Record<string, unknown> | null) ?? null,
    pegConfig: (phase.pegConfig as Record<string, unknown> | null) ?? null,
    bogo: phase.bogoBuy !== null && phase.bogoGet !== null ? { buy: phase.bogoBuy, get: phase.bogoGet } : null,
    maxPerWallet: phase.maxPerWallet,
    maxPerTransaction: phase.maxPerTransaction,
    phaseSupply: phase.phaseSupply,
    allowlist: phase.isGated && !token && !nft ? phase.allowlist.map((e) => e.walletAddress) : null,
    tokenGate: token?.tokenMint ? { mint: token.tokenMint, minAmount: token.minAmount.toString() } : null,
    nftGate: nft?.collections[0] ? { collection: nft.collections[0] } : null,
  };
}

export function shapeOfRows(rows: DropRows): DropShape {
  const { collection } = rows;
  const settings = settingsOf(collection);
  return {
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
    // Rebuilt key by key: a jsonb column hands its keys back in its own order.
    creators: ((collection.creators as DropPlan["creators"] | null) ?? []).map(({ address, share }) => ({
      address,
      share,
    })),
    fair: collection.fairCommitment !== null,
    assetsHash: collection.assetsHash,
    placeholderImage: collection.delayedRevealEnabled ? collection.placeholderImage : null,
    revealAt: collection.revealedAt?.toISOString() ?? null,
    nfts: rows.nftKeys,
    phases: rows.phases.map((phase, i) => ({
      label: settings.phaseLabels[i] ?? null,
      name: phase.name ?? "",
      settings: phaseKey(phasePlanOf(phase)),
      phaseSupply: phase.phaseSupply,
    })),
    claimCodes: canonical(settings.claimCodeBatches),
    bounties: canonical(settings.bounties),
  };
}

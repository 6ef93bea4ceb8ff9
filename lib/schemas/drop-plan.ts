// A drop ready to be written: what `npm run drop` made of a creator's folder once every file
// was checked and its media stored. The CLI stages it as `<DATA_DIR>/launches/<shortId>.json`
// and the create and update services (lib/services/drop-launch) read it from there, whether
// the CLI runs them itself or asks the running site to (POST /api/internal/drops names the
// short ID only: a drop of thousands of NFTs is far larger than a request body may be).
// Amounts are lamports as decimal strings; dates ISO 8601.
import { z } from "zod";
import { toDisplayAmount } from "@/lib/domain/amounts";
import { solToLamports } from "@/lib/domain/sugar-values";
import { solanaAddressSchema, type dropmintBountySchema, type dropmintClaimCodeBatchSchema } from "./sugar-folder";

const lamports = z.string().regex(/^\d+$/);
const instant = z.iso.datetime({ offset: true });
/** A site-relative path ("/media/…") or an absolute URL (a bucket's). */
const mediaUrl = z.string().regex(/^(\/|https?:\/\/)/);

export const dropPlanPhaseSchema = z.strictObject({
  /** The Sugar group's label; null for a config without groups. */
  label: z.string().nullable(),
  name: z.string().min(1).max(32),
  startDate: instant.nullable(),
  endDate: instant.nullable(),
  priceModel: z.enum(["fixed", "dutch", "pegged"]),
  price: lamports,
  dutchConfig: z.record(z.string(), z.unknown()).nullable(),
  pegConfig: z.record(z.string(), z.unknown()).nullable(),
  bogo: z.strictObject({ buy: z.number().int().min(1), get: z.number().int().min(1) }).nullable(),
  maxPerWallet: z.number().int().min(1).nullable(),
  maxPerTransaction: z.number().int().min(1).nullable(),
  phaseSupply: z.number().int().min(1).nullable(),
  /** Gated phases: exactly one of these three. */
  allowlist: z.array(solanaAddressSchema).nullable(),
  tokenGate: z.strictObject({ mint: solanaAddressSchema, minAmount: lamports }).nullable(),
  nftGate: z.strictObject({ collection: solanaAddressSchema }).nullable(),
});
export type DropPlanPhase = z.infer<typeof dropPlanPhaseSchema>;

export const dropPlanNftSchema = z.strictObject({
  /** The asset's file number (0.json is token 0). */
  tokenId: z.number().int().min(0),
  name: z.string().min(1),
  description: z.string().nullable(),
  imageUrl: mediaUrl,
  /** The web-sized variant for cards and galleries. */
  previewImageUrl: mediaUrl,
  mediaType: z.string(),
  animationUrl: z.string().nullable(),
  attributes: z.array(z.strictObject({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
});

export const dropPlanSchema = z.strictObject({
  /** SHA-256 of the folder's files: a create repeated on the same folder finds its drop. */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  shortId: z.string().regex(/^[a-z0-9][a-z0-9-]{2,15}$/),
  name: z.string().min(1),
  symbol: z.string(),
  description: z.string().nullable(),
  image: mediaUrl,
  bannerImage: mediaUrl.nullable(),
  externalUrl: z.string().nullable(),
  twitter: z.string().nullable(),
  discord: z.string().nullable(),
  treasury: solanaAddressSchema,
  /** The wallet that owns the drop: the studio's signed-in creator; absent, the first of `creators` (the CLI). */
  creatorWallet: solanaAddressSchema.optional(),
  sellerFeeBasisPoints: z.number().int().min(0).max(10_000),
  creators: z.array(z.strictObject({ address: solanaAddressSchema, share: z.number().int() })),
  /** NFTs go out in a committed secret shuffle (lib/domain/fair-order.ts): Sugar's isSequential false, or hidden settings. */
  fair: z.boolean(),
  /** hiddenSettings: a delayed reveal. */
  reveal: z
    .strictObject({
      assetsHash: z.string(),
      placeholderImage: mediaUrl,
      revealAt: instant.nullable(),
    })
    .nullable(),
  phases: z.array(dropPlanPhaseSchema).min(1).max(20),
  nfts: z.array(dropPlanNftSchema).min(1),
  claimCodeBatches: z.array(
    z.strictObject({
      name: z.string(),
      phaseLabel: z.string().nullable(),
      grantType: z.enum(["free_mint", "discount", "whitelist"]),
      mintAllocation: z.number().int().nullable(),
      discountPercent: z.number().nullable(),
      discountUses: z.number().int().nullable(),
      maxUses: z.number().int().nullable(),
      codes: z.array(z.string()).min(1),
    }),
  ),
  bounties: z.array(
    z.strictObject({
      name: z.string(),
      description: z.string().nullable(),
      triggerMintCount: z.number().int().min(1),
      kind: z.enum(["sol", "free_mint", "grant"]),
      lamports: lamports.nullable(),
      grantLabel: z.string().nullable(),
    }),
  ),
  /** Every stored media key of the drop (for show, and for clearing what no longer belongs to it). */
  media: z.array(z.string()),
});
export type DropPlan = z.infer<typeof dropPlanSchema>;

/** A dropmint.json claim-code batch (or the studio's) in the plan's terms, with its defaults. */
export function claimCodeBatchPlanOf(batch: z.infer<typeof dropmintClaimCodeBatchSchema>) {
  return {
    name: batch.name,
    phaseLabel: batch.phase ?? null,
    grantType: batch.grantType,
    mintAllocation: batch.mintAllocation ?? (batch.grantType === "discount" ? null : 1),
    discountPercent: batch.discountPercent ?? null,
    discountUses: batch.discountUses ?? (batch.grantType === "discount" ? 1 : null),
    maxUses: batch.maxUses ?? null,
    codes: batch.codes.map((code) => code.toUpperCase()),
  } satisfies DropPlan["claimCodeBatches"][number];
}

/** A dropmint.json bounty (or the studio's) in the plan's terms. */
export function bountyPlanOf(bounty: z.infer<typeof dropmintBountySchema>) {
  return {
    name: bounty.name,
    description: bounty.description ?? null,
    triggerMintCount: bounty.triggerMintCount,
    kind: bounty.prize.kind,
    lamports: bounty.prize.kind === "sol" ? solToLamports(bounty.prize.amount).toString() : null,
    grantLabel: bounty.prize.kind === "grant" ? bounty.prize.label : null,
  } satisfies DropPlan["bounties"][number];
}

/** A plan's bounty back in dropmint.json's terms (bountyPlanOf's inverse): what the studio's editor lists and saves. */
export function dropmintBountyOf(bounty: DropPlan["bounties"][number]): z.infer<typeof dropmintBountySchema> {
  const prize =
    bounty.kind === "sol"
      ? { kind: "sol" as const, amount: toDisplayAmount(BigInt(bounty.lamports ?? "0"), 9) }
      : bounty.kind === "grant"
        ? { kind: "grant" as const, label: bounty.grantLabel ?? bounty.name }
        : { kind: "free_mint" as const };
  return {
    name: bounty.name,
    ...(bounty.description === null ? {} : { description: bounty.description }),
    triggerMintCount: bounty.triggerMintCount,
    prize,
  };
}

// ---------------------------------------------------------------------------------------
// The running site's side of `npm run drop` (POST /api/internal/drops).

export const adminDropsCommandSchema = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("create"), shortId: z.string().min(1).max(64) }),
  z.strictObject({ action: z.literal("update"), shortId: z.string().min(1).max(64) }),
  z.strictObject({ action: z.literal("show"), shortId: z.string().min(1).max(64) }),
]);
export type AdminDropsCommand = z.infer<typeof adminDropsCommandSchema>;

/** What every action answers: the outcome and the lines the CLI prints. */
export const adminDropsResponseSchema = z.object({
  outcome: z.enum(["created", "already-created", "updated", "unchanged", "shown"]),
  shortId: z.string(),
  collectionId: z.string(),
  lines: z.array(z.string()),
  /** Media keys the drop references now (the CLI clears the rest of its folder in the store). */
  media: z.array(z.string()),
});
export type AdminDropsResponse = z.infer<typeof adminDropsResponseSchema>;

// The creator studio's bodies (app/api/studio/...): one schema per request and answer.
import { z } from "zod";
import { MAX_WALLETS } from "@/lib/domain/wallet-list";
import { timestampSchema } from "./common";
import { dropPlanPhaseSchema } from "./drop-plan";
import { dropmintBountySchema, dropmintClaimCodeBatchSchema, solanaAddressSchema } from "./sugar-folder";

/** Codes one generated batch may hold. */
export const MAX_GENERATED_CODES = 10_000;

const launchStatusSchema = z.enum(["live", "coming_soon", "deploying", "maintenance"]);

/** A drop as the studio lists it. */
export const studioDropSummarySchema = z.object({
  id: z.string(),
  shortId: z.string().nullable(),
  name: z.string().nullable(),
  launchStatus: launchStatusSchema,
  creatorWallet: z.string().nullable(),
  totalSupply: z.number().int().nullable(),
  minted: z.number().int(),
  createdAt: timestampSchema,
});
export type StudioDropSummary = z.input<typeof studioDropSummarySchema>;

export const studioDropsResponseSchema = z.object({
  success: z.literal(true),
  drops: z.array(studioDropSummarySchema),
});

/** One drop with what the studio manages of it. */
export const studioDropResponseSchema = z.object({
  success: z.literal(true),
  drop: studioDropSummarySchema.extend({
    description: z.string().nullable(),
    bannerImage: z.string().nullable(),
    externalUrl: z.string().nullable(),
    twitter: z.string().nullable(),
    discord: z.string().nullable(),
    treasuryAddress: z.string(),
  }),
});

// ── Manage (issue 26, item 2): each edit goes through the CLI's update (lib/services/drop-launch). ──

/** What an edit did: the CLI's own change lines ("The banner: none → …"); "unchanged" when nothing differed. */
export const studioEditResponseSchema = z.object({
  success: z.literal(true),
  outcome: z.enum(["updated", "unchanged"]),
  changes: z.array(z.string()),
});

const mediaUrl = z.string().regex(/^(\/media\/|https:\/\/)/, "must be a stored media path (/media/…) or an https URL");

/** PATCH /api/studio/drops/[id]: the page's text, banner and socials (null clears; absent keeps). */
export const studioDetailsBodySchema = z.strictObject({
  description: z.string().max(5000).nullable().optional(),
  bannerImage: mediaUrl.nullable().optional(),
  externalUrl: z
    .url({ protocol: /^https?$/ })
    .nullable()
    .optional(),
  twitter: z.string().max(64).nullable().optional(),
  discord: z
    .url({ protocol: /^https$/ })
    .nullable()
    .optional(),
});

/** A phase as the studio edits it: the plan's terms; `allowlist: "keep"` keeps the phase's current list. */
export const studioPhaseSchema = dropPlanPhaseSchema.extend({
  allowlist: z.union([z.literal("keep"), z.array(solanaAddressSchema).max(MAX_WALLETS), z.null()]),
});
export const studioPhasesBodySchema = z.strictObject({ phases: z.array(studioPhaseSchema).min(1).max(20) });

export const studioPhasesResponseSchema = z.object({
  success: z.literal(true),
  phases: z.array(
    dropPlanPhaseSchema.extend({
      id: z.string(),
      /** `price` in SOL as decimal text ("0.5"), so the editor's input needs no unit arithmetic of its own. */
      priceSol: z.string(),
      allowlist: z.null(),
      allowlistSize: z.number().int().nullable(),
    }),
  ),
});

/** PUT …/phases/[phaseId]/allowlist: a CSV (one wallet a line, first cell) or a JSON array, as text. */
export const studioAllowlistBodySchema = z.strictObject({
  format: z.enum(["csv", "json"]),
  text: z.string().max(8_000_000),
});

/** POST …/claim-codes: a batch generated on the server (dropmint.json's batch, with a count instead of codes). */
export const studioClaimCodeBatchBodySchema = dropmintClaimCodeBatchSchema
  .omit({ codes: true })
  .extend({ count: z.number().int().min(1).max(MAX_GENERATED_CODES) });

export const studioClaimCodeBatchSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  grantType: z.string(),
  phaseId: z.string().nullable(),
  codes: z.number().int(),
  disabled: z.number().int(),
  redemptions: z.number().int(),
  createdAt: timestampSchema,
});
export const studioClaimCodesResponseSchema = z.object({
  success: z.literal(true),
  batches: z.array(studioClaimCodeBatchSchema),
});
export const studioClaimCodeBatchResponseSchema = z.object({
  success: z.literal(true),
  outcome: z.enum(["updated", "unchanged"]),
  changes: z.array(z.string()),
  batch: studioClaimCodeBatchSchema,
});
/** The batch's codes as CSV text (code,max_uses,uses,disabled), for the browser to save. */
export const studioClaimCodeExportResponseSchema = z.object({
  success: z.literal(true),
  filename: z.string(),
  csv: z.string(),
});
export const studioRevokeBatchResponseSchema = z.object({
  success: z.literal(true),
  batch: studioClaimCodeBatchSchema,
});

/** PUT …/bounties: the drop's bounties, as dropmint.json writes them (replaces them all). */
export const studioBountiesBodySchema = z.strictObject({ bounties: z.array(dropmintBountySchema).max(50) });

/** GET …/bounties: the drop's bounties as PUT takes them (the editor starts from them). */
export const studioBountiesResponseSchema = z.object({
  success: z.literal(true),
  bounties: z.array(dropmintBountySchema),
});

/** GET …/reveal: whether the drop's art is hidden, when it reveals (null: not scheduled) and its placeholder. */
export const studioRevealResponseSchema = z.object({
  success: z.literal(true),
  hidden: z.boolean(),
  revealAt: timestampSchema.nullable(),
  placeholderImage: z.string().nullable(),
});

/** PUT …/reveal: when the hidden drop reveals (null: not scheduled) and its placeholder. */
export const studioRevealBodySchema = z.strictObject({
  revealAt: timestampSchema.nullable(),
  placeholderImage: mediaUrl.optional(),
});

export const studioAuditResponseSchema = z.object({
  success: z.literal(true),
  entries: z.array(
    z.object({
      id: z.string(),
      actorWallet: z.string(),
      actorIsAdmin: z.boolean(),
      action: z.string(),
      summary: z.record(z.string(), z.unknown()),
      createdAt: timestampSchema,
    }),
  ),
});

// ── Partner keys for the creator's own drops (item 5). ──

export const studioKeySchema = z.object({
  id: z.string(),
  displayPrefix: z.string(),
  keyClass: z.enum(["pub", "live"]),
  label: z.string().nullable(),
  origins: z.array(z.string()),
  collections: z.array(z.string()),
  createdAt: timestampSchema,
  revokedAt: timestampSchema.nullable(),
});
export const studioCreateKeyBodySchema = z.strictObject({
  keyClass: z.enum(["pub", "live"]),
  /** The creator's own drops (short IDs, UUIDs or addresses); at least one. */
  drops: z.array(z.string().min(1).max(64)).min(1).max(100),
  origins: z.array(z.string().max(300)).max(20).optional(),
  label: z.string().max(200).optional(),
});
export const studioKeysResponseSchema = z.object({ success: z.literal(true), keys: z.array(studioKeySchema) });
/** The clear key, shown this once. */
export const studioCreatedKeyResponseSchema = z.object({
  success: z.literal(true),
  key: z.string(),
  summary: studioKeySchema,
});
export const studioKeyResponseSchema = z.object({ success: z.literal(true), summary: studioKeySchema });

// The studio's upload endpoints (app/api/studio/uploads/…): a creator's Sugar folder sent
// from the browser, checked with `npm run drop -- validate`'s checks, previewed, launched.
import { z } from "zod";
import { MAX_UPLOAD_FILE_BYTES, MAX_UPLOAD_FILES } from "@/lib/domain/studio-upload";

export const uploadManifestFileSchema = z.strictObject({
  /** Relative to the folder ("assets/3.png"); the service refuses `..`, absolute and hidden paths. */
  path: z.string().min(1).max(300),
  size: z
    .number()
    .int()
    .min(0)
    .max(MAX_UPLOAD_FILE_BYTES * 2),
});

export const createUploadBodySchema = z.strictObject({
  files: z.array(uploadManifestFileSchema).min(1).max(MAX_UPLOAD_FILES),
});
export type CreateUploadBody = z.infer<typeof createUploadBodySchema>;

export const uploadParamsSchema = z.object({ uploadId: z.string().min(1).max(64) });
export const uploadFileParamsSchema = z.object({
  uploadId: z.string().min(1).max(64),
  /** Next's catch-all: the file's path segments. */
  path: z.array(z.string()).min(1).max(16),
});

const limitsSchema = z.object({
  maxFiles: z.number(),
  maxFileBytes: z.number(),
  maxUploadBytes: z.number(),
  maxChunkBytes: z.number(),
});

export const uploadStatusSchema = z.object({
  uploadId: z.string(),
  createdAt: z.string(),
  files: z.array(z.object({ path: z.string(), size: z.number(), received: z.number() })),
  fileCount: z.number(),
  filesComplete: z.number(),
  totalBytes: z.number(),
  receivedBytes: z.number(),
  limits: limitsSchema,
});
export type UploadStatus = z.infer<typeof uploadStatusSchema>;
export const uploadStatusResponseSchema = uploadStatusSchema.extend({ success: z.literal(true) });

export const uploadChunkResponseSchema = z.object({
  success: z.literal(true),
  path: z.string(),
  received: z.number(),
  complete: z.boolean(),
});

/** One problem of the folder, as `npm run drop -- validate` prints it: its file and the JSON path in it. */
export const folderProblemSchema = z.object({ file: z.string(), path: z.string(), message: z.string() });

const previewPhaseSchema = z.object({
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  priceModel: z.string(),
  /** Lamports as a decimal string (the start price of a dutch phase, 0 for pegged). */
  price: z.string(),
  maxPerWallet: z.number().nullable(),
  phaseSupply: z.number().nullable(),
  gate: z.enum(["public", "allowlist", "token", "nft"]),
  allowlistSize: z.number().nullable(),
});

/** The drop as it will be written: the same plan the launch stages, with image links to the uploaded files. */
export const dropPreviewSchema = z.object({
  shortId: z.string(),
  name: z.string(),
  symbol: z.string(),
  description: z.string().nullable(),
  image: z.string(),
  bannerImage: z.string().nullable(),
  externalUrl: z.string().nullable(),
  twitter: z.string().nullable(),
  discord: z.string().nullable(),
  treasury: z.string(),
  supply: z.number(),
  fair: z.boolean(),
  delayedReveal: z.boolean(),
  phases: z.array(previewPhaseSchema),
  /** The first NFTs, for the gallery preview. */
  nfts: z.array(
    z.object({
      tokenId: z.number(),
      name: z.string(),
      image: z.string(),
      attributes: z.array(z.object({ trait_type: z.string(), value: z.union([z.string(), z.number()]) })),
    }),
  ),
  claimCodeBatches: z.number(),
  bounties: z.number(),
});
export type DropPreview = z.infer<typeof dropPreviewSchema>;

export const uploadValidationResponseSchema = z.object({
  success: z.literal(true),
  ok: z.boolean(),
  /** Files of the manifest not yet whole: the checks run on what arrived, and these are named too. */
  missingFiles: z.number(),
  problems: z.array(folderProblemSchema),
  notes: z.array(folderProblemSchema),
  preview: dropPreviewSchema.nullable(),
});
export type UploadValidation = z.infer<typeof uploadValidationResponseSchema>;

export const uploadLaunchResponseSchema = z.object({
  success: z.literal(true),
  outcome: z.enum(["created", "already-created"]),
  shortId: z.string(),
  collectionId: z.string(),
  /** The drop page's short link. */
  url: z.string(),
  lines: z.array(z.string()),
});

export const deleteUploadResponseSchema = z.object({ success: z.literal(true), removed: z.boolean() });

export const uploadBatchResponseSchema = z.object({
  success: z.literal(true),
  files: z.array(z.object({ path: z.string(), received: z.number(), complete: z.boolean() })),
});

// POST /api/internal/keys: the running site's side of `npm run keys`, authorized by the
// admin token in `<DATA_DIR>/instance.json`. One command per call.
import { z } from "zod";
import { API_KEY_CLASSES } from "@/lib/auth/api-keys";
import { PROFILE_MODERATIONS } from "@/lib/domain/profile-moderation";

export const adminKeysCommandSchema = z.discriminatedUnion("action", [
  z.strictObject({
    action: z.literal("create"),
    keyClass: z.enum(API_KEY_CLASSES),
    collections: z.union([z.literal("all"), z.array(z.string().trim().min(1).max(100)).min(1).max(1000)]),
    origins: z.array(z.string().max(500)).max(100).optional(),
    label: z.string().max(200).optional(),
  }),
  z.strictObject({ action: z.literal("list") }),
  z.strictObject({ action: z.literal("revoke"), idOrPrefix: z.string().trim().min(1).max(200) }),
  z.strictObject({
    action: z.literal("ban"),
    identifier: z.string().trim().min(1).max(200),
    reason: z.string().trim().min(1).max(500),
  }),
  z.strictObject({ action: z.literal("unban"), identifier: z.string().trim().min(1).max(200) }),
  z.strictObject({ action: z.literal("bans") }),
  z.strictObject({
    action: z.literal("profile"),
    moderation: z.enum(PROFILE_MODERATIONS),
    wallet: z.string().trim().min(32).max(44),
    reason: z.string().trim().min(1).max(500).optional(),
  }),
]);
export type AdminKeysCommand = z.infer<typeof adminKeysCommandSchema>;

const apiKeySummarySchema = z.object({
  id: z.string(),
  displayPrefix: z.string(),
  keyClass: z.enum(API_KEY_CLASSES),
  label: z.string().nullable(),
  origins: z.array(z.string()),
  allCollections: z.boolean(),
  collections: z.array(z.string()),
  createdAt: z.date().transform((d) => d.toISOString()),
  revokedAt: z
    .date()
    .transform((d) => d.toISOString())
    .nullable(),
});

const assetBanSchema = z.object({
  collectionId: z.string(),
  shortId: z.string().nullable(),
  reason: z.string(),
  createdAt: z.date().transform((d) => d.toISOString()),
});

/** create answers the clear key (the only time it is ever shown) and its summary; list and revoke, summaries. */
export const adminKeysResponseSchema = z.union([
  z.object({ success: z.literal(true), key: z.string(), apiKey: apiKeySummarySchema }),
  z.object({ success: z.literal(true), apiKeys: z.array(apiKeySummarySchema) }),
  z.object({ success: z.literal(true), apiKey: apiKeySummarySchema }),
  z.object({ success: z.literal(true), ban: assetBanSchema.nullable() }),
  z.object({ success: z.literal(true), bans: z.array(assetBanSchema) }),
  z.object({
    success: z.literal(true),
    profile: z.object({ wallet: z.string(), moderation: z.enum(PROFILE_MODERATIONS), blocked: z.boolean() }),
  }),
]);

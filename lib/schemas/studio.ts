// The creator studio's bodies (app/api/studio/...): one schema per request and answer.
import { z } from "zod";
import { timestampSchema } from "./common";

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

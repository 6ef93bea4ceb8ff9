// First-party GET collection/{identifier}: the v1 Collection response with `status: "live"`,
// or, for a drop not launched yet, the pre-launch envelope. The envelope shows only what the
// drop's teaser page shows (name, short ID, cover and banner art) and nothing unpublished:
// no id, symbol, description, supply, phases, prices, addresses or capabilities.
import { z } from "zod";
import { collectionResponseSchema } from "./collection";
import { timestampSchema } from "./common";

export const PRE_LAUNCH_STATUSES = ["coming_soon", "deploying", "maintenance"] as const;

export const liveCollectionResponseSchema = collectionResponseSchema.extend({ status: z.literal("live") });

export const preLaunchCollectionResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(PRE_LAUNCH_STATUSES),
  collection: z.object({
    shortId: z.string().nullable(),
    name: z.string().nullable(),
    image: z.url().nullable(),
    bannerImage: z.url().nullable(),
  }),
  serverTime: timestampSchema,
});
export type PreLaunchCollection = Omit<z.infer<typeof preLaunchCollectionResponseSchema>, "success">;

export const publicCollectionResponseSchema = z.discriminatedUnion("status", [
  liveCollectionResponseSchema,
  preLaunchCollectionResponseSchema,
]);

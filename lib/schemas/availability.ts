// GET /collections/{collectionId}/availability: live supply counts for a progress display.
import { z } from "zod";

const count = z.number().int().min(0);

export const availabilityStatsSchema = z.object({
  /** The supply cap; 0 for an open-ended drop (see available). */
  total: count,
  /** Minted NFTs, burned ones included. */
  minted: count,
  burned: count,
  /** total − minted; null for an open-ended drop. */
  available: count.nullable(),
  percentMinted: z.number().min(0).max(100),
});

export const availabilityResponseSchema = z.object({
  success: z.literal(true),
  collectionId: z.uuid(),
  stats: availabilityStatsSchema,
});
export type AvailabilityView = Omit<z.infer<typeof availabilityResponseSchema>, "success">;

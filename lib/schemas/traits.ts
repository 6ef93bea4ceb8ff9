// GET /collections/{identifier}/traits: trait value statistics over the whole drop, or an
// empty list with a message before a delayed reveal.
import { z } from "zod";

export const traitValueSchema = z.object({
  value: z.string(),
  count: z.number().int().min(0),
  minted: z.number().int().min(0),
  available: z.number().int().min(0),
  probability: z.number().min(0).max(1),
  percentage: z.number().min(0).max(100),
  informationContent: z.number().min(0),
  rarityScore: z.number().min(0),
});

export const traitSchema = z.object({
  traitType: z.string(),
  uniqueValues: z.number().int().min(0),
  values: z.array(traitValueSchema),
});

export const traitsResponseSchema = z.object({
  success: z.literal(true),
  traits: z.array(traitSchema),
  totalNfts: z.number().int().min(0).optional(),
  methodology: z.string().optional(),
  message: z.string().optional(),
});
export type TraitsView = Omit<z.infer<typeof traitsResponseSchema>, "success">;

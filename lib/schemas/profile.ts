// Profile pieces shown beside wallets in feeds and leaderboards.
import { z } from "zod";

export const profileEffectSchema = z.object({
  effect_type: z.string().nullable(),
  effect_category: z.string().nullable(),
  config: z.any(),
});
export type ProfileEffect = z.infer<typeof profileEffectSchema>;

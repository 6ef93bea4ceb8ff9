// GET / — the service's version banner. Names no collection.
import { z } from "zod";

export const rootResponseSchema = z.object({
  success: z.literal(true),
  version: z.string(),
  stability: z.string(),
  docs: z.url(),
});
export type RootResponse = z.infer<typeof rootResponseSchema>;

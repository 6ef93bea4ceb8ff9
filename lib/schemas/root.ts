// GET / — the service's version banner. Names no collection.
import { z } from "zod";

export const rootResponseSchema = z.object({
  success: z.literal(true),
  version: z.string(),
  stability: z.string(),
  /** The OpenAPI 3.1 document of v1 (GET /openapi.json). */
  docs: z.url(),
  /** Additive to v1: the reference written for people (/docs). */
  reference: z.url(),
});
export type RootResponse = z.infer<typeof rootResponseSchema>;

// The spec's error body, exactly: { success: false, error: <sentence>, code: <CODE> } (+ extras).
import { z } from "zod";
import { errorCodeSchema } from "@/lib/errors";

export const errorBodySchema = z
  .object({ success: z.literal(false), error: z.string().min(1), code: errorCodeSchema })
  .loose();

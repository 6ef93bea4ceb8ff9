// The readiness probe's answer (GET /api/health/ready), for load balancers and operators.
import { z } from "zod";

export const readinessCheckSchema = z.enum(["ok", "failed"]);

export const readinessResponseSchema = z.object({
  ready: z.boolean(),
  checks: z.object({ database: readinessCheckSchema, migrations: readinessCheckSchema, chain: readinessCheckSchema }),
  /** Why the instance is not ready, one sentence per failed check; empty when ready. */
  reasons: z.array(z.string()),
});

export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;

// GET /api/v1 — version banner; names no collection.
import { v1Preflight, v1Route } from "@/lib/api/v1-route";
import { rootResponseSchema } from "@/lib/schemas/root";
import { API_STABILITY, API_VERSION } from "@/lib/api/version";

export const GET = v1Route({ scope: "none", kind: "read", response: rootResponseSchema }, ({ runtime }) => ({
  version: API_VERSION,
  stability: API_STABILITY,
  docs: `${runtime.config.publicUrl}/docs`,
}));

export const OPTIONS = v1Preflight;

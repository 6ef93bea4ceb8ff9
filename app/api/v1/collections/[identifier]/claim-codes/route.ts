// GET /api/v1/collections/{collectionId}/claim-codes — the Claim code config (no success member).
import { v1Route } from "@/lib/api/v1-route";
import { claimCodeConfigResponseSchema } from "@/lib/schemas/claim-codes";
import { getClaimCodeConfig } from "@/lib/services/claim-codes";

export const GET = v1Route({ scope: "collection", kind: "read", response: claimCodeConfigResponseSchema, envelope: "bare" }, ({ ctx, collection }) =>
  getClaimCodeConfig(ctx, collection.id),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

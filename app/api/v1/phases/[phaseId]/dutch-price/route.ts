// GET /api/v1/phases/{phaseId}/dutch-price — the Dutch price, scoped through the phase's own drop.
import { v1Route } from "@/lib/api/v1-route";
import { dutchPriceResponseSchema, getDutchPriceParamsSchema } from "@/lib/schemas/dutch-price";
import { getDutchPrice } from "@/lib/services/dutch-price";

export const GET = v1Route({ scope: "phase", kind: "read", params: getDutchPriceParamsSchema, response: dutchPriceResponseSchema }, ({ ctx, params }) =>
  getDutchPrice(ctx, params.phaseId.toLowerCase()),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { POST, PUT, PATCH, DELETE, OPTIONS } from "@/lib/api/other-methods";

// GET /api/v1/phases/{phaseId}/dutch-price — the Dutch price, scoped through the phase's own drop.
import { v1Route } from "@/lib/api/v1-route";
import { dutchPriceResponseSchema, getDutchPriceParamsSchema } from "@/lib/schemas/dutch-price";
import { getDutchPrice } from "@/lib/services/dutch-price";

export const GET = v1Route({ scope: "phase", kind: "read", params: getDutchPriceParamsSchema, response: dutchPriceResponseSchema }, ({ ctx, params }) =>
  getDutchPrice(ctx, params.phaseId.toLowerCase()),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { v1MethodNotAllowed as POST, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE, v1Preflight as OPTIONS } from "@/lib/api/v1-route";

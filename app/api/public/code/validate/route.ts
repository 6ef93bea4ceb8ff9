// POST /api/public/code/validate {collection, code} — the read-only claim-code check; {valid, error?}, no success envelope.
// Same format limits and the same per-IP and per-drop budgets as the partner validate.
import { ApiError } from "@/lib/api/api-error";
import { publicRoute } from "@/lib/api/public-route";
import { clientIp } from "@/lib/api/rate-limit";
import { publicCodeCheckResponseSchema, publicValidateCodeBodySchema } from "@/lib/schemas/code-validate";
import { consumeClaimCodeCheckBudget } from "@/lib/services/claim-codes";
import { findCollectionRefCached } from "@/lib/services/collection-ref";
import { checkCodeForSite } from "@/lib/services/code-validate";

export const POST = publicRoute({ body: publicValidateCodeBodySchema, response: publicCodeCheckResponseSchema, envelope: "bare" }, async ({ runtime, request, body }) => {
  const db = runtime.database.prisma;
  const collection = await findCollectionRefCached(db, (body.collection ?? body.collectionId)!);
  if (!collection) throw new ApiError("COLLECTION_NOT_FOUND", "No collection has that identifier.");
  await consumeClaimCodeCheckBudget(runtime.rateLimiter, runtime.config, clientIp(request, runtime.config.trustedProxyHops), collection.id);
  return checkCodeForSite(db, collection.id, body.code, new Date());
});

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export { publicMethodNotAllowed as GET, publicMethodNotAllowed as PUT, publicMethodNotAllowed as PATCH, publicMethodNotAllowed as DELETE, publicPreflight as OPTIONS } from "@/lib/api/public-route";

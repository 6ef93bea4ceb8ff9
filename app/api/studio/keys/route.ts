// GET /api/studio/keys — the creator's partner keys. POST — a key for some of its own drops, shown once.
import { studioRoute } from "@/lib/api/studio-auth";
import {
  studioCreatedKeyResponseSchema,
  studioCreateKeyBodySchema,
  studioKeysResponseSchema,
} from "@/lib/schemas/studio";
import { createCreatorKey, listCreatorKeys } from "@/lib/services/studio/partner-keys";

export const GET = studioRoute({ response: studioKeysResponseSchema }, ({ ctx, caller }) =>
  listCreatorKeys(ctx, caller),
);

export const POST = studioRoute(
  { body: studioCreateKeyBodySchema, response: studioCreatedKeyResponseSchema },
  ({ ctx, caller, body }) => createCreatorKey(ctx, caller, body),
);

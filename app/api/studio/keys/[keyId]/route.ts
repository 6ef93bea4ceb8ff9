// DELETE /api/studio/keys/[keyId] — revokes one of the creator's keys (another's is 404).
import { studioRoute } from "@/lib/api/studio-auth";
import { studioKeyResponseSchema } from "@/lib/schemas/studio";
import { revokeCreatorKey } from "@/lib/services/studio/partner-keys";

export const DELETE = studioRoute({ response: studioKeyResponseSchema }, ({ ctx, caller, params }) =>
  revokeCreatorKey(ctx, caller, String(params.keyId)),
);

// POST /api/internal/keys — the running site's side of `npm run keys` (keys, asset bans, profile moderation). While the site holds
// the embedded database no other process may open it, so the CLI sends its command here,
// authorized by the admin token the site wrote to `<DATA_DIR>/instance.json` (mode 0600).
// Without the right X-Admin-Token (or when the site runs on PostgreSQL and has no token)
// every method answers the same 404 as an unknown path. The created key is in the response
// only; it is never logged.
import { toolRoute, withAdminToken } from "@/lib/api/tool-route";
import { v1NotFound } from "@/lib/api/v1-route";
import { adminKeysCommandSchema, adminKeysResponseSchema } from "@/lib/schemas/admin-keys";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/services/api-keys";
import { banAsset, listAssetBans, unbanAsset } from "@/lib/services/asset-bans";
import { moderateProfile } from "@/lib/services/profile-edit";

// Never prerendered or cached: every answer depends on the runtime's token.
export const dynamic = "force-dynamic";

export const POST = toolRoute(
  { guard: withAdminToken, body: adminKeysCommandSchema, response: adminKeysResponseSchema },
  async ({ ctx, body: command }) => {
    switch (command.action) {
      case "create": {
        const { key, summary } = await createApiKey(ctx, command, {
          sandboxCollections: ctx.config.sandbox.collections,
        });
        return { key, apiKey: summary };
      }
      case "list":
        return { apiKeys: await listApiKeys(ctx) };
      case "revoke":
        return { apiKey: await revokeApiKey(ctx, command.idOrPrefix) };
      case "ban":
        return { ban: await banAsset(ctx, command.identifier, command.reason) };
      case "unban":
        return { ban: await unbanAsset(ctx, command.identifier) };
      case "bans":
        return { bans: await listAssetBans(ctx) };
      case "profile":
        return { profile: await moderateProfile(ctx, command) };
    }
  },
);

// Any other method: the same 404 as a path that does not exist (Next would answer 405).
export { v1NotFound as GET, v1NotFound as PUT, v1NotFound as PATCH, v1NotFound as DELETE, v1NotFound as OPTIONS };

// POST /api/internal/backup — the running site's side of `npm run backup -- create`. While the
// site holds the embedded database no other process may open it, so only the site can copy
// it consistently: the command names a folder here, and the site writes the backup into it
// (lib/server/backup): any new or empty folder the site's user may write, since the token is
// the operator's alone. Authorized by the admin token the site wrote to
// `<DATA_DIR>/instance.json` (mode 0600); without the right X-Admin-Token every method
// answers the same 404 as an unknown path.
import { toolRoute, withAdminToken } from "@/lib/api/tool-route";
import { v1NotFound } from "@/lib/api/v1-route";
import { adminBackupCommandSchema, adminBackupResponseSchema } from "@/lib/schemas/backup";
import { createBackup } from "@/lib/server/backup/create-backup";
import { getRuntime } from "@/lib/server/runtime";

// Never prerendered or cached: every answer depends on the runtime's token.
export const dynamic = "force-dynamic";

export const POST = toolRoute(
  { guard: withAdminToken, body: adminBackupCommandSchema, response: adminBackupResponseSchema },
  async ({ body }) => {
    const { database, chain, config } = await getRuntime();
    return { backup: await createBackup({ database, chain, dataDir: config.dataDir }, body.folder) };
  },
);

// Any other method: the same 404 as a path that does not exist (Next would answer 405).
export { v1NotFound as GET, v1NotFound as PUT, v1NotFound as PATCH, v1NotFound as DELETE, v1NotFound as OPTIONS };

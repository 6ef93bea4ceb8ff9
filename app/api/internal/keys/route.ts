// POST /api/internal/keys — the running site's side of `npm run keys`. While the site holds
// the embedded database no other process may open it, so the CLI sends its command here,
// authorized by the admin token the site wrote to `<DATA_DIR>/instance.json` (mode 0600).
//
//   { "action": "create", "keyClass": "live", "collections": ["sprites"] | "all", "origins"?: [...], "label"?: "..." }
//   { "action": "list" }
//   { "action": "revoke", "idOrPrefix": "dm_live_AbCdEfGh" }
//
// Without the right X-Admin-Token (or when the site runs on PostgreSQL and has no token)
// every method answers the same 404 as an unknown path. The created key is in the
// response only; it is never logged.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { getRuntime } from "@/lib/server/runtime";
import { API_KEY_CLASSES } from "@/lib/api/keys";
import { ApiError } from "@/lib/api/api-error";
import { fail, ok } from "@/lib/api/envelope";
import { describeZodError, handleApiError } from "@/lib/api/handle-error";
import { readJsonBody } from "@/lib/api/request-input";
import { createApiKey, listApiKeys, revokeApiKey } from "@/lib/services/api-keys";

// Never prerendered or cached: every answer depends on the runtime's token.
export const dynamic = "force-dynamic";

const commandSchema = z.discriminatedUnion("action", [
  z.strictObject({
    action: z.literal("create"),
    keyClass: z.enum(API_KEY_CLASSES),
    collections: z.union([z.literal("all"), z.array(z.string().trim().min(1).max(100)).min(1).max(1000)]),
    origins: z.array(z.string().max(500)).max(100).optional(),
    label: z.string().max(200).optional(),
  }),
  z.strictObject({ action: z.literal("list") }),
  z.strictObject({ action: z.literal("revoke"), idOrPrefix: z.string().trim().min(1).max(200) }),
]);

const notFound = () => fail("NOT_FOUND", "No such endpoint.");

/** Constant-time comparison; hashing first makes the lengths equal and leaks none of the token. */
function tokenMatches(expected: string | undefined, given: string | null): boolean {
  if (!expected || !given) return false;
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export async function POST(request: Request): Promise<Response> {
  try {
    const runtime = await getRuntime();
    if (!tokenMatches(runtime.adminToken, request.headers.get("x-admin-token"))) return notFound();
    const parsed = commandSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) throw new ApiError("INVALID_REQUEST", describeZodError(parsed.error, "body"));
    const command = parsed.data;
    const prisma = runtime.database.prisma;
    switch (command.action) {
      case "create": {
        const { key, summary } = await createApiKey(prisma, {
          keyClass: command.keyClass,
          collections: command.collections,
          origins: command.origins,
          label: command.label,
        });
        return ok({ key, apiKey: summary });
      }
      case "list":
        return ok({ apiKeys: await listApiKeys(prisma) });
      case "revoke":
        return ok({ apiKey: await revokeApiKey(prisma, command.idOrPrefix) });
    }
  } catch (error) {
    return handleApiError(error);
  }
}

// Any other method: the same 404 as a path that does not exist (Next would answer 405).
const absent = async (): Promise<Response> => notFound();
export const GET = absent;
export const PUT = absent;
export const PATCH = absent;
export const DELETE = absent;
export const OPTIONS = absent;

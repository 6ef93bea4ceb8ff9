// POST /api/localnet/test-controls/allowlist {phaseId, walletAddress, allocation} — puts a wallet
// on a gated phase's allowlist. Served only on localnet with DROPMINT_TEST_CONTROLS=1;
// otherwise this path does not exist.
import { fail, ok } from "@/lib/api/envelope";
import { handleApiError } from "@/lib/api/handle-error";
import { readJsonBody } from "@/lib/api/request-input";
import { allowlistBodySchema, allowlistResponseSchema } from "@/lib/schemas/test-controls";
import { getRuntime } from "@/lib/server/runtime";
import { allowlistWallet } from "@/lib/services/test-controls";

export async function POST(request: Request) {
  try {
    const runtime = await getRuntime();
    if (!runtime.config.testControls) return fail("NOT_FOUND", "No such endpoint.");
    const body = allowlistBodySchema.parse(await readJsonBody(request));
    const listed = await allowlistWallet(runtime.database.prisma, body.phaseId, body.walletAddress, body.allocation);
    return ok(allowlistResponseSchema.omit({ success: true }).parse(listed));
  } catch (error) {
    return handleApiError(error);
  }
}

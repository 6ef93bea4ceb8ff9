// POST /api/localnet/test-controls/allowlist {phaseId, walletAddress, allocation} — puts a wallet
// on a gated phase's allowlist. Served only on localnet with DROPMINT_TEST_CONTROLS=1;
// otherwise this path does not exist.
import { toolRoute, withTestControls } from "@/lib/api/tool-route";
import { allowlistBodySchema, allowlistResponseSchema } from "@/lib/schemas/test-controls";
import { allowlistWallet } from "@/lib/services/test-controls";

export const POST = toolRoute(
  { guard: withTestControls, body: allowlistBodySchema, response: allowlistResponseSchema },
  ({ ctx, body }) => allowlistWallet(ctx, body.phaseId, body.walletAddress, body.allocation),
);

// GET /api/localnet/balance/{address} — a wallet's balance on the embedded local chain. On any
// other cluster this path does not exist (404): wallets read balances from their own RPC.
// A chain read on every request: the per-IP request budget, then the smaller chain budget.
import { onLocalnet, toolRoute } from "@/lib/api/tool-route";
import { balanceParamsSchema, balanceResponseSchema } from "@/lib/schemas/faucet";
import { localBalance } from "@/lib/services/faucet";

export const GET = toolRoute(
  { guard: onLocalnet, kind: "chain-read", params: balanceParamsSchema, response: balanceResponseSchema },
  ({ ctx, params }) => localBalance(ctx, params.address),
);

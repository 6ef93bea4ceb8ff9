// GET /api/localnet/balance/{address}/stablecoin — a wallet's test stablecoin (DUSD) on the
// embedded local chain. On any other cluster this path does not exist (404).
import { onLocalnet, toolRoute } from "@/lib/api/tool-route";
import { balanceParamsSchema, stablecoinBalanceResponseSchema } from "@/lib/schemas/faucet";
import { stablecoinBalance } from "@/lib/services/stablecoin-faucet";

export const GET = toolRoute(
  { guard: onLocalnet, kind: "chain-read", params: balanceParamsSchema, response: stablecoinBalanceResponseSchema },
  ({ ctx, params }) => stablecoinBalance(ctx, params.address),
);

// POST /api/localnet/faucet/stablecoin — test stablecoins (DUSD) on the embedded local chain,
// for the drops priced in it. On any other cluster this path does not exist (404), whoever asks.
import { faucetBudget } from "@/lib/api/budgets";
import { onLocalnet, toolRoute } from "@/lib/api/tool-route";
import { stablecoinFaucetBodySchema, stablecoinFaucetResponseSchema } from "@/lib/schemas/faucet";
import { giveTestStablecoin } from "@/lib/services/stablecoin-faucet";

export const POST = toolRoute(
  {
    guard: onLocalnet,
    body: stablecoinFaucetBodySchema,
    response: stablecoinFaucetResponseSchema,
    budgets: ({ caller }) => [faucetBudget(caller.ip)],
  },
  ({ ctx, body }) => giveTestStablecoin(ctx, body.address, body.amount),
);

// Other methods answer the 405 envelope with Allow.
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
} from "@/lib/api/v1-route";

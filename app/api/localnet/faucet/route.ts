// POST /api/localnet/faucet — funds a wallet on the embedded local chain. On any other
// cluster this path does not exist (404), whoever asks.
import { faucetBudget } from "@/lib/api/budgets";
import { onLocalnet, toolRoute } from "@/lib/api/tool-route";
import { faucetBodySchema, faucetResponseSchema } from "@/lib/schemas/faucet";
import { airdropSol } from "@/lib/services/faucet";

export const POST = toolRoute(
  {
    guard: onLocalnet,
    body: faucetBodySchema,
    response: faucetResponseSchema,
    budgets: ({ caller }) => [faucetBudget(caller.ip)],
  },
  ({ ctx, body }) => airdropSol(ctx, body.address, body.sol),
);

// Other methods answer the 405 envelope with Allow.
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
} from "@/lib/api/v1-route";

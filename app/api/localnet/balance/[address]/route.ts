// GET /api/localnet/balance/{address} — a wallet's balance on the embedded local chain. On any
// other cluster this path does not exist (404): wallets read balances from their own RPC.
// Rate-limited per client IP like the chain-backed v1 reads (RATE_LIMIT_CHAIN_READS_PER_MINUTE).
import { fail, ok } from "@/lib/api/envelope";
import { handleApiError } from "@/lib/api/handle-error";
import { enforceChainBudget, enforceRequestBudget } from "@/lib/api/rate-limit";
import { balanceParamsSchema, balanceResponseSchema } from "@/lib/schemas/faucet";
import { getRuntime } from "@/lib/server/runtime";

export async function GET(request: Request, context: { params: Promise<{ address: string }> }) {
  try {
    const runtime = await getRuntime();
    if (runtime.config.cluster !== "localnet") return fail("NOT_FOUND", "No such endpoint.");
    // A chain read on every request: the per-IP request budget, then the smaller chain budget.
    await enforceRequestBudget(runtime.rateLimiter, runtime.config, request);
    await enforceChainBudget(runtime.rateLimiter, runtime.config, request);
    const { address } = balanceParamsSchema.parse(await context.params);
    const lamports = await runtime.chain.getBalance(address);
    return ok(balanceResponseSchema.omit({ success: true }).parse({ address, lamports: Number(lamports) }), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return handleApiError(error);
  }
}

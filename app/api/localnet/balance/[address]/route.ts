// GET /api/localnet/balance/{address} — a wallet's balance on the embedded local chain. On any
// other cluster this path does not exist (404): wallets read balances from their own RPC.
import { fail, ok } from "@/lib/api/envelope";
import { handleApiError } from "@/lib/api/handle-error";
import { balanceParamsSchema, balanceResponseSchema } from "@/lib/schemas/faucet";
import { getRuntime } from "@/lib/server/runtime";

export async function GET(_request: Request, context: { params: Promise<{ address: string }> }) {
  try {
    const runtime = await getRuntime();
    if (runtime.config.cluster !== "localnet") return fail("NOT_FOUND", "No such endpoint.");
    const { address } = balanceParamsSchema.parse(await context.params);
    const lamports = await runtime.chain.getBalance(address);
    return ok(balanceResponseSchema.omit({ success: true }).parse({ address, lamports: Number(lamports) }), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    return handleApiError(error);
  }
}

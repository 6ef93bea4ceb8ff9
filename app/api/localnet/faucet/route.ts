// POST /api/localnet/faucet — funds a wallet on the embedded local chain. On any other
// cluster this path does not exist (404), whoever asks.
import { ApiError } from "@/lib/api/api-error";
import { fail, ok } from "@/lib/api/envelope";
import { handleApiError } from "@/lib/api/handle-error";
import { clientIp } from "@/lib/api/rate-limit";
import { readJsonBody } from "@/lib/api/request-input";
import { faucetBodySchema, faucetResponseSchema } from "@/lib/schemas/faucet";
import { getRuntime } from "@/lib/server/runtime";
import { airdropSol } from "@/lib/services/faucet";

const AIRDROPS_PER_MINUTE = 20;

export async function POST(request: Request) {
  try {
    const runtime = await getRuntime();
    if (runtime.config.cluster !== "localnet") return fail("NOT_FOUND", "No such endpoint.");
    const budget = await runtime.rateLimiter.consume(`faucet:ip:${clientIp(request, runtime.config.trustedProxyHops)}`, AIRDROPS_PER_MINUTE, 60_000);
    if (!budget.allowed) {
      throw new ApiError("RATE_LIMITED", `Too many airdrops. Retry in ${budget.retryAfterSeconds} seconds.`, {
        extra: { retryAfter: budget.retryAfterSeconds },
        headers: { "Retry-After": String(budget.retryAfterSeconds) },
      });
    }
    const body = faucetBodySchema.parse(await readJsonBody(request));
    const result = await airdropSol(runtime.chain, body.address, body.sol);
    return ok(faucetResponseSchema.omit({ success: true }).parse(result));
  } catch (error) {
    return handleApiError(error);
  }
}

// Other methods answer the 405 envelope with Allow.
export { v1MethodNotAllowed as GET, v1MethodNotAllowed as PUT, v1MethodNotAllowed as PATCH, v1MethodNotAllowed as DELETE } from "@/lib/api/v1-route";

// One execute-mint request: a transactionHash is refused before anything else is looked
// at (the service broadcasts, never the client), then the body is validated and run.
import type { AuthContext } from "@/lib/api/auth";
import { ApiError } from "@/lib/api/api-error";
import type { Runtime } from "@/lib/server/runtime";
import { executeMintBodySchema } from "@/lib/schemas/mint";
import { RecoveredSession, executeMint, recoveredResultView } from "./execute";

export async function executeMintRequest(runtime: Runtime, auth: AuthContext, body: Record<string, unknown>) {
  if ("transactionHash" in body) {
    throw new ApiError("CLIENT_BROADCAST_NOT_ALLOWED", "A transaction hash is never accepted: send the signed transaction and the service broadcasts it.");
  }
  const input = executeMintBodySchema.parse(body);
  try {
    return await executeMint(runtime, auth, input);
  } catch (error) {
    if (error instanceof RecoveredSession) return recoveredResultView(runtime, error.sessionId);
    throw error;
  }
}

// One execute-mint request: a transactionHash is refused before anything else is looked
// at (the service broadcasts, never the client), then the body is validated and run.
import type { AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { executeMintBodySchema } from "@/lib/schemas/mint";
import type { ServiceContext } from "@/lib/services/context";
import { executeMint } from "./execute";

export async function executeMintRequest(ctx: ServiceContext, auth: AuthContext, body: Record<string, unknown>) {
  if ("transactionHash" in body) {
    throw new AppError(
      "CLIENT_BROADCAST_NOT_ALLOWED",
      "A transaction hash is never accepted: send the signed transaction and the service broadcasts it.",
    );
  }
  return executeMint(ctx, auth, executeMintBodySchema.parse(body));
}

// POST /api/public/wallet-session/nonce — a single-use nonce and the SIWS fields for the wallet to sign.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { issueSignInNonce } from "@/lib/services/wallet-session";

export const POST = publicRoute({ ...publicOperations.issueSignInNonce }, async ({ ctx, answerHeaders }) => {
  answerHeaders.set("Cache-Control", "no-store");
  return issueSignInNonce(ctx);
});

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as GET,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

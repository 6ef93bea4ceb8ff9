// POST /api/public/wallet-session/sign-in {address, message, signature} — a verified SIWS message opens the wallet's session cookie.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { walletSessionCookie } from "@/lib/api/wallet-session";
import { signInWallet } from "@/lib/services/wallet-session";

export const POST = publicRoute({ ...publicOperations.signInWallet }, async ({ ctx, body, answerHeaders }) => {
  const session = await signInWallet(ctx, body);
  answerHeaders.set("Cache-Control", "no-store");
  answerHeaders.append("Set-Cookie", walletSessionCookie(ctx.config, session, ctx.clock.now()));
  return { address: session.address, expiresAt: session.expiresAt.toISOString() };
});

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as GET,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

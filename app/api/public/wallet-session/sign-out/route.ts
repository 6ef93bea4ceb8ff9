// POST /api/public/wallet-session/sign-out {address} — ends this browser's session for that wallet.
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { clearedWalletCookie, presentedWalletSessions } from "@/lib/api/wallet-session";
import { signOutWallet } from "@/lib/services/wallet-session";

export const POST = publicRoute(
  { ...publicOperations.signOutWallet },
  async ({ ctx, body, cookies, answerHeaders }) => {
    await signOutWallet(ctx, presentedWalletSessions(cookies).get(body.address));
    answerHeaders.set("Cache-Control", "no-store");
    answerHeaders.append("Set-Cookie", clearedWalletCookie(ctx.config, body.address));
    return { address: body.address };
  },
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as GET,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

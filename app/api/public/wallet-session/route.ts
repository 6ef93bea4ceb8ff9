// GET /api/public/wallet-session — the wallets this browser has signed in with (from its cookies).
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { presentedWalletSessions } from "@/lib/api/wallet-session";
import { provenWallets } from "@/lib/services/wallet-session";

export const GET = publicRoute({ ...publicOperations.getWalletSessions }, async ({ ctx, cookies, answerHeaders }) => {
  answerHeaders.set("Cache-Control", "private, no-store");
  const proven = await provenWallets(ctx, presentedWalletSessions(cookies));
  return {
    wallets: [...proven].map(([address, { expiresAt }]) => ({ address, expiresAt: expiresAt.toISOString() })),
  };
});

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as POST,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// POST /api/public/reactions {address, nftId, reaction, active} — the signed-in wallet gives or takes back a reaction.
import { reactionBudgets } from "@/lib/api/budgets";
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { provenWalletOrThrow } from "@/lib/api/wallet-session";
import { setReaction } from "@/lib/services/reactions";

export const POST = publicRoute(
  {
    ...publicOperations.setReaction,
    budgets: ({ caller, body }) => reactionBudgets(caller, body.address),
  },
  async ({ ctx, body, cookies, answerHeaders }) => {
    answerHeaders.set("Cache-Control", "no-store");
    const wallet = await provenWalletOrThrow(ctx, cookies, body.address);
    return setReaction(ctx, { wallet, nftId: body.nftId, reaction: body.reaction, active: body.active });
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

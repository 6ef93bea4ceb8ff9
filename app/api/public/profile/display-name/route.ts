// POST /api/public/profile/display-name {address, displayName} — the signed-in wallet names itself (null removes the name).
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { provenWalletOrThrow } from "@/lib/api/wallet-session";
import { setDisplayName } from "@/lib/services/profile-edit";

export const POST = publicRoute(
  { ...publicOperations.setDisplayName },
  async ({ ctx, body, cookies, answerHeaders }) => {
    answerHeaders.set("Cache-Control", "no-store");
    return setDisplayName(ctx, await provenWalletOrThrow(ctx, cookies, body.address), body.displayName);
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

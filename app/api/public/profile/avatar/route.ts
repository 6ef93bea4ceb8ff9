// POST /api/public/profile/avatar {address, mintAddress} — the signed-in wallet shows an NFT it holds as its avatar (null removes it).
import { publicOperations } from "@/lib/api/contract/public-operations";
import { publicRoute } from "@/lib/api/public-route";
import { provenWalletOrThrow } from "@/lib/api/wallet-session";
import { setAvatar } from "@/lib/services/profile-edit";

export const POST = publicRoute({ ...publicOperations.setAvatar }, async ({ ctx, body, cookies, answerHeaders }) => {
  answerHeaders.set("Cache-Control", "no-store");
  return setAvatar(ctx, await provenWalletOrThrow(ctx, cookies, body.address), body.mintAddress);
});

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  publicMethodNotAllowed as GET,
  publicMethodNotAllowed as PUT,
  publicMethodNotAllowed as PATCH,
  publicMethodNotAllowed as DELETE,
  publicPreflight as OPTIONS,
} from "@/lib/api/public-route";

// POST /api/v1/prepare-mint — reserve NFTs and build one transaction per NFT for the wallet to sign first.
import { claimCodeCheckBudgets, prepareBudget } from "@/lib/api/budgets";
import { v1Operations } from "@/lib/api/contract/v1-operations";
import { v1Route } from "@/lib/api/v1-route";
import { prepareHolder } from "@/lib/api/wallet-session";
import { prepareMint } from "@/lib/services/mint/prepare";
import { mayBeKnownSoldOut, refuseIfKnownSoldOut, whileWaiting } from "@/lib/services/mint/sold-out-memory";

export const POST = v1Route(
  {
    ...v1Operations.prepareMint,
    scopeParam: "collectionId",
    // The caller's own budget for this wallet; a claim code is a code check like validate, so prepare is no way around those budgets.
    budgets: ({ config, caller, collection, body }) => [
      prepareBudget(caller, collection.id, body.walletAddress),
      ...(body.claimCode ? claimCodeCheckBudgets(config, caller, collection.id) : []),
    ],
    budgetsSpentBy: "handler",
    // A drop this instance knows has nothing left: SOLD_OUT before the admission gate's queue.
    knownRefusal: {
      mayApply: (runtime, body) =>
        mayBeKnownSoldOut(runtime.caches, (body as { collectionId?: unknown })?.collectionId),
      refuse: ({ ctx, collection, body, spendBudgets }) =>
        refuseIfKnownSoldOut(ctx, collection.id, body.phaseId, spendBudgets),
      whileWaiting: (runtime, body) => whileWaiting(runtime.caches, (body as { collectionId?: unknown })?.collectionId),
    },
  },
  // Who holds the reservation: the key, or the site's own page signed in with the wallet (lib/api/wallet-session.ts).
  async ({ ctx, auth, caller, cookies, collection, body, spendBudgets }) =>
    prepareMint(ctx, collection, body, {
      spendBudgets,
      holder: await prepareHolder(ctx, { auth, caller, cookies }, body.walletAddress),
    }),
);

// Other methods answer the 405 envelope; OPTIONS answers CORS preflights.
export {
  v1MethodNotAllowed as GET,
  v1MethodNotAllowed as PUT,
  v1MethodNotAllowed as PATCH,
  v1MethodNotAllowed as DELETE,
  v1Preflight as OPTIONS,
} from "@/lib/api/v1-route";

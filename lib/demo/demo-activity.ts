// The demo's background activity (local chain only, DEMO_ACTIVITY_MINUTES): every so often a
// demo collector mints a Dollar Dove through the real flow (prepare, the collector signs,
// execute), so the trending feed and the recent mints are never empty, however long after
// the first start the site is opened. Dollar Doves is an open edition, so it never sells out.
import { Transaction } from "@solana/web3.js";
import { FIRST_PARTY } from "@/lib/auth/context";
import { createLogger } from "@/lib/log";
import type { ServiceContext } from "@/lib/services/context";
import { findCollectionRef } from "@/lib/services/collection-ref";
import { executeMint } from "@/lib/services/mint/execute";
import { prepareMint } from "@/lib/services/mint/prepare";
import { DEMO_COLLECTORS, sol } from "./demo-drops";
import { demoCollectorKeypair } from "./demo-collectors";
import { SHOWCASE_DROPS } from "./showcase-drops";

const log = createLogger("demo");
const DROP = SHOWCASE_DROPS.doves.drop.shortId;

/** One demo mint by the next collector in turn; false when the drop is not there (or cannot be minted now). */
export async function mintDemoActivity(ctx: ServiceContext, turn: number): Promise<boolean> {
  const ref = await findCollectionRef(ctx.db, DROP);
  const phase =
    ref && (await ctx.db.phase.findFirst({ where: { collectionId: ref.id }, orderBy: { sortOrder: "asc" } }));
  if (!ref || !phase) return false;
  const wallet = demoCollectorKeypair(ctx.keys.mintKeySecret, turn % DEMO_COLLECTORS.length);
  const address = wallet.publicKey.toBase58();
  if ((await ctx.chain.getBalance(address)) < sol("1")) await ctx.chain.airdrop(address, sol("5"));
  const prepared = await prepareMint(
    ctx,
    ref,
    {
      collectionId: ref.id,
      phaseId: phase.id,
      walletAddress: address,
      quantity: 1,
      affiliate_code: null,
      walletProvider: null,
      claimCode: null,
      quotedTokenAmount: null,
    },
    // The demo collector's key is the server's own: its reservations are proven by construction.
    { holder: { key: "demo-activity", walletProven: true } },
  );
  const [session] = prepared.sessions;
  const transaction = Transaction.from(Buffer.from(prepared.transactions[0]!.transaction, "base64"));
  transaction.partialSign(wallet);
  const signedTransaction = Buffer.from(
    transaction.serialize({ requireAllSignatures: false, verifySignatures: false }),
  ).toString("base64");
  await executeMint(ctx, FIRST_PARTY, { sessionId: session!.sessionId, signedTransaction });
  return true;
}

/** Mints every `minutes` (unref'd timer); the returned function stops it. */
export function startDemoActivity(ctx: ServiceContext, minutes: number): () => void {
  let turn = 0;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    mintDemoActivity(ctx, turn++)
      .catch((error: unknown) => log.warn("demo activity could not mint", error))
      .finally(() => {
        running = false;
      });
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

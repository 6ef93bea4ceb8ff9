// Bounty payouts: every prize a mint wins (record-mint.ts → bounty-triggers.ts) is written as
// a pending award in the mint's own transaction, and paid out from the drop's prize account
// (lib/chain/prize-account.ts) by the payout worker (bounty-payout-worker.ts), never inside
// execute, so a slow chain never delays or blocks a mint:
// - SOL (a token prize without a token mint): a transfer;
// - a token: a transfer of the prize account's tokens to the winner's associated account;
// - an NFT: the inventory item assigned to the winner, sent from the prize account; the
//   item moves from assigned to claimed;
// - a free mint: the service mints the winner the drop's next NFT itself, paid by the prize
//   account, recorded as a bounty_bonus mint (counted like every mint of the wallet);
// - a grant: nothing on chain (not_applicable from the start).
//
// Never twice. A transfer is signed before it is sent and its signature written ahead on the
// award (only while the award has none); only then is it sent. After a crash the stored
// transaction is looked up on the chain: landed → paid; still able to land → sent again
// (the same bytes: the chain keeps one); past its blockhash and unknown → a new one may be
// built. A free mint is a mint session written ahead the same way, which the mint reconciler
// settles like any other. A refusal by the chain (an empty prize account, say) leaves the
// award pending with its reason, retried on each maintenance run: with the same bytes while
// their blockhash is valid, since a refusal at one node proves nothing about the others (a
// node may still forward them, another settler may send them again), and with a new transfer
// only once the chain says the first can never land.
import bs58 from "bs58";
import { PublicKey, type Transaction } from "@solana/web3.js";
import {
  ChainTransactionError,
  buildNftMintTransaction,
  buildPrizeTransfer,
  mintDecimalsOf,
  mintKeypairForSession,
  prizeKeypairForDrop,
  type PrizeTransfer,
} from "@/lib/chain";
import type { BountyAward, PayoutStatus, Prisma } from "@/lib/db/generated/client";
import { nextPayoutAttemptAt } from "@/lib/domain/payout-backoff";
import { createLogger } from "@/lib/log";
import type { ServiceContext } from "./context";
import { getDropFacts } from "./drop-snapshot";
import { onChainFields } from "./mint/nft-fields";
import { recordMint } from "./mint/record-mint";
import { createOpenEndedNfts, reserveNfts } from "./mint/reservation";
import { endSession } from "./mint/sessions";

const log = createLogger("bounty");

/** How long a bounty's free-mint session may wait for its transaction (it is sent at once). */
const BONUS_SESSION_LIFETIME_MS = 60_000;

/** The drop's prize account address, for creators to fund and partners to show. */
export function prizeAccountOf(ctx: ServiceContext, collectionId: string): string {
  return prizeKeypairForDrop(ctx.keys.prizeAccountSecret, collectionId).publicKey.toBase58();
}

/** Pays out these awards now, one after another; each answers its status (a failure is logged and left for maintenance). */
export async function settleAwards(
  ctx: ServiceContext,
  awardIds: readonly string[],
): Promise<Map<string, PayoutStatus>> {
  const statuses = new Map<string, PayoutStatus>();
  for (const id of awardIds) {
    try {
      statuses.set(id, await settleAward(ctx, id));
    } catch (error) {
      log.warn(`bounty award ${id} could not be paid out yet`, error);
      statuses.set(id, "pending");
    }
  }
  return statuses;
}

/**
 * Every award still pending and due (oldest first, a bounded batch): what the payout worker
 * runs. An attempt that leaves an award pending backs it off (payout-backoff.ts); the
 * write-ahead rules above keep it paid at most once, whoever settles it.
 */
export async function settlePendingAwards(
  ctx: ServiceContext,
  limit = 100,
): Promise<{ paid: number; pending: number }> {
  const now = ctx.clock.now();
  const due = await ctx.db.bountyAward.findMany({
    where: {
      payoutStatus: "pending",
      OR: [{ payoutNextAttemptAt: null }, { payoutNextAttemptAt: { lte: now } }],
    },
    orderBy: { createdAt: "asc" },
    select: { id: true, payoutAttempts: true },
    take: limit,
  });
  const statuses = await settleAwards(
    ctx,
    due.map((a) => a.id),
  );
  for (const award of due) {
    if (statuses.get(award.id) !== "pending") continue;
    const attempts = award.payoutAttempts + 1;
    await ctx.db.bountyAward.updateMany({
      where: { id: award.id, payoutStatus: "pending" },
      data: { payoutAttempts: attempts, payoutNextAttemptAt: nextPayoutAttemptAt(now, attempts) },
    });
  }
  const paid = [...statuses.values()].filter((s) => s === "paid").length;
  return { paid, pending: statuses.size - paid };
}

export async function settleAward(ctx: ServiceContext, awardId: string): Promise<PayoutStatus> {
  const award = await ctx.db.bountyAward.findUnique({ where: { id: awardId } });
  if (!award) throw new Error(`no bounty award ${awardId}`);
  if (award.payoutStatus !== "pending") return award.payoutStatus;
  if (award.bountyType === "free_mint") return settleFreeMint(ctx, award);
  const transfer = await transferOf(ctx, award);
  if (!transfer) return "pending";
  return settleTransfer(ctx, award, transfer);
}

// ── Transfers ──────────────────────────────────────────────────────────────────────

/** What the award pays, or null (with its reason stored) when it cannot be paid yet. */
async function transferOf(ctx: ServiceContext, award: BountyAward): Promise<PrizeTransfer | null> {
  if (award.bountyType === "nft") {
    const item = award.inventoryItemId
      ? await ctx.db.bountyInventoryItem.findUnique({ where: { id: award.inventoryItemId } })
      : null;
    if (!item?.mintAddress) return waiting(ctx, award, "no on-chain NFT is assigned to this prize yet");
    return tokenTransfer(ctx, award, item.mintAddress, 1n);
  }
  if (award.amount === null || award.amount <= 0n) return waiting(ctx, award, "the prize has no amount");
  if (award.tokenMint) return tokenTransfer(ctx, award, award.tokenMint, award.amount);
  // A token prize without a mint is paid in the chain's native token.
  if ((award.tokenSymbol ?? "SOL").toUpperCase() !== "SOL")
    return waiting(ctx, award, `the ${award.tokenSymbol} prize names no token mint`);
  return { kind: "sol", lamports: award.amount };
}

async function tokenTransfer(
  ctx: ServiceContext,
  award: BountyAward,
  mint: string,
  amount: bigint,
): Promise<PrizeTransfer | null> {
  const account = await ctx.chain.getAccountInfo(mint);
  const decimals = mintDecimalsOf(account);
  if (!account || decimals === null) return waiting(ctx, award, `${mint} is not a token mint`);
  return { kind: "token", mint: new PublicKey(mint), programId: new PublicKey(account.owner), decimals, amount };
}

async function waiting(ctx: ServiceContext, award: BountyAward, reason: string): Promise<null> {
  await ctx.db.bountyAward.updateMany({
    where: { id: award.id, payoutStatus: "pending" },
    data: { payoutError: reason },
  });
  return null;
}

async function settleTransfer(ctx: ServiceContext, award: BountyAward, transfer: PrizeTransfer): Promise<PayoutStatus> {
  const { db, chain } = ctx;
  if (award.payoutSignature) {
    const settled = await settleWrittenAhead(ctx, award);
    if (settled !== "retry") return settled;
  }
  const prizeAccount = prizeKeypairForDrop(ctx.keys.prizeAccountSecret, award.collectionId);
  const latest = await chain.getLatestBlockhash();
  const transaction = buildPrizeTransfer(prizeAccount, new PublicKey(award.walletAddress), transfer, latest.blockhash);
  const { signature, wire } = signed(transaction);
  const ahead = await db.bountyAward.updateMany({
    where: { id: award.id, payoutStatus: "pending", payoutSignature: null },
    data: {
      payoutSignature: signature,
      payoutTransaction: Buffer.from(wire).toString("base64"),
      payoutLastValidBlockHeight: latest.lastValidBlockHeight,
    },
  });
  if (ahead.count === 0) return "pending"; // another instance is paying it
  return send(ctx, award, wire, latest.lastValidBlockHeight, signature);
}

async function send(
  ctx: ServiceContext,
  award: BountyAward,
  wire: Uint8Array,
  lastValidBlockHeight: bigint,
  signature: string,
): Promise<PayoutStatus> {
  try {
    await ctx.chain.sendRawTransaction(wire, { lastValidBlockHeight });
  } catch (error) {
    if (error instanceof ChainTransactionError && error.code !== "AlreadyProcessed") {
      // Refused: nothing was paid by this send. The transaction stays written ahead: these
      // bytes can still land until their blockhash expires, so the next run sends them again
      // and builds a new transfer only once the chain has settled them (settleWrittenAhead).
      await noteRefusal(ctx, award.id, signature, `${error.code}: ${error.reason}`);
      return "pending";
    }
    // Outcome unknown: the stored transaction is looked up again by the next run.
    if ((await ctx.chain.getSignatureStatus(signature).catch(() => null))?.state !== "confirmed") throw error;
  }
  return markPaid(ctx, award);
}

/** A payout written ahead by an earlier run (or a crashed process): settle it, or say a new one may be built. */
async function settleWrittenAhead(ctx: ServiceContext, award: BountyAward): Promise<PayoutStatus | "retry"> {
  const { chain } = ctx;
  const signature = award.payoutSignature!;
  const status = await chain.getSignatureStatus(signature);
  if (status.state === "confirmed") return markPaid(ctx, award);
  if (status.state === "failed") {
    await clearAhead(ctx, award.id, signature, status.error ?? "failed on chain");
    return "retry";
  }
  if ((await chain.getBlockHeight()) <= (award.payoutLastValidBlockHeight ?? 0n)) {
    // It can still land: send the very same bytes again (one signature, so never two payouts).
    return send(
      ctx,
      award,
      Buffer.from(award.payoutTransaction!, "base64"),
      award.payoutLastValidBlockHeight!,
      signature,
    );
  }
  // Past its blockhash: look once more (it could have landed in between), then it can never land.
  if ((await chain.getSignatureStatus(signature)).state === "confirmed") return markPaid(ctx, award);
  await clearAhead(ctx, award.id, signature, "never landed before its blockhash expired");
  return "retry";
}

async function noteRefusal(ctx: ServiceContext, awardId: string, signature: string, reason: string): Promise<void> {
  await ctx.db.bountyAward.updateMany({
    where: { id: awardId, payoutSignature: signature, payoutStatus: "pending" },
    data: { payoutError: reason.slice(0, 500) },
  });
}

async function clearAhead(ctx: ServiceContext, awardId: string, signature: string, reason: string): Promise<void> {
  await ctx.db.bountyAward.updateMany({
    where: { id: awardId, payoutSignature: signature, payoutStatus: "pending" },
    data: {
      payoutSignature: null,
      payoutTransaction: null,
      payoutLastValidBlockHeight: null,
      payoutError: reason.slice(0, 500),
    },
  });
}

async function markPaid(ctx: ServiceContext, award: BountyAward): Promise<PayoutStatus> {
  const at = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    await tx.bountyAward.updateMany({
      where: { id: award.id, payoutStatus: "pending" },
      data: { payoutStatus: "paid", paidAt: at, payoutError: null },
    });
    if (award.inventoryItemId) {
      await tx.bountyInventoryItem.updateMany({
        where: { id: award.inventoryItemId, state: { not: "claimed" } },
        data: { state: "claimed", claimedWinner: award.walletAddress, claimedAt: at },
      });
    }
  });
  return "paid";
}

function signed(transaction: Transaction): { signature: string; wire: Uint8Array } {
  return { signature: bs58.encode(transaction.signature!), wire: transaction.serialize() };
}

// ── Free mints ─────────────────────────────────────────────────────────────────────

async function settleFreeMint(ctx: ServiceContext, award: BountyAward): Promise<PayoutStatus> {
  if (award.bonusSessionId) {
    const session = await ctx.db.mintSession.findUnique({
      where: { id: award.bonusSessionId },
      select: { status: true },
    });
    if (session?.status === "minted") return markPaid(ctx, award);
    // Submitted and not settled yet: the mint reconciler settles it; the next run pays the award.
    if (session?.status === "pending" || session?.status === "processing") return "pending";
    // It never landed (refused, or its blockhash expired): the winner is still owed a mint.
    await ctx.db.bountyAward.updateMany({
      where: { id: award.id, bonusSessionId: award.bonusSessionId },
      data: { bonusSessionId: null },
    });
  }
  const { collection } = await getDropFacts(ctx, award.collectionId);
  const winningMint = await ctx.db.mint.findUnique({
    where: { nftId: award.nftId },
    select: { phaseId: true, currency: true },
  });
  const phaseId = winningMint?.phaseId;
  if (!winningMint || !phaseId || !collection.collectionAddress)
    return (await waiting(ctx, award, "the drop cannot mint a prize NFT")) ?? "pending";

  const prizeAccount = prizeKeypairForDrop(ctx.keys.prizeAccountSecret, award.collectionId);
  const sessionId = crypto.randomUUID();
  const mintKey = mintKeypairForSession(ctx.keys.mintKeySecret, sessionId);
  const latest = await ctx.chain.getLatestBlockhash();
  const now = ctx.clock.now();
  const built = await ctx.db
    .$transaction(async (tx) => {
      const until = new Date(now.getTime() + BONUS_SESSION_LIFETIME_MS);
      let [nft] = await reserveNfts(tx, {
        collectionId: collection.id,
        wallet: award.walletAddress,
        sessionIds: [sessionId],
        until,
      });
      if (!nft && collection.totalSupply === null)
        [nft] = await createOpenEndedNfts(tx, collection, {
          wallet: award.walletAddress,
          sessionIds: [sessionId],
          until,
        });
      if (!nft) return null;
      // Held by a submit in flight from the start (as execute's claim does): never reclaimed as an expired reservation.
      await tx.nft.update({ where: { id: nft.id }, data: { reservedUntil: null } });
      const transaction = buildNftMintTransaction({
        payer: prizeAccount.publicKey,
        owner: new PublicKey(award.walletAddress),
        mint: mintKey.publicKey,
        mintAuthority: ctx.keys.mintAuthority.publicKey,
        groupMint: new PublicKey(collection.collectionAddress!),
        ...onChainFields(ctx.publicBaseUrl, collection, nft, mintKey.publicKey, now),
        payments: [],
        recentBlockhash: latest.blockhash,
      });
      transaction.sign(prizeAccount, mintKey, ctx.keys.mintAuthority);
      const { signature, wire } = signed(transaction);
      // Written ahead as a submitted session: from here the mint reconciler settles a crash.
      await tx.mintSession.create({
        data: {
          id: sessionId,
          groupId: sessionId,
          collectionId: collection.id,
          phaseId,
          nftId: nft.id,
          walletAddress: award.walletAddress,
          status: "pending",
          kind: "bounty_bonus",
          messageBase64: Buffer.from(transaction.serializeMessage()).toString("base64"),
          mintAddress: mintKey.publicKey.toBase58(),
          blockhash: latest.blockhash,
          lastValidBlockHeight: latest.lastValidBlockHeight,
          signature,
          currency: winningMint.currency,
          submittedAt: now,
          expiresAt: until,
        } satisfies Prisma.MintSessionUncheckedCreateInput,
      });
      const claimed = await tx.bountyAward.updateMany({
        where: { id: award.id, payoutStatus: "pending", bonusSessionId: null },
        data: { bonusSessionId: sessionId },
      });
      if (claimed.count === 0) throw new AlreadyTaken();
      return { signature, wire };
    })
    .catch((error: unknown) => {
      if (error instanceof AlreadyTaken) return "taken" as const; // another instance is minting it (rolled back)
      throw error;
    });
  if (built === "taken") return "pending";
  if (!built) return (await waiting(ctx, award, "nothing is left to mint for this prize")) ?? "pending";

  try {
    await ctx.chain.sendRawTransaction(built.wire, { lastValidBlockHeight: latest.lastValidBlockHeight });
  } catch (error) {
    if (error instanceof ChainTransactionError && error.code !== "AlreadyProcessed") {
      await endSession(ctx.db, sessionId, "failed", {
        from: ["pending"],
        at: ctx.clock.now(),
        lastError: `${error.code}: ${error.reason}`,
      });
      await ctx.db.bountyAward.updateMany({
        where: { id: award.id, bonusSessionId: sessionId },
        data: { bonusSessionId: null, payoutError: `${error.code}: ${error.reason}`.slice(0, 500) },
      });
      return "pending";
    }
    throw error; // outcome unknown: the mint reconciler settles the session, the next run the award
  }
  const recorded = await recordMint(ctx.db, sessionId, built.signature, { at: ctx.clock.now() });
  ctx.caches.nftPages.invalidate(collection.id);
  // The prize's own mint counts like any other, so it may win a prize in turn.
  if (recorded.recorded && recorded.awards.length > 0)
    await settleAwards(
      ctx,
      recorded.awards.map((a) => a.awardId),
    );
  return markPaid(ctx, award);
}

class AlreadyTaken extends Error {}

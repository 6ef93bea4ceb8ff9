// POST /execute-mint: validate, claim the session atomically, sign, write the signature
// ahead, submit once, record. The wallet signed first; the server signs last, here, over
// the exact stored message bytes and only after every check and the claim, so nothing
// handed out at prepare can land without this path. Every refusal before the claim leaves
// the session as it was (a tampered attempt does not burn it); after the claim the session
// can only become minted, failed (chain refused), or stay pending for the reconciler.
import { assertInScope, assertSandboxAllowed, type AuthContext } from "@/lib/auth/context";
import { AppError } from "@/lib/errors";
import { createLogger } from "@/lib/log";
import { countMintStage } from "@/lib/metrics";
import {
  ChainTransactionError,
  addServerSignatures,
  mintKeypairForSession,
  serverSignedTransaction,
} from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import type { Collection, MintSession, Nft, Prisma } from "@/lib/db/generated/client";
import { toDisplayAmount } from "@/lib/domain/amounts";
import { bonusAllowed } from "@/lib/domain/mint-session";
import { bogoOf, type Bogo } from "@/lib/domain/mint-pricing";
import { isNftRevealed, nftRevealAt } from "@/lib/domain/reveal";
import { percentOf } from "@/lib/domain/supply";
import type { ExecuteMintResult, MintedNft } from "@/lib/schemas/mint";
import type { ServiceContext } from "@/lib/services/context";
import { wakePayoutWorkers } from "@/lib/services/bounty-payout-worker";
import { getDropFacts, type PhaseWithGates } from "@/lib/services/drop-snapshot";
import { shownNft } from "@/lib/services/reveal";
import type { WonBounty } from "./bounty-triggers";
import { recordMint, type RecordOutcome } from "./record-mint";
import { PENDING_GRACE_MS, reconcileSession } from "./reconcile";
import { endSession } from "./sessions";
import { checkSignedTransaction, checkTokenPayment } from "./transaction-check";
import { assertGatesOpen, loadSessionWithGates } from "./mint-gates";
import { bindGateNfts, checkLimitsLocked, hasLimits, loadClaimLimits, type ClaimLimits } from "./execute-limits";

const log = createLogger("mint");

type ExecuteView = Omit<ExecuteMintResult, "success">;

export type ExecuteOptions = {
  /** True inside POST /execute-mint/batch, the only way to execute a session of a multi-NFT prepare. */
  inBatch?: boolean;
};

/**
 * The spec's Execute result; for a session the reconciler had already settled, the count
 * only, with `recovered: true`. Refusals are thrown as AppError.
 */
export async function executeMint(
  ctx: ServiceContext,
  auth: AuthContext,
  input: { sessionId: string; signedTransaction: string },
  options: ExecuteOptions = {},
): Promise<ExecuteView> {
  const now = ctx.clock.now();
  const { session, gates } = await loadSession(ctx, auth, input.sessionId, now);
  const drop = await getDropFacts(ctx, session.collectionId); // cached facts: no lookup per execute
  assertSandboxAllowed(auth, drop.collection.chain);
  if ((await settledOrRefused(ctx, session, now)) === "recovered") return recoveredResultView(ctx, session.id);
  assertBatchWhenGrouped(session, options);
  // Before the claim, so a refusal leaves the session prepared: lifting the block or ban lets it mint.
  assertGatesOpen(gates);
  const checked = await checkSignedTransaction(input.signedTransaction, session.messageBase64);
  checkTokenPayment({
    ...session,
    treasury: drop.collection.treasuryAddress,
    feeAccount: ctx.keys.platformFeeAccount.toBase58(),
  });
  const mintKey = await mintKeyOrExpire(ctx, session, now);
  const phase = drop.phases.find((p) => p.id === session.phaseId) ?? null;
  // The wallet's eligibility rows came with the session (an admission code's spots are read with the code).
  const own = session.admissionCodeId ? undefined : (gates.own ?? undefined);
  const limits = await loadClaimLimits(ctx.db, ctx.chain, session, phase, now, own);
  const claimed = await claimOrRefuse(ctx, session, now, {
    signature: checked.signature,
    at: ctx.clock.now(),
    bogo: phase ? bogoOf(phase) : null,
    limits,
  });
  if (claimed === "recovered") return recoveredResultView(ctx, session.id);
  await submitOnce(ctx, session, checked, mintKey);
  const { view, bonusesWaiting } = await recordAndAnswer(
    ctx,
    session,
    checked.signature,
    drop.collection,
    phase?.currencyDecimals ?? 9,
  );
  return bonusesWaiting === false ? view : withCarriedBonuses(ctx, session, view, drop.collection, phase);
}

/**
 * A purchase executed alone may carry bonuses (prepare.ts: quantity 1 of a buy-1-get-M
 * phase): transactions the mint authority pays and the server alone signs. They are claimed
 * only now that the purchase has landed, under the same group rule as a batch's bonuses
 * (bonusEarned), so a bonus still never lands alone. One that cannot land now is left to the
 * reconciler (pending) or to expire; the purchase's answer stands.
 */
async function withCarriedBonuses(
  ctx: ServiceContext,
  purchase: MintSession,
  view: ExecuteView,
  collection: Collection,
  phase: PhaseWithGates | null,
): Promise<ExecuteView> {
  if (purchase.kind !== "paid" || purchase.groupSize !== 1 || !view.nfts?.length) return view;
  const bonuses = await ctx.db.mintSession.findMany({
    where: { groupId: purchase.groupId, kind: "bogo_bonus", status: "prepared" },
  });
  const landed: MintedNft[] = [];
  for (const bonus of bonuses) {
    try {
      const nft = await landCarriedBonus(ctx, bonus, phase);
      if (nft) landed.push(mintedNftView(ctx, collection, nft, null, ctx.clock.now()));
    } catch (error) {
      log.warn(`carried bonus ${bonus.id} of ${purchase.id} did not land now`, error);
    }
  }
  return landed.length === 0 ? view : { ...view, minted: view.minted + landed.length, nfts: [...view.nfts, ...landed] };
}

async function landCarriedBonus(ctx: ServiceContext, bonus: MintSession, phase: PhaseWithGates | null) {
  const now = ctx.clock.now();
  const mintKey = await mintKeyOrExpire(ctx, bonus, now);
  const message = new Uint8Array(Buffer.from(bonus.messageBase64, "base64"));
  const signed = await serverSignedTransaction(message, [ctx.keys.mintAuthority, mintKey], [ctx.keys.mintAuthority]);
  const limits = await loadClaimLimits(ctx.db, ctx.chain, bonus, phase, now);
  const ahead = { signature: signed.signature, at: ctx.clock.now(), bogo: phase ? bogoOf(phase) : null, limits };
  if ((await claimOrRefuse(ctx, bonus, now, ahead)) !== "claimed") return null;
  await submitOnce(ctx, bonus, signed, mintKey);
  const recorded = await recordMint(ctx.db, bonus.id, signed.signature, { at: ctx.clock.now() });
  return recorded.recorded ? recorded.nft : null;
}

/** The session and its gates' facts, in one statement (mint-gates.ts). */
async function loadSession(ctx: ServiceContext, auth: AuthContext, sessionId: string, now: Date) {
  const found = await loadSessionWithGates(ctx.db, sessionId, now);
  if (!found) throw new AppError("SESSION_NOT_FOUND", "No mint session has that id.");
  assertInScope(auth, found.session.collectionId);
  return found;
}

function assertBatchWhenGrouped(session: MintSession, options: ExecuteOptions): void {
  if (options.inBatch || session.groupSize <= 1) return;
  throw new AppError(
    "BATCH_REQUIRED",
    "This session is one of several NFTs prepared together: send their signed transactions together to POST /execute-mint/batch.",
  );
}

/** The mint key, derived again from the server secret; a rotated secret cannot sign this session, which then ends. */
async function mintKeyOrExpire(ctx: ServiceContext, session: MintSession, now: Date) {
  const mintKey = mintKeypairForSession(ctx.keys.mintKeySecret, session.id);
  if (mintKey.publicKey.toBase58() === session.mintAddress) return mintKey;
  await endSession(ctx.db, session.id, "expired", {
    from: ["prepared"],
    at: now,
    lastError: "the mint-key secret changed since prepare",
  });
  throw new AppError(
    "SESSION_EXPIRED",
    "This session was prepared under a signing secret the service no longer uses; prepare a new mint.",
  );
}

/** The claim (claimSession), or the refusal that explains why this session cannot be claimed. */
async function claimOrRefuse(
  ctx: ServiceContext,
  session: MintSession,
  now: Date,
  ahead: ClaimAhead,
): Promise<"claimed" | "recovered"> {
  const { db } = ctx;
  const claim = await claimSession(db, session, ahead);
  if (claim === "claimed") {
    countMintStage("signed");
    return "claimed";
  }
  if (claim === "nft_lost") throw expired();
  if (claim === "bonus_refused") {
    throw new AppError(
      "BONUS_WITHOUT_PURCHASE",
      "This bonus NFT is signed only after every purchase of its group has landed: send it in the same batch as its paid transactions. Nothing was sent.",
    );
  }
  const current = await db.mintSession.findUniqueOrThrow({ where: { id: session.id } });
  if (current.status === "prepared") {
    // The database's clock says it expired (or its NFT is no longer its own): the one clock that decides.
    await endSession(db, session.id, "expired", { from: ["prepared"], at: now });
    throw expired();
  }
  if ((await settledOrRefused(ctx, current, now)) === "recovered") return "recovered";
  throw new AppError("ALREADY_PROCESSING", "This session is being submitted; check the wallet before minting again.");
}

/**
 * The server signs last, over the stored message bytes, only now that the session is ours
 * (the claim wrote the signature ahead, so the reconciler can settle a crash from here on),
 * and sends once. A definitive refusal ends the session as failed.
 */
async function submitOnce(
  ctx: ServiceContext,
  session: MintSession,
  checked: Awaited<ReturnType<typeof checkSignedTransaction>>,
  mintKey: ReturnType<typeof mintKeypairForSession>,
): Promise<void> {
  const { chain, keys } = ctx;
  const wireBytes = await addServerSignatures(checked.wire, [mintKey, keys.mintAuthority], [keys.mintAuthority]);
  try {
    // Until the blockhash expires the chain keeps trying; past it the refusal is definitive.
    await chain.sendRawTransaction(wireBytes, { lastValidBlockHeight: session.lastValidBlockHeight });
    countMintStage("executed");
  } catch (error) {
    if (error instanceof ChainTransactionError && error.code !== "AlreadyProcessed") {
      // Its NFT stays held until the transaction can no longer land (sessions.ts).
      await endSession(ctx.db, session.id, "failed", {
        from: ["pending"],
        at: ctx.clock.now(),
        lastError: `${error.code}: ${error.reason}`,
      });
      throw new AppError(
        "TRANSACTION_REJECTED",
        `The chain ${error.landed ? "failed" : "refused"} the transaction (${error.code}). Nothing was minted; prepare a new mint.`,
      );
    }
    // A duplicate may have landed already: settle it now when the chain says so.
    const known =
      error instanceof ChainTransactionError
        ? await chain.getSignatureStatus(checked.signature).catch(() => null)
        : null;
    if (known?.state !== "confirmed") throw outcomePending();
  }
}

/** Records the landed mint, pays the prizes it won, and answers with the spec's Execute result. */
async function recordAndAnswer(
  ctx: ServiceContext,
  session: MintSession,
  signature: string,
  collection: Collection,
  decimals: number,
): Promise<{ view: ExecuteView; bonusesWaiting?: boolean }> {
  let recorded: RecordOutcome;
  try {
    recorded = await recordMint(ctx.db, session.id, signature, { at: ctx.clock.now() });
  } catch (error) {
    // It landed; the reconciler records it from the stored signature.
    log.error(`mint ${session.id} landed but could not be recorded yet`, error);
    throw outcomePending();
  }
  ctx.caches.nftPages.invalidate(session.collectionId); // committed: this instance's cached pages go at once
  // Recorded here: the view is built from what the recording returned. Recorded by the reconciler meanwhile: read back.
  if (!recorded.recorded) return { view: await mintResultView(ctx, session.id) };
  // Prizes this mint won were written as pending awards with it: the payout worker pays them
  // in the background (woken now), so no payout delays or blocks the answer.
  if (recorded.awards.length > 0) wakePayoutWorkers();
  const view = await resultView(ctx, { ...session, signature }, collection, decimals, recorded.nft, recorded.awards, {
    mintedCount: recorded.mintedCount,
  });
  return { view, bonusesWaiting: recorded.bonusesWaiting };
}

type ClaimAhead = { signature: string; at: Date; bogo: Bogo | null; limits: ClaimLimits };

type ClaimOutcome = "claimed" | "not_claimed" | "bonus_refused" | "nft_lost";

/**
 * The one claim, decided by the database's clock: only a prepared session that has not
 * expired moves on, and only while its NFT is still reserved by this very session; so
 * concurrent executes submit once, and an execute that started just before expiry cannot
 * mint an NFT another session holds since. The claim writes the wallet's signature ahead
 * (status pending): the transaction's name is known before the server signs or the chain
 * sees it, so a crash from here on is settled by the reconciler.
 *
 * One statement (the session row, then its NFT's: the order prepare's supersede takes them
 * in too) for a session without limits. A session with limits (wallet, phase supply, codes,
 * gate NFTs) or a bonus is claimed in one transaction under the wallet's lock and each
 * limit's (execute-limits.ts), a bonus under its group's lock too, so what lands consumes
 * every limit atomically across instances.
 */
async function claimSession(db: Db, session: MintSession, ahead: ClaimAhead): Promise<ClaimOutcome> {
  if (session.kind !== "bogo_bonus" && !hasLimits(session, ahead.limits)) {
    const { claimed, held } = await claimStatement(db, session, ahead);
    if (!claimed) return "not_claimed";
    if (held) return "claimed";
    // Its NFT went to another session after this one expired by the database's clock: never sent, so it ends here.
    await endSession(db, session.id, "expired", {
      from: ["pending"],
      at: ahead.at,
      lastError: "its NFT was no longer held when execute claimed it",
    });
    return "nft_lost";
  }
  return db
    .$transaction(async (tx) => {
      await checkLimitsLocked(tx, session, ahead.limits);
      if (session.kind === "bogo_bonus" && !(await bonusEarned(tx, session, ahead.bogo))) return "bonus_refused";
      const { claimed, held } = await claimStatement(tx, session, ahead);
      if (!claimed) return "not_claimed";
      if (!held) throw new NftNoLongerHeld();
      await bindGateNfts(tx, session, ahead.limits.gateMints);
      return "claimed";
    })
    .catch((error: unknown) => {
      if (error instanceof NftNoLongerHeld) return "not_claimed" as const; // rolled back: the session is still prepared
      throw error;
    });
}

/** The claim statement: the session to pending with its signature written ahead, its NFT kept for the submit. */
async function claimStatement(runner: Pick<Db, "$queryRaw">, session: MintSession, ahead: ClaimAhead) {
  const [row] = await runner.$queryRaw<Array<{ claimed: boolean; held: boolean }>>`
    WITH claimed AS (
      UPDATE "MintSession" SET status = 'pending', signature = ${ahead.signature}, "submittedAt" = ${ahead.at}, "updatedAt" = now()
      WHERE id = ${session.id}::uuid AND status = 'prepared' AND "expiresAt" > now()
      RETURNING id
    ), held AS (
      -- Held by an in-flight submit: never reclaimed as an expired reservation.
      UPDATE "Nft" SET "reservedUntil" = NULL
      WHERE id = ${session.nftId}::uuid AND "reservedBySession" = ${session.id}::uuid AND status = 'reserved' AND EXISTS (SELECT 1 FROM claimed)
      RETURNING id
    )
    SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, EXISTS (SELECT 1 FROM held) AS held`;
  return row!;
}

/** Under the group's lock: every purchase of the group landed, and they earn one more bonus (mint-session.ts). */
async function bonusEarned(tx: Prisma.TransactionClient, session: MintSession, bogo: Bogo | null): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-group:${session.groupId}`}))`;
  const [purchases, claimedBonuses] = await Promise.all([
    tx.mintSession.findMany({
      where: { groupId: session.groupId, kind: "paid" },
      select: { status: true, priceAmount: true },
    }),
    tx.mintSession.count({
      where: {
        groupId: session.groupId,
        kind: "bogo_bonus",
        status: { in: ["processing", "pending", "minted"] },
        id: { not: session.id },
      },
    }),
  ]);
  const landed = purchases.filter((p) => p.status === "minted");
  const group = {
    purchases: purchases.length,
    landed: landed.length,
    landedEarning: landed.filter((p) => p.priceAmount > 0n).length,
  };
  return bonusAllowed(bogo, group, claimedBonuses);
}

class NftNoLongerHeld extends Error {}

const outcomePending = () =>
  new AppError(
    "OUTCOME_PENDING",
    "The transaction was sent but its outcome is not known yet. Check the wallet before minting again; do not resubmit.",
    {
      extra: { pending: true },
    },
  );

/**
 * "live" for a prepared session that looks live by this instance's clock (the claim then
 * decides by the database's); "recovered" for a session the reconciler settled, whose
 * execute answers the count only; a refusal for every other state.
 */
async function settledOrRefused(ctx: ServiceContext, session: MintSession, now: Date): Promise<"live" | "recovered"> {
  switch (session.status) {
    case "prepared":
      if (session.expiresAt > now) return "live";
      await endSession(ctx.db, session.id, "expired", { from: ["prepared"], at: now });
      throw expired();
    case "minted":
      if (session.recoveredAt !== null) return "recovered";
      throw new AppError("ALREADY_COMPLETED", "This session has already minted.");
    case "processing":
    case "pending":
      // A submit interrupted a while ago may have landed meanwhile: settle it now if the chain
      // knows. A recent one belongs to the execute still running (it answers for it).
      if (
        session.status === "pending" &&
        isSettleable(session, now) &&
        (await reconcileSession(ctx, session)) === "minted"
      )
        return "recovered";
      throw new AppError(
        "ALREADY_PROCESSING",
        "This session is being submitted; check the wallet before minting again.",
      );
    case "failed":
      throw new AppError(
        "TRANSACTION_REJECTED",
        "This session's transaction was refused by the chain; prepare a new mint.",
      );
    case "expired":
      throw expired();
    case "superseded":
      throw new AppError(
        "SESSION_SUPERSEDED",
        "A newer prepare for this wallet replaced this session; sign and execute the newer one.",
      );
    case "released":
      throw expired();
  }
}

const isSettleable = (session: MintSession, now: Date) =>
  session.submittedAt !== null && now.getTime() - session.submittedAt.getTime() > PENDING_GRACE_MS;

const expired = () =>
  new AppError("SESSION_EXPIRED", "The mint session expired and its NFT was released; prepare a new mint.");

/** The count-only answer for a session the reconciler settled. */
async function recoveredResultView(ctx: ServiceContext, sessionId: string): Promise<ExecuteView> {
  const {
    nfts: _nfts,
    signature: _s,
    transactionHash: _t,
    bountyInfo: _b,
    collectionUpdate: _u,
    ...rest
  } = await mintResultView(ctx, sessionId);
  return { ...rest, recovered: true };
}

/** The spec's Execute result for one minted session, read back from the database. */
async function mintResultView(ctx: ServiceContext, sessionId: string): Promise<ExecuteView> {
  const session = await loadForView(ctx.db, sessionId);
  if (!session) throw new AppError("SESSION_NOT_FOUND", "No mint session has that id.");
  const awards = (session.nft?.awards ?? [])
    .filter((a) => a.walletAddress === session.walletAddress)
    .map((a) => ({ ...a, name: a.bounty?.name ?? a.pool?.name ?? null }));
  return resultView(ctx, session, session.collection, session.phase.currencyDecimals, session.nft, awards);
}

type ViewAward = Pick<
  WonBounty,
  "bountyId" | "poolId" | "name" | "bountyType" | "amount" | "tokenSymbol" | "payoutStatus" | "memo"
>;

/** The spec's Execute result from the minted session, its drop, its NFT and the bounties it won. */
async function resultView(
  ctx: ServiceContext,
  session: MintSession,
  collection: Collection,
  decimals: number,
  nft: Nft | null,
  awards: readonly ViewAward[],
  counted: { mintedCount?: number } = {},
): Promise<ExecuteView> {
  const now = ctx.clock.now();
  // The count the recording statement read (its snapshot plus its own mint) serves the stats; a frozen drop
  // counts afresh after the commit, so that of two last mints landing together at least one sees it sold out.
  const mintedCount =
    counted.mintedCount !== undefined && !collection.isFrozen
      ? counted.mintedCount
      : await ctx.db.mint.count({ where: { collectionId: collection.id } });
  const soldOut = collection.totalSupply !== null && mintedCount >= collection.totalSupply;
  const autoUnfrozen = soldOut && collection.isFrozen && (await liftFreeze(ctx.db, collection.id));
  const revealAfter =
    collection.delayedRevealEnabled && collection.revealedAt ? collection.revealedAt.toISOString() : null;
  return {
    minted: 1,
    signature: session.signature ?? undefined,
    transactionHash: session.signature ?? undefined,
    chainType: "solana",
    nfts: nft ? [mintedNftView(ctx, collection, nft, awards[0] ?? null, now)] : [],
    totalCost: toDisplayAmount(session.priceAmount + session.feeAmount, decimals),
    currency: session.currency,
    collectionStats:
      collection.totalSupply === null
        ? { totalSupply: 0, mintedCount, percentMinted: 0, isMintedOut: false }
        : {
            totalSupply: collection.totalSupply,
            mintedCount,
            percentMinted: percentOf(mintedCount, collection.totalSupply),
            isMintedOut: soldOut,
          },
    // Every recorded mint moves itemsRedeemed, so every fresh execute reports it (a recovered one answers the count only).
    collectionUpdate: { itemsRedeemed: mintedCount, isFrozen: collection.isFrozen && !soldOut, autoUnfrozen },
    delayedReveal: collection.delayedRevealEnabled,
    instantRevealAfterMint: collection.instantRevealAfterMint,
    timeDelayedReveal: collection.timeDelayedReveal,
    revealDelayMinutes: collection.revealDelayMinutes,
    revealAfter,
    revealAnimationUrl: collection.revealAnimationUrl,
    revealTransitionType: collection.revealTransitionType,
    revealAnimationTrigger: collection.revealAnimationTrigger,
    revealTapCaption: collection.revealTapCaption,
    isPlatformPaid: collection.isPlatformPaid,
    bountyInfo:
      awards.length === 0
        ? null
        : {
            directBounties: awards.map((a) => ({
              bountyId: a.bountyId,
              poolId: a.poolId,
              name: a.name,
              bountyType: a.bountyType,
              amount: a.amount === null ? null : Number(a.amount),
              tokenSymbol: a.tokenSymbol,
              payoutStatus: a.payoutStatus,
              memo: a.memo,
            })),
          },
  };
}

/**
 * A drop's trading freeze lasts until it sells out. The conditional update lifts it exactly
 * once, however many executes see the last NFT go at the same time: only the one whose update
 * changed the row reports autoUnfrozen. The drop's change announcement refreshes every cache.
 */
async function liftFreeze(db: Db, collectionId: string): Promise<boolean> {
  const lifted = await db.collection.updateMany({
    where: { id: collectionId, isFrozen: true },
    data: { isFrozen: false },
  });
  return lifted.count === 1;
}

const loadForView = (db: Db, id: string) =>
  db.mintSession.findUnique({
    where: { id },
    include: {
      collection: true,
      phase: { select: { currencyDecimals: true } },
      nft: {
        include: { awards: { include: { bounty: { select: { name: true } }, pool: { select: { name: true } } } } },
      },
    },
  });

function mintedNftView(
  ctx: ServiceContext,
  collection: Collection,
  nft: Nft,
  award: ViewAward | null,
  now: Date,
): MintedNft {
  const revealed = isNftRevealed(collection, nft.mintedAt, now);
  const shown = shownNft(nft, collection, revealed, ctx.publicBaseUrl);
  const revealAfter = nftRevealAt(collection, nft.mintedAt, revealed)?.toISOString() ?? null;
  return {
    nftId: nft.id,
    tokenId: nft.tokenId,
    name: shown.name,
    mintAddress: nft.mintAddress ?? "",
    imageUrl: shown.imageUrl,
    animationUrl: shown.animationUrl,
    mediaType: shown.mediaType ?? "image",
    previewImageUrl: shown.previewImageUrl,
    isRevealed: revealed,
    revealAfter,
    editionNumber: nft.editionNumber,
    maxEditionSupply: nft.maxEditionSupply,
    rarity_score: shown.rarityScore,
    rarity_rank: shown.rarityRank,
    rarity_tier: shown.rarityTier,
    bounty: award
      ? {
          bountyType: award.bountyType,
          amount: award.amount === null ? null : Number(award.amount),
          tokenSymbol: award.tokenSymbol,
          payoutStatus: award.payoutStatus,
        }
      : null,
  };
}

// POST /prepare-mint: checks in the spec's order (chain, surface, wallet block, rate,
// phase, eligibility, limits, supply, balance), then reserves specific NFTs and builds one
// transaction per NFT, all in one database transaction. Nothing is reserved when a check
// fails: the balance is checked before reserving (the least the mint can cost) and on the
// exact transactions after (a refusal there rolls the transaction back).
//
// Nothing here is signed by the server: the transactions carry only an empty slot for the
// wallet's signature besides the server's own empty slots, which execute fills after its
// checks. So a prepared transaction cannot land on its own, and a new prepare for a wallet
// may supersede that wallet's earlier unsigned sessions in the drop: nobody can hold a
// wallet's allowance or claim codes by preparing in its name.
import { PublicKey } from "@solana/web3.js";
import { ExtensionType, getAccountLen } from "@solana/spl-token";
import type { Db } from "@/lib/db/client";
import type { Collection, Phase, Prisma } from "@/lib/db/generated/client";
import type { ServiceContext } from "@/lib/services/context";
import type { CollectionRef } from "@/lib/services/collection-ref";
import { assertSigningWallet } from "@/lib/services/signing-wallet";
import { AppError } from "@/lib/errors";
import {
  buildNftMintMessage,
  mintKeypairForSession,
  nftMintAccountSize,
  rentExemptLamports,
  tokenBalanceOf,
  type PaymentToken,
} from "@/lib/chain";
import { SOL_DECIMALS } from "@/lib/domain/amounts";
import { settlementOf, tokenPlatformFee, type Settlement } from "@/lib/domain/payment-currency";
import {
  MAX_UNSIGNED_SESSIONS_PER_WALLET,
  MIN_SESSION_LIFETIME_MS,
  PREPARE_SWEEP_INTERVAL_MS,
  SHORT_SUPPLY_SWEEP_MS,
  sessionLifetimeMs,
} from "@/lib/domain/mint-session";
import { walletAllocation, walletMintLimit } from "@/lib/domain/allocation";
import {
  applyClaimGrants,
  bogoBonusFor,
  bogoOf,
  claimCodeAllocation,
  mintItems,
  networkCost,
  planQuantity,
  pricingTotals,
  rarityPrice,
  wireAmount,
  type Bogo,
  type ClaimGrant,
  type MintItem,
  type PricedTransaction,
  type QuantityPlan,
} from "@/lib/domain/mint-pricing";
import { phaseTiming } from "@/lib/domain/phase-status";
import type { MintPricing, PrepareMintBody, PreparedMintResponse } from "@/lib/schemas/mint";
import {
  getDropCounts,
  getDropFacts,
  getSnapshotPhaseOrThrow,
  type PhaseWithGates,
} from "@/lib/services/drop-snapshot";
import { loadWalletPhaseInput } from "@/lib/services/eligibility";
import { isFairDrop } from "@/lib/services/fairness";
import { onChainFields } from "./nft-fields";
import { assertRedeemableNft, checkEnteredCode, loadClaimGrants, type EnteredCode } from "./claim-code-use";
import { unitPriceOf } from "./unit-price";
import {
  HOLD_COOLDOWN_SHARES,
  HOLD_COOLDOWN_WALLET_HOLDS,
  HOLD_COOLDOWN_WINDOW_MS,
  cooldownUntil,
  holdShareOf,
  type Holder,
} from "@/lib/domain/hold-share";
import {
  createOpenEndedNfts,
  databaseNow,
  heldTokenAmount,
  holderHolds,
  lockForPrepare,
  lockHolder,
  lockPhase,
  phaseUsage,
  reserveNfts,
  settleWallet,
  unreserveNfts,
  type ReservedNft,
} from "./reservation";
import { paymentTokenOf, surfaceRefusal, surfaceRefusalError } from "@/lib/services/surface-support";
import { sweepDropSessions } from "./sessions";
import { isSoldOut, learnSupplyLeft, refuseIfKnownSoldOut, soldOut } from "./sold-out-memory";
import { assertGatesOpen, loadMintGates, type GatesQuery, type MintGates } from "./mint-gates";
import { countMintStage } from "@/lib/metrics";
import { dropRecorded, fillAndVerify, reserveAndRecord, type Verdict, type WalletPreview } from "./record-then-verify";

/** The buyer's Token-2022 associated token account (ImmutableOwner) is created by every mint. */
const BUYER_TOKEN_ACCOUNT_RENT = rentExemptLamports(getAccountLen([ExtensionType.ImmutableOwner]));
/** A fee payer must stay rent-exempt: the wallet keeps this much besides what it spends. */
export const WALLET_RENT_RESERVE = rentExemptLamports(0);

type PreparedView = Omit<PreparedMintResponse, "success">;

export type PrepareOptions = {
  /**
   * Spends the caller's prepare budget (per caller, drop and wallet) and, when the body
   * carries a claim code, the code-check budgets: at the spec's "rate" step, after the
   * chain, surface and wallet-block checks. The route wrapper builds it.
   */
  spendBudgets?: () => Promise<void>;
  /**
   * Who will hold the reservation (lib/domain/hold-share.ts): its share of the phase, which
   * earlier sessions it may supersede, its cooldown. The route builds it from the key or the
   * client network, and the wallet's sign-in; without it (scripts), one unproven holder.
   */
  holder?: Holder;
};

/** Everything the checks before the reservation found, for the reservation and the build. */
type PrepareFacts = {
  collection: Collection;
  phase: PhaseWithGates;
  body: PrepareMintBody;
  wallet: string;
  holder: Holder;
  now: Date;
  entered: EnteredCode | null;
  allowlistCode: EnteredCode | null;
  walletLimit: number | null;
  unitPrice: bigint;
  feePerNft: bigint;
  bogo: Bogo | null;
  holdShare: number | null;
  balance: bigint;
  /** A token-priced phase: the token (from its mint account) and the wallet's balance of it. */
  token: { token: PaymentToken; balance: bigint } | null;
  latest: { blockhash: string; lastValidBlockHeight: bigint };
  /** How long the session may live (from the blockhash's life left); its end is set on the database's clock. */
  lifetimeMs: number;
  affiliateId: string | null;
  /** The wallet's usage and the holder's holds as the gates read them, for the common path's plan. */
  preview: WalletPreview | null;
};

/**
 * Once reserved: the database's clock, which execute's claim decides by, and the session's
 * end; on the common path, the NFTs' mint addresses (derived once, before the record).
 */
type ReserveFacts = PrepareFacts & { expiresAt: Date; mints?: ReadonlyMap<string, PublicKey> };

export async function prepareMint(
  ctx: ServiceContext,
  ref: CollectionRef,
  body: PrepareMintBody,
  options: PrepareOptions = {},
): Promise<PreparedView> {
  // Part of the body's validation: the wallet pays the fees and signs first.
  assertSigningWallet(body.walletAddress, "walletAddress");
  // A drop known to have nothing free is refused before any statement (sold-out-memory.ts);
  // the database's own SOLD_OUT teaches this instance so, for the prepares after it.
  await refuseIfKnownSoldOut(ctx, ref.id, body.phaseId, options.spendBudgets);
  try {
    return await prepareFromDatabase(ctx, ref, body, options);
  } catch (error) {
    if (isSoldOut(error)) await learnSupplyLeft(ctx, ref);
    throw error;
  }
}

async function prepareFromDatabase(
  ctx: ServiceContext,
  ref: CollectionRef,
  body: PrepareMintBody,
  options: PrepareOptions,
): Promise<PreparedView> {
  const now = ctx.clock.now();
  const holder = options.holder ?? { key: "script", walletProven: false };
  const { collection, gates } = await checkDrop(ctx, ref, body, now, { ...options, holder });
  const { phase, settlement } = await checkPhase(ctx, collection, body.phaseId, now);
  const entry = await checkEntry(ctx, collection, phase, body, now, settlement, gates);
  const holdShare = holdShareOf(phase.phaseSupply ?? collection.totalSupply);
  assertNoCooldown(gates, { holdShare, now });
  const chainFacts = await checkChain(ctx, body.walletAddress, settlement, collection.mintUrl);
  const facts: PrepareFacts = {
    ...{ collection, phase, body, wallet: body.walletAddress, holder, now, holdShare, preview: gates.preview },
    ...entry,
    ...chainFacts,
    affiliateId: await affiliateIdOf(ctx.db, collection.id, body.affiliate_code),
  };
  const { view, sessions, superseded } = await reserveWithSweep(ctx, facts);
  // The reservations are committed: this instance's cached gallery pages go at once (the others hear the database's announcement).
  ctx.caches.nftPages.invalidate(collection.id);
  countMintStage("prepared", sessions);
  countMintStage("superseded", superseded);
  return view;
}

/**
 * The drop can be minted here (chain, surface), the wallet is not blocked and is proven where
 * it must be, and the rate budgets are spent. The gates' one statement (mint-gates.ts) also
 * reads what the eligibility and cooldown checks after it need.
 */
async function checkDrop(
  ctx: ServiceContext,
  ref: CollectionRef,
  body: PrepareMintBody,
  now: Date,
  options: PrepareOptions & { holder: Holder },
): Promise<{ collection: Collection; gates: MintGates }> {
  const { collection, phases } = await getDropFacts(ctx, ref.id);
  if (!collection.chain.startsWith("solana-"))
    throw new AppError("CHAIN_NOT_SUPPORTED_BY_SURFACE", "v1 mints on Solana only; this drop is on another chain.");
  // The same rule as capabilities.supportedBySurface: refused here exactly when the Collection response says false.
  const unsupported = await surfaceRefusal(ctx, collection, phases, "required");
  if (unsupported) throw surfaceRefusalError(unsupported, collection.mintUrl);
  const phase = phases.find((p) => p.id === body.phaseId.toLowerCase()) ?? null;
  const gates = await loadMintGates(ctx.db, gatesQuery(collection, phase, body, options.holder, now));
  assertGatesOpen(gates);
  // Only the wallet's owner holds or ends its reservations (docs: Reservations).
  if (options.holder?.proofRequired && !options.holder.walletProven)
    throw new AppError(
      "WALLET_PROOF_REQUIRED",
      "Sign in with this wallet first (POST /api/public/wallet-session/sign-in), then prepare again.",
    );
  await options.spendBudgets?.();
  return { collection, gates };
}

/** What the gates read for this prepare: the cooldown's ended holds, and the eligibility rows unless a code was entered. */
function gatesQuery(
  collection: Collection,
  phase: PhaseWithGates | null,
  body: PrepareMintBody,
  holder: Holder,
  now: Date,
): GatesQuery {
  const wallet = body.walletAddress;
  const since = new Date(now.getTime() - HOLD_COOLDOWN_WINDOW_MS);
  const holdShare = phase ? holdShareOf(phase.phaseSupply ?? collection.totalSupply) : null;
  return {
    collectionId: collection.id,
    wallet,
    now,
    // An entered code is left out of the wallet's code spots: checkEntry reads them itself then.
    ownFor: phase && !body.claimCode ? phase : null,
    // The sold-out check by counts (checkEntry), read here rather than in a statement of its own.
    countMinted: collection.totalSupply !== null && phase?.phaseSupply === null,
    walletHolds: { collectionId: collection.id, since, now, limit: HOLD_COOLDOWN_WALLET_HOLDS, wallet, holder },
    preview: phase ? { collectionId: collection.id, phaseId: phase.id, wallet, holder, now } : null,
    callerHolds:
      phase && holdShare !== null
        ? { phaseId: phase.id, since, now, limit: holdShare * HOLD_COOLDOWN_SHARES, holderKey: holder.key }
        : null,
  };
}

/** The phase is active on the server clock and priced in something the API settles. */
async function checkPhase(ctx: ServiceContext, collection: Collection, phaseId: string, now: Date) {
  const phase = await getSnapshotPhaseOrThrow(ctx, collection.id, phaseId);
  const timing = phaseTiming(phase, now);
  if (timing.status !== "active")
    throw new AppError(
      "PHASE_NOT_ACTIVE",
      timing.status === "upcoming" ? "This phase has not started yet." : "This phase has ended.",
    );
  // checkDrop refused every phase's unpayable price (the surface rule): this only narrows the type.
  const settlement = settlementOf(phase);
  if ("unsupported" in settlement) throw surfaceRefusalError(settlement.unsupported, collection.mintUrl);
  return { phase, settlement };
}

/** The claim code, eligibility and the wallet's limit, the unit price, and sold out by the cached counts. */
async function checkEntry(
  ctx: ServiceContext,
  collection: Collection,
  phase: PhaseWithGates,
  body: PrepareMintBody,
  now: Date,
  settlement: Settlement,
  gates: Pick<MintGates, "own" | "minted">,
) {
  const { db, chain, config } = ctx;
  const wallet = body.walletAddress;
  // The entered claim code is checked before eligibility: an allowlist code is part of it.
  // A code's expiry is decided on the database's clock, as execute decides it.
  const entered = body.claimCode
    ? await checkEnteredCode(
        db,
        { collectionId: collection.id, phaseId: phase.id, now: await databaseNow(db) },
        body.claimCode,
      )
    : null;
  if (entered) await assertRedeemableNft(db, chain, entered, wallet);
  // An allowlist code adds spots only where an allowlist counts: in a gated phase.
  const allowlistCode = entered?.grantType === "whitelist" && phase.isGated ? entered : null;
  const walletLimit = await walletLimitOrThrow(ctx, phase, wallet, {
    now,
    own: entered ? undefined : (gates.own ?? undefined),
    enteredAllowlistCode: allowlistCode && {
      codeId: allowlistCode.found.id,
      spots: claimCodeAllocation({ ...allowlistCode.found.batch, grantType: "whitelist" }),
    },
  });
  const unitPrice = await unitPriceOf(db, config, phase, now, { quotedTokenAmount: body.quotedTokenAmount });
  // Sold out by the cached counts (they only grow): refused before the chain, any lock or a sweep.
  // Only when no per-wallet or phase limit applies, as those are answered first and counted under the lock.
  const limited = walletLimit !== null || phase.phaseSupply !== null;
  if (
    !limited &&
    collection.totalSupply !== null &&
    (gates.minted ?? (await getDropCounts(ctx, collection.id)).minted) >= collection.totalSupply
  )
    throw soldOut();
  // A token price pays its fee in the token, a share of the unit price; a SOL price the flat lamports.
  const feePerNft =
    settlement.kind === "token" ? tokenPlatformFee(unitPrice, config.platformFeeTokenBps) : config.platformFeeLamports;
  return { entered, allowlistCode, walletLimit, unitPrice, feePerNft, bogo: bogoOf(phase) };
}

/**
 * A wallet or caller whose holds keep ending unsigned waits (lib/domain/hold-share.ts): the
 * wallet counts the prepares this caller could have ended itself, so a stranger's expired
 * holds never cool a wallet down. The ended holds were read with the gates (gatesQuery).
 */
function assertNoCooldown(
  gates: Pick<MintGates, "walletEnded" | "callerEnded">,
  where: { holdShare: number | null; now: Date },
): void {
  const { holdShare, now } = where;
  const callerLimit = holdShare === null ? null : holdShare * HOLD_COOLDOWN_SHARES;
  const dates = (ms: readonly number[]) => ms.map((t) => new Date(Number(t)));
  const until = [
    cooldownUntil(dates(gates.walletEnded), HOLD_COOLDOWN_WALLET_HOLDS, now),
    callerLimit === null ? null : cooldownUntil(dates(gates.callerEnded), callerLimit, now),
  ].reduce<Date | null>((a, b) => (a === null || (b !== null && b > a) ? b : a), null);
  if (until === null) return;
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  throw new AppError(
    "HOLD_COOLDOWN",
    `Too many reservations here ended unsigned lately. Retry in ${retryAfter} seconds.`,
    { extra: { retryAfter } },
  );
}

/** The wallet's balances (SOL, and the phase's token) and a blockhash with enough life left; the session's end follows from it. */
async function checkChain(ctx: ServiceContext, wallet: string, settlement: Settlement, mintUrl: string | null) {
  const [balance, latest, height, token] = await Promise.all([
    ctx.chain.getBalance(wallet),
    ctx.chain.getLatestBlockhash(),
    ctx.chain.getBlockHeight(),
    settlement.kind === "token" ? tokenFacts(ctx, wallet, settlement, mintUrl) : Promise.resolve(null),
  ]);
  // Cheap refusal before any lock: not even the rent of one NFT (a claim code may make the price 0).
  if (balance < BUYER_TOKEN_ACCOUNT_RENT + WALLET_RENT_RESERVE) throw insufficientBalance();
  // The session ends before its transaction could no longer land (lib/domain/mint-session.ts).
  const lifetimeMs = sessionLifetimeMs(ctx.config.sessionTtlSeconds * 1000, latest.lastValidBlockHeight - height);
  if (lifetimeMs < MIN_SESSION_LIFETIME_MS)
    throw new AppError(
      "CHAIN_UNAVAILABLE",
      "The chain answered with a blockhash too old to mint with. Retry in a moment.",
    );
  return { balance, latest, lifetimeMs, token };
}

/** The phase's token as its mint account describes it (the decimals must be the phase's), and the wallet's balance of it. */
async function tokenFacts(
  ctx: ServiceContext,
  wallet: string,
  settlement: Extract<Settlement, { kind: "token" }>,
  mintUrl: string | null,
) {
  // The surface rule (checkDrop) read this mint and found it payable; the same cached read gives the token.
  const token = await paymentTokenOf(ctx, settlement.mint);
  if (!token) throw surfaceRefusalError("This phase's token mint is missing on chain.", mintUrl);
  return { token, balance: await tokenBalanceOf(ctx.chain, wallet, token) };
}

/** Reserves and builds; when supply comes up short, sweeps the drop's dead sessions and answers with what is left. */
async function reserveWithSweep(ctx: ServiceContext, facts: PrepareFacts): Promise<Reserved> {
  // NFTs of this drop's ended sessions whose transactions can no longer land are free again.
  const swept = await sweepDropSessions(ctx, facts.collection.id, PREPARE_SWEEP_INTERVAL_MS);
  const reserve = (finalAnswer: boolean) =>
    isCommonPath(facts) ? recordThenVerify(ctx, facts, finalAnswer) : reserveInTransaction(ctx, facts, finalAnswer);
  try {
    return await reserve(swept);
  } catch (error) {
    if (!(error instanceof SupplyShort)) throw error;
    await sweepDropSessions(ctx, facts.collection.id, SHORT_SUPPLY_SWEEP_MS);
    return reserve(true);
  }
}

/**
 * The transactional path (codes, tokens, a phase's own supply, rarity prices, open editions),
 * then the holder's share and the wallet's limit checked once more after its COMMIT, as the
 * common path checks them (record-then-verify.ts): so each path counts the other's holds.
 */
async function reserveInTransaction(ctx: ServiceContext, facts: PrepareFacts, finalAnswer: boolean) {
  const reserved = await ctx.db.$transaction((tx) => reserveAndBuild(ctx, tx, facts, finalAnswer), {
    maxWait: 30_000,
    timeout: 60_000,
  });
  if (facts.holdShare === null && facts.walletLimit === null) return reserved;
  const sessionIds = reserved.view.pricing.items.map((item) => item.sessionId);
  const verdict = await fillAndVerify(ctx.db, { ...verifyWhere(facts), sessionIds, fill: null });
  if (verdict.refusal) throw verdictError(verdict, facts.now);
  return reserved;
}

/**
 * The common path: a fixed or dutch price in SOL, no claim code entered or redeemed, no phase
 * supply of its own, a drop of fixed size. No transaction and no lock (record-then-verify.ts).
 */
function isCommonPath(facts: PrepareFacts): boolean {
  const { collection, phase, preview } = facts;
  return (
    preview !== null &&
    !preview.hasRedemptions &&
    facts.entered === null &&
    facts.token === null &&
    phase.phaseSupply === null &&
    collection.totalSupply !== null &&
    phase.priceModel !== "range"
  );
}

const verifyWhere = (facts: PrepareFacts) => ({
  phaseId: facts.phase.id,
  wallet: facts.wallet,
  holderKey: facts.holder.key,
  holdShare: facts.holdShare,
  walletLimit: facts.walletLimit,
});

const verdictError = (verdict: Verdict, now: Date) =>
  refusalOf(verdict.refusal ?? "SOLD_OUT", verdict.holderFirstEndsAt, now, null);

/**
 * Plans with the gates' counts, records the sessions with their NFTs (one statement), builds
 * their transactions and fills them in once the holder's share and the wallet's limit, counted
 * after the record, allow (one statement). Whatever refuses in between drops the record.
 */
async function recordThenVerify(
  ctx: ServiceContext,
  facts: PrepareFacts,
  finalAnswer: boolean,
  attempt = 1,
): Promise<Reserved> {
  const preview = facts.preview!;
  const plan = commonPlan(facts, preview);
  let { items } = plan.itemsFor(null);
  const spendable = facts.balance - BigInt(preview.inFlightDebit);
  if (spendable < leastWalletDebit(items, false) + WALLET_RENT_RESERVE) throw insufficientBalance();
  const sessionIds = items.map(() => crypto.randomUUID());
  const mints = new Map(sessionIds.map((id) => [id, mintKeypairForSession(ctx.keys.mintKeySecret, id).publicKey]));
  const recorded = await reserveAndRecord(ctx.db, {
    ...{ collectionId: facts.collection.id, phaseId: facts.phase.id, wallet: facts.wallet, holder: facts.holder },
    ...{ sessionIds, mintAddresses: sessionIds.map((id) => mints.get(id)!.toBase58()), groupId: crypto.randomUUID() },
    ...{ lifetimeMs: facts.lifetimeMs, blockhash: facts.latest.blockhash, currency: facts.phase.currency },
    ...{ lastValidBlockHeight: facts.latest.lastValidBlockHeight, affiliateId: facts.affiliateId },
    walletProvider: facts.body.walletProvider ?? null,
  });
  let nfts = recorded.nfts;
  const reserveFacts: ReserveFacts = { ...facts, now: recorded.now, expiresAt: recorded.expiresAt, mints };
  let built;
  try {
    // Short: dead sessions may hold what is missing. Dropped, swept, then answered with what is left.
    if (nfts.length < items.length && !finalAnswer) throw new SupplyShort();
    let quantity = plan.itemsFor(null).plan;
    if (nfts.length < items.length) ({ plan: quantity, items } = plan.itemsFor(nfts.length));
    if (nfts.length > items.length) {
      await dropRecorded(
        ctx.db,
        nfts.slice(items.length).map((n) => n.sessionId),
      );
      nfts = nfts.slice(0, items.length);
    }
    const sessions = buildSessions(ctx, reserveFacts, nfts, items);
    if (spendable < sessions.reduce((sum, s) => sum + s.walletDebit, 0n) + WALLET_RENT_RESERVE)
      throw insufficientBalance();
    built = { quantity, sessions };
  } catch (error) {
    await dropRecorded(
      ctx.db,
      nfts.map((n) => n.sessionId),
    );
    throw error;
  }
  const { quantity, sessions } = built;
  const pricing = pricingView(facts.phase, facts.unitPrice, facts.feePerNft, sessions, null);
  const verdict = await fillAndVerify(ctx.db, {
    ...verifyWhere(facts),
    sessionIds: sessions.map((s) => s.sessionId),
    fill: { groupSize: sessions.filter((s) => !s.serverPaid).length, sessions: sessionFills(sessions, pricing) },
  });
  if (verdict.refusal) {
    // Racing prepares of one holder or wallet may each have counted the others' records, which
    // they drop as they refuse: once more after a short random pause. Near the share a burst
    // may still end a little under it (each refused for the others), never over it.
    if (attempt >= VERIFY_ATTEMPTS) throw verdictError(verdict, recorded.now);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * RETRY_JITTER_MS * attempt));
    return recordThenVerify(ctx, facts, finalAnswer, attempt + 1);
  }
  const view = preparedView(reserveFacts, quantity, sessions, pricing, recorded.expiresAt);
  return { view, sessions: sessions.length, superseded: recorded.superseded };
}

/** What recordSessions writes that the build decides, for the sessions the common path recorded before it. */
const sessionFills = (sessions: readonly Built[], pricing: MintPricing) =>
  sessions.map((s, i) => ({
    id: s.sessionId,
    messageBase64: s.messageBase64,
    kind: s.priced.kind,
    priceAmount: s.priced.price,
    feeAmount: s.priced.fee,
    walletDebit: s.walletDebit,
    pricing: pricing.items[i]!,
    claimCodeId: s.priced.claimCodeId ?? null,
  }));

/** How often a common-path prepare records and verifies before its refusal stands, and the pause between. */
const VERIFY_ATTEMPTS = 2;
const RETRY_JITTER_MS = 20;

/** The common path's quantity plan, from the gates' counts (the verify after the record decides). */
function commonPlan(facts: PrepareFacts, preview: WalletPreview) {
  const holderFirstEndsAt = preview.holderFirstEndsAt ? new Date(preview.holderFirstEndsAt) : null;
  const limits = {
    requested: facts.body.quantity,
    maxPerTransaction: facts.phase.maxPerTransaction,
    walletRemaining: facts.walletLimit === null ? null : facts.walletLimit - preview.phaseUsage,
    phaseRemaining: null,
    sessionRoom: MAX_UNSIGNED_SESSIONS_PER_WALLET,
    holderRoom: facts.holdShare === null ? null : facts.holdShare - preview.holderHeld,
    bogo: facts.bogo,
  };
  const itemsFor = (supplyRemaining: number | null) =>
    withClaimGrants(
      refuseIfEmpty(planQuantity({ ...limits, supplyRemaining }), holderFirstEndsAt, facts.now),
      facts.unitPrice,
      facts.feePerNft,
      [],
      facts.bogo,
    );
  return { itemsFor };
}

/** The answer, and what the committed transaction did to the mint funnel (lib/metrics.ts). */
type Reserved = { view: PreparedView; sessions: number; superseded: number };

/**
 * In one transaction: settle the wallet (supersede what this caller may end, count its
 * usage) and the holder's share, plan the quantity, reserve NFTs, price and build one
 * transaction per NFT, check the exact balance, and record the sessions.
 */
async function reserveAndBuild(
  ctx: ServiceContext,
  tx: Prisma.TransactionClient,
  prepareFacts: PrepareFacts,
  finalAnswer: boolean,
): Promise<Reserved> {
  // Holds, codes and the session's end on the database's clock, the one execute's claim decides by.
  const dbNow = await lockForPrepare(tx, { wallet: prepareFacts.wallet, holder: holderLockOf(prepareFacts) });
  const facts: ReserveFacts = {
    ...prepareFacts,
    now: dbNow,
    expiresAt: new Date(dbNow.getTime() + prepareFacts.lifetimeMs),
  };
  const { collection, phase, wallet, now, expiresAt } = facts;
  const { state, limits, holderFirstEndsAt } = await settleLimits(tx, facts);
  // An allowlist code entered for an ungated phase gives nothing there, and spends no use.
  const appliedCode = facts.entered?.grantType === "whitelist" && !facts.allowlistCode ? null : facts.entered;
  const grants =
    appliedCode || state.hasRedemptions
      ? await loadClaimGrants(tx, { collectionId: collection.id, phaseId: phase.id, wallet, now }, appliedCode)
      : [];
  const itemsFor = (supplyRemaining: number | null) =>
    withClaimGrants(
      refuseIfEmpty(planQuantity({ ...limits, supplyRemaining }), holderFirstEndsAt, now),
      facts.unitPrice,
      facts.feePerNft,
      grants,
      facts.bogo,
    );
  let { plan, items } = itemsFor(null);
  // What the wallet's submits in flight will take first.
  const spendable = facts.balance - state.inFlightDebit;
  // Before anything is reserved: the least these transactions can cost (the exact check follows).
  if (spendable < leastWalletDebit(items, facts.token !== null) + WALLET_RENT_RESERVE) throw insufficientBalance();
  // A token price: the wallet's token balance, less what its other live sessions will take of it.
  const tokenSpendable = facts.token
    ? facts.token.balance -
      (await heldTokenAmount(tx, { wallet, mint: facts.token.token.mint, now, holderKey: facts.holder.key }))
    : 0n;
  if (facts.token && tokenSpendable < tokenTotal(items)) throw insufficientTokens(facts.phase.currency);

  let nfts = await reserveSupply(tx, facts, items, plan.total, finalAnswer);
  if (nfts.length < plan.total) ({ plan, items } = itemsFor(nfts.length));
  if (phase.priceModel === "range") ({ plan, items, nfts } = await priceByRarity(tx, facts, plan, nfts, grants));
  if (nfts.length > plan.total) {
    await unreserveNfts(
      tx,
      nfts.slice(plan.total).map((n) => n.id),
    );
    nfts = nfts.slice(0, plan.total);
  }
  const sessions = buildSessions(ctx, facts, nfts, items);
  // Exact rent depends on the reserved NFTs' metadata; refusing here rolls the reservation back.
  if (spendable < sessions.reduce((sum, s) => sum + s.walletDebit, 0n) + WALLET_RENT_RESERVE)
    throw insufficientBalance();
  if (facts.token && tokenSpendable < tokenTotal(items)) throw insufficientTokens(phase.currency);
  const pricing = pricingView(phase, facts.unitPrice, facts.feePerNft, sessions, facts.token?.token ?? null);
  await recordSessions(tx, facts, sessions, pricing, grants);
  const view = preparedView(facts, plan, sessions, pricing, expiresAt);
  return { view, sessions: sessions.length, superseded: state.superseded };
}

/**
 * The holder's lock, taken with the wallet's in the transaction's first statement when no
 * phase row lock must come between them (the order every prepare takes them in).
 */
const holderLockOf = (facts: PrepareFacts) =>
  facts.holdShare !== null && facts.phase.phaseSupply === null
    ? { phaseId: facts.phase.id, key: facts.holder.key }
    : null;

/** Under the wallet's lock, then the phase's and the holder's: what the wallet, the phase and the holder still allow. */
async function settleLimits(tx: Prisma.TransactionClient, facts: PrepareFacts) {
  const { collection, phase, wallet, now, holder, walletLimit } = facts;
  const holderCounted = facts.holdShare !== null;
  // The holder's share is read in the settle's statement when its lock is already held; after the phase's lock otherwise.
  const holderLocked = holderLockOf(facts) !== null;
  const state = await settleWallet(tx, {
    ...{ collectionId: collection.id, phaseId: phase.id, wallet, now, holder },
    holderHolds: holderLocked,
  });
  let phaseRemaining: number | null = null;
  if (phase.phaseSupply !== null) {
    await lockPhase(tx, phase.id);
    phaseRemaining = phase.phaseSupply - (await phaseUsage(tx, phase.id, now));
  }
  let holderRoom: number | null = null;
  let holderFirstEndsAt: Date | null = null;
  if (holderCounted) {
    let holds = { held: state.holderHeld, firstEndsAt: state.holderFirstEndsAt };
    if (!holderLocked) {
      await lockHolder(tx, phase.id, holder.key);
      holds = await holderHolds(tx, { phaseId: phase.id, holderKey: holder.key, now });
    }
    holderRoom = facts.holdShare! - holds.held;
    holderFirstEndsAt = holds.firstEndsAt;
  }
  const limits = {
    requested: facts.body.quantity,
    maxPerTransaction: phase.maxPerTransaction,
    walletRemaining: walletLimit === null ? null : walletLimit - state.phaseUsage,
    phaseRemaining,
    sessionRoom: MAX_UNSIGNED_SESSIONS_PER_WALLET,
    holderRoom,
    bogo: facts.bogo,
  };
  return { state, limits, holderFirstEndsAt };
}

/**
 * Reserves one NFT per item (a pack code's from its tier), creating new rows for an
 * open edition. Short before a fresh sweep: SupplyShort (rolled back, swept, tried again).
 */
async function reserveSupply(
  tx: Prisma.TransactionClient,
  facts: ReserveFacts,
  items: readonly MintItem[],
  total: number,
  finalAnswer: boolean,
): Promise<ReservedNft[]> {
  const { collection, wallet, expiresAt } = facts;
  // The session ids come first: each reserved row names its session, and each NFT's mint key is derived from it.
  const sessionIds = Array.from({ length: total }, () => crypto.randomUUID());
  const where = { collectionId: collection.id, wallet, sessionIds, until: expiresAt };
  let nfts = items.some((item) => item.packTierId)
    ? await reserveByTier(tx, items, { ...where, finalAnswer })
    : await reserveNfts(tx, where);
  if (nfts.length < total && collection.totalSupply === null) {
    const more = await createOpenEndedNfts(tx, collection, { ...where, sessionIds: sessionIds.slice(nfts.length) });
    nfts = [...nfts, ...more];
  }
  // Short: dead sessions may hold what is missing. Sweep them, then answer with what is left.
  if (nfts.length < total && !finalAnswer) throw new SupplyShort();
  return nfts;
}

/** Rarity pricing: each reserved NFT's own price within the range (the balance check before used the minimum). */
async function priceByRarity(
  tx: Prisma.TransactionClient,
  facts: PrepareFacts,
  plan: QuantityPlan,
  reserved: readonly ReservedNft[],
  grants: ClaimGrant[],
) {
  const { collection, phase } = facts;
  const lastRank = (await tx.nft.aggregate({ where: { collectionId: collection.id }, _max: { rarityRank: true } }))._max
    .rarityRank;
  const range = { min: phase.price, max: phase.priceMax };
  // Purchases take the rarest of the reserved NFTs and bonuses the commonest: the server, not the buyer, picks the bonus.
  const priceOf = (nft: ReservedNft) => rarityPrice(range, nft.rarityRank, lastRank);
  const nfts = plan.bonus > 0 ? byPriceDescending(reserved, priceOf) : [...reserved];
  const priced = withClaimGrants(plan, (i) => priceOf(nfts[i]!), facts.feePerNft, grants, facts.bogo);
  return { ...priced, nfts };
}

async function recordSessions(
  tx: Prisma.TransactionClient,
  facts: ReserveFacts,
  sessions: readonly Built[],
  pricing: MintPricing,
  grants: readonly ClaimGrant[],
): Promise<void> {
  const { collection, phase, wallet, latest, holder } = facts;
  const groupId = crypto.randomUUID();
  // The allowlist code that admitted the wallet: every session carries it (claim-code-use.ts).
  const admissionCodeId = grants.find((g) => g.kind === "allowlist")?.codeId ?? null;
  // groupSize counts the transactions the wallet signs: above 1, they go through the batch.
  const groupSize = sessions.filter((s) => !s.serverPaid).length;
  await tx.mintSession.createMany({
    data: sessions.map((s, i) => ({
      id: s.sessionId,
      groupId,
      groupSize,
      collectionId: collection.id,
      phaseId: phase.id,
      nftId: s.nft.id,
      walletAddress: wallet,
      kind: s.priced.kind,
      claimCodeId: s.priced.claimCodeId ?? null,
      admissionCodeId,
      messageBase64: s.messageBase64,
      mintAddress: s.mintAddress,
      blockhash: latest.blockhash,
      lastValidBlockHeight: latest.lastValidBlockHeight,
      priceAmount: s.priced.price,
      feeAmount: s.priced.fee,
      walletDebit: s.walletDebit,
      currency: phase.currency,
      tokenMint: facts.token?.token.mint ?? null,
      pricing: pricing.items[i]! as unknown as Prisma.InputJsonValue,
      affiliateId: facts.affiliateId,
      walletProvider: facts.body.walletProvider,
      holderKey: holder.key,
      walletProven: holder.walletProven,
      expiresAt: facts.expiresAt,
    })),
  });
}

function preparedView(
  facts: ReserveFacts,
  plan: QuantityPlan,
  sessions: readonly Built[],
  pricing: MintPricing,
  expiresAt: Date,
): PreparedView {
  const { collection, body, bogo, now } = facts;
  // The wallet signs only its own transactions; a purchase's entry names the bonuses it carries.
  const signed = sessions.filter((s) => !s.serverPaid);
  const carried = sessions.filter((s) => s.serverPaid);
  const nftsOf = (s: Built) => (signed.length === 1 ? [s, ...carried] : [s]);
  return {
    // A fair drop names no NFT before execute: the buyer cannot see what comes next and decline it.
    sessions: signed.map((s) => ({
      sessionId: s.sessionId,
      nftIds: isFairDrop(collection) ? [] : nftsOf(s).map((n) => n.nft.id),
      nftCount: nftsOf(s).length,
    })),
    transactions: signed.map((s) => ({
      transaction: s.transactionBase64,
      isVersionedTransaction: false,
      nftCount: nftsOf(s).length,
    })),
    requestedQuantity: body.quantity,
    totalQuantity: plan.total,
    quantityAdjusted: plan.adjusted,
    adjustmentReason: plan.reason,
    expiresInMs: expiresAt.getTime() - now.getTime(),
    expiresAt: expiresAt.toISOString(),
    pricing,
    bogo: bogo ? { ...bogo, bonusQuantity: plan.bonus } : null,
    chainType: "solana" as const,
  };
}

/** Reserved NFTs, dearest first (stable), so items in plan order (purchases, then bonuses) get them in that order. */
function byPriceDescending(nfts: readonly ReservedNft[], priceOf: (nft: ReservedNft) => bigint): ReservedNft[] {
  return nfts
    .map((nft, i) => ({ nft, i, price: priceOf(nft) }))
    .sort((a, b) => (a.price === b.price ? a.i - b.i : a.price > b.price ? -1 : 1))
    .map((e) => e.nft);
}

/** Thrown inside the prepare transaction (rolling it back) when supply came up short before a fresh sweep. */
class SupplyShort extends Error {}

/**
 * Reserves each item's NFT from its own pool: a pack code's free mint from its pack tier,
 * every other item from the untiered NFTs. A prepare that opens a pack is all or nothing:
 * a short pool (after a fresh sweep) refuses it rather than hand out another tier.
 */
async function reserveByTier(
  tx: Prisma.TransactionClient,
  items: readonly MintItem[],
  options: { collectionId: string; wallet: string; sessionIds: readonly string[]; until: Date; finalAnswer: boolean },
): Promise<ReservedNft[]> {
  // Positions per pool (Map.groupBy needs Node 21).
  const byTier = new Map<string | null, number[]>();
  items.forEach((item, i) => byTier.set(item.packTierId ?? null, [...(byTier.get(item.packTierId ?? null) ?? []), i]));
  const reserved: ReservedNft[] = [];
  for (const [tier, positions] of byTier) {
    const got = await reserveNfts(tx, {
      ...options,
      sessionIds: positions.map((i) => options.sessionIds[i]!),
      packTierId: tier,
    });
    if (got.length < positions.length) {
      if (!options.finalAnswer) throw new SupplyShort();
      throw tier === null
        ? soldOut()
        : new AppError("SOLD_OUT", `Pack tier ${tier} has nothing left to open right now.`);
    }
    got.forEach((nft, k) => (reserved[positions[k]!] = nft));
  }
  return reserved;
}

/**
 * Claim codes turn paid NFTs free or cheaper; NFTs a code made free, or a discount brought
 * to 0, are not bought and earn no BOGO bonus.
 */
function withClaimGrants(
  plan: QuantityPlan,
  unitPrice: Parameters<typeof mintItems>[1],
  feePerNft: bigint,
  grants: ClaimGrant[],
  bogo: Bogo | null,
): { plan: QuantityPlan; items: MintItem[] } {
  const items = applyClaimGrants(mintItems(plan, unitPrice, feePerNft), grants);
  const bonus = Math.min(plan.bonus, bogoBonusFor(items.filter((i) => i.kind === "paid" && i.price > 0n).length, bogo));
  const total = plan.paid + bonus;
  return { plan: { ...plan, bonus, total }, items: items.slice(0, total) };
}

/** The cheapest an NFT mint account can be (empty metadata), for the check before reserving. */
const LEAST_MINT_ACCOUNT_RENT = rentExemptLamports(
  nftMintAccountSize(PublicKey.default, PublicKey.default, { name: "", symbol: "", uri: "" }),
);

function leastWalletDebit(items: readonly MintItem[], paidInToken: boolean): bigint {
  const SIGNATURES = 3; // wallet, new mint, mint authority
  const totals = pricingTotals(
    items.map((item) => ({
      ...item,
      networkCost: networkCost(LEAST_MINT_ACCOUNT_RENT + BUYER_TOKEN_ACCOUNT_RENT, SIGNATURES),
    })),
  );
  // A token price takes only the network's share in SOL.
  return paidInToken ? totals.networkCost : totals.walletDebit;
}

/** What the items take of the token (prices and fees); only for a token-priced phase. */
const tokenTotal = (items: readonly MintItem[]) => items.reduce((sum, item) => sum + item.price + item.fee, 0n);

function refuseIfEmpty(plan: QuantityPlan, holderFirstEndsAt: Date | null, now: Date): QuantityPlan {
  if (plan.refusal || plan.total === 0)
    throw refusalOf(plan.refusal ?? "SOLD_OUT", holderFirstEndsAt, now, plan.reason);
  return plan;
}

function refusalOf(
  refusal: NonNullable<QuantityPlan["refusal"]>,
  holderFirstEndsAt: Date | null,
  now: Date,
  reason: string | null | undefined,
): AppError {
  if (refusal === "HOLD_LIMIT_REACHED") {
    const retryAfter = Math.max(1, Math.ceil(((holderFirstEndsAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
    return new AppError(
      "HOLD_LIMIT_REACHED",
      `This caller already holds its share of this phase in unsigned reservations. Retry in ${retryAfter} seconds.`,
      { extra: { retryAfter } },
    );
  }
  if (refusal === "WALLET_LIMIT_REACHED")
    return new AppError("WALLET_LIMIT_REACHED", `This wallet has no mints left in this phase. ${reason ?? ""}`.trim());
  return soldOut();
}

const insufficientTokens = (symbol: string) =>
  new AppError(
    "INSUFFICIENT_BALANCE",
    `The wallet's ${symbol} cannot cover the price and fee of this mint, counting what its other live mints will take. Nothing was reserved.`,
  );

const insufficientBalance = () =>
  new AppError(
    "INSUFFICIENT_BALANCE",
    "The wallet's balance cannot cover the price, fees, rent and network fees of this mint. Nothing was reserved.",
  );

/** Eligibility (gated phases) and the limit wallet-mints reports; null is unlimited. */
async function walletLimitOrThrow(
  ctx: ServiceContext,
  phase: PhaseWithGates,
  wallet: string,
  options: Parameters<typeof loadWalletPhaseInput>[4],
) {
  // Counts are taken later, under the wallet's lock; here only the verdict and the limit.
  const input = await loadWalletPhaseInput(ctx.db, ctx.chain, phase, wallet, options);
  if (!walletAllocation(input).eligible)
    throw new AppError("NOT_ELIGIBLE", "This wallet does not meet any requirement of this phase.");
  return walletMintLimit(input);
}

/** Affiliate codes are optional attribution: unknown or invalid ones are ignored. */
async function affiliateIdOf(db: Db, collectionId: string, code: string | null | undefined): Promise<string | null> {
  if (!code) return null;
  const affiliate = await db.affiliate.findUnique({
    where: { collectionId_code: { collectionId, code: code.toUpperCase() } },
    select: { id: true },
  });
  return affiliate?.id ?? null;
}

type Built = {
  sessionId: string;
  nft: ReservedNft;
  priced: PricedTransaction;
  mintAddress: string;
  messageBase64: string;
  transactionBase64: string;
  /** A carried bonus: the server pays and signs it alone, once its purchase landed; the wallet never sees it. */
  serverPaid: boolean;
  /** What this transaction takes from the wallet (a purchase carrying bonuses reimburses their rent and fees). */
  walletDebit: bigint;
};

/** A single purchase with its bonuses (quantity 1 of a buy-1-get-M phase): executed alone, carrying the bonuses. */
const carriesBonuses = (items: readonly MintItem[]) =>
  items.length > 1 && items[0]!.kind === "paid" && items.slice(1).every((item) => item.kind === "bogo_bonus");

/**
 * One transaction per NFT. The spec asks for the batch only above quantity 1, so a single
 * purchase's bonuses are carried: each is a transaction the mint authority pays and the
 * server alone signs, sent by execute only once the purchase has landed (execute.ts), and
 * the purchase reimburses their rent and network fees to the mint authority in the same
 * transaction that pays for it. What the wallet pays is exactly what pricing says.
 */
function buildSessions(
  ctx: ServiceContext,
  facts: ReserveFacts,
  nfts: readonly ReservedNft[],
  items: readonly MintItem[],
): Built[] {
  const build = (i: number, how: BuildHow = {}) => buildOne(ctx, facts, nfts[i]!, items[i]!, how);
  if (!carriesBonuses(items)) return items.map((_, i) => build(i));
  const bonuses = items.slice(1).map((_, i) => build(i + 1, { serverPaid: true }));
  const reimburse = bonuses.reduce((sum, bonus) => sum + bonus.priced.networkCost, 0n);
  return [build(0, { reimburse }), ...bonuses];
}

type BuildHow = { serverPaid?: boolean; reimburse?: bigint };

function buildOne(ctx: ServiceContext, facts: ReserveFacts, nft: ReservedNft, item: MintItem, how: BuildHow): Built {
  const { collection, wallet, now } = facts;
  // The NFT's mint key is derived from its session id, and signs only at execute.
  const sessionId = nft.sessionId;
  const mint = facts.mints?.get(sessionId) ?? mintKeypairForSession(ctx.keys.mintKeySecret, sessionId).publicKey;
  const authority = ctx.keys.mintAuthority.publicKey;
  const fields = onChainFields(ctx.publicBaseUrl, collection, nft, mint, now);
  const treasury = new PublicKey(collection.treasuryAddress);
  const token = facts.token?.token ?? null;
  // A token price goes to the creator's (and the platform's) token accounts; the rest stays SOL.
  const solPrice = token
    ? []
    : [
        { to: treasury, lamports: item.price },
        { to: ctx.keys.platformFeeAccount, lamports: item.fee },
      ];
  const compiled = buildNftMintMessage({
    payer: how.serverPaid ? authority : new PublicKey(wallet),
    owner: new PublicKey(wallet),
    mint,
    mintAuthority: authority,
    groupMint: new PublicKey(collection.collectionAddress!),
    ...fields,
    payments: [...solPrice, { to: authority, lamports: how.reimburse ?? 0n }],
    tokenPayments: token
      ? [
          { token, to: treasury, amount: item.price },
          { token, to: ctx.keys.platformFeeAccount, amount: item.fee },
        ]
      : [],
    recentBlockhash: facts.latest.blockhash,
  });
  const rent = rentExemptLamports(nftMintAccountSize(mint, authority, fields)) + BUYER_TOKEN_ACCOUNT_RENT;
  const priced = { ...item, networkCost: networkCost(rent, compiled.requiredSignatures) };
  // What the transaction takes in SOL: with a token price, only the network's share.
  const solDebit = token ? priced.networkCost : pricingTotals([priced]).walletDebit;
  return {
    sessionId,
    nft,
    priced,
    mintAddress: mint.toBase58(),
    messageBase64: Buffer.from(compiled.message).toString("base64"),
    transactionBase64: Buffer.from(compiled.unsignedWire).toString("base64"),
    serverPaid: how.serverPaid === true,
    walletDebit: how.serverPaid ? 0n : solDebit + (how.reimburse ?? 0n),
  };
}

/**
 * Prices, discounts and fees in the phase's currency (a token's own units for a token price);
 * the network cost and the wallet's SOL debit always in SOL.
 */
function pricingView(
  phase: Phase,
  unitPrice: bigint,
  feePerNft: bigint,
  sessions: readonly Built[],
  token: PaymentToken | null,
): MintPricing {
  const d = phase.currencyDecimals;
  const pair = (name: string, raw: bigint, decimals = d) => {
    const { raw: r, display } = wireAmount(raw, decimals);
    return { [name]: display, [`${name}Raw`]: r };
  };
  const totals = pricingTotals(sessions.map((s) => s.priced));
  const kinds = sessions.map((s) => s.priced.kind);
  const count = (kind: string) => kinds.filter((k) => k === kind).length;
  return {
    currency: phase.currency,
    currencyDecimals: d,
    currencyMint: token?.mint ?? null,
    priceModel: phase.priceModel,
    ...pair("unitPrice", unitPrice),
    paidQuantity: count("paid"),
    freeQuantity: count("free"),
    claimCodeQuantity: count("claim_code"),
    bonusQuantity: count("bogo_bonus"),
    ...pair("platformFeePerNft", unitPrice > 0n ? feePerNft : 0n),
    ...pair("subtotal", totals.subtotal),
    ...pair("discount", totals.discount),
    ...pair("platformFee", totals.platformFee),
    ...pair("total", totals.total),
    ...pair("networkCost", totals.networkCost, SOL_DECIMALS),
    ...pair(
      "walletDebit",
      sessions.reduce((sum, s) => sum + s.walletDebit, 0n),
      token ? SOL_DECIMALS : d,
    ),
    items: sessions.map((s) => ({
      sessionId: s.sessionId,
      kind: s.priced.kind,
      ...pair("price", s.priced.price),
      ...pair("discount", s.priced.discount ?? 0n),
      ...pair("platformFee", s.priced.fee),
      ...pair("networkCost", s.priced.networkCost, SOL_DECIMALS),
    })),
  } as MintPricing;
}

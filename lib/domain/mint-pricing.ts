// What a prepare-mint call mints and charges: the quantity after every limit, the BOGO
// bonus, the unit price by price model, and the per-transaction amounts. Pure rules;
// lib/services/mint/prepare.ts gathers the inputs under its locks and builds the rest.
//
// Decisions (documented in app/docs/_sections/mint.tsx):
// - Bonus NFTs count toward maxPerWallet, phaseSupply and the drop's supply (wallet-mints
//   counts them too). When the room is short, fewer paid NFTs are prepared so their bonus
//   still fits (room 3, buy 2 get 1, asked 3 → 2 paid + 1 bonus); only when not even one
//   paid NFT with its bonus fits is the bonus trimmed instead.
// - maxPerTransaction caps the paid quantity of one request; bonuses ride on top.
// - Free NFTs (price 0) and bonus NFTs pay no platform fee.
import { toDisplayAmount } from "./amounts";
import { dutchPrice, type DutchAuctionState } from "./dutch-auction";
import type { DutchConfig } from "./phase-config";

export type Bogo = { buy: number; get: number };

export function bogoOf(phase: { bogoBuy: number | null; bogoGet: number | null }): Bogo | null {
  return phase.bogoBuy && phase.bogoGet && phase.bogoBuy > 0 && phase.bogoGet > 0
    ? { buy: phase.bogoBuy, get: phase.bogoGet }
    : null;
}

/** For every `buy` paid in one request, `get` bonus NFTs. */
export function bogoBonusFor(paid: number, bogo: Bogo | null): number {
  return bogo ? Math.floor(paid / bogo.buy) * bogo.get : 0;
}

export type QuantityLimits = {
  requested: number;
  /** null: no limit. */
  maxPerTransaction: number | null;
  /** The wallet's limit in the phase minus its mints and live reservations there. */
  walletRemaining: number | null;
  /** phaseSupply minus the phase's mints and live reservations. */
  phaseRemaining: number | null;
  /** NFTs that can still be reserved in the drop. */
  supplyRemaining: number | null;
  /** Unsigned sessions one wallet may hold in the drop (bonuses included); absent: no cap. */
  sessionRoom?: number | null;
  /** What the caller may still hold of the phase (its share, lib/domain/hold-share.ts); absent: no cap. */
  holderRoom?: number | null;
  bogo: Bogo | null;
};

export type QuantityPlan = {
  paid: number;
  bonus: number;
  total: number;
  adjusted: boolean;
  /** A sentence naming the limit that reduced the quantity; null when nothing did. */
  reason: string | null;
  /** Set when nothing at all can be prepared. */
  refusal: "WALLET_LIMIT_REACHED" | "SOLD_OUT" | "HOLD_LIMIT_REACHED" | null;
};

type Bound = { value: number; kind: "transaction" | "wallet" | "phase" | "supply" | "sessions" | "holder" };

const REASONS: Record<Bound["kind"], (n: number) => string> = {
  transaction: (n) => `This phase allows at most ${n} per transaction.`,
  wallet: (n) => `This wallet can mint ${n} more in this phase (bonus NFTs and pending mints included).`,
  phase: (n) => `Only ${n} remain in this phase.`,
  supply: (n) => `Only ${n} remain in this drop.`,
  sessions: (n) => `One wallet can hold at most ${n} unsigned mints of a drop at once.`,
  holder: (n) => `This caller can hold ${n} more of this phase at once (its share of live reservations).`,
};

const REFUSALS: Partial<Record<Bound["kind"], QuantityPlan["refusal"]>> = {
  wallet: "WALLET_LIMIT_REACHED",
  holder: "HOLD_LIMIT_REACHED",
};

export function planQuantity(limits: QuantityLimits): QuantityPlan {
  const candidates: Array<{ value: number | null; kind: Bound["kind"] }> = [
    { value: limits.walletRemaining, kind: "wallet" },
    { value: limits.phaseRemaining, kind: "phase" },
    { value: limits.supplyRemaining, kind: "supply" },
    { value: limits.sessionRoom ?? null, kind: "sessions" },
    { value: limits.holderRoom ?? null, kind: "holder" },
  ];
  // The tightest room; on a tie the first named (wallet, phase, supply, sessions) explains it.
  let room: Bound | null = null;
  for (const c of candidates) {
    if (c.value === null) continue;
    const value = Math.max(0, c.value);
    if (room === null || value < room.value) room = { value, kind: c.kind };
  }
  const cap =
    limits.maxPerTransaction !== null && limits.maxPerTransaction > 0
      ? Math.min(limits.requested, limits.maxPerTransaction)
      : limits.requested;

  if (room !== null && room.value === 0) {
    return {
      paid: 0,
      bonus: 0,
      total: 0,
      adjusted: true,
      reason: REASONS[room.kind](0),
      refusal: REFUSALS[room.kind] ?? "SOLD_OUT",
    };
  }
  let paid = cap;
  let bonus = bogoBonusFor(paid, limits.bogo);
  if (room !== null) {
    while (paid > 0 && paid + bogoBonusFor(paid, limits.bogo) > room.value) paid -= 1;
    if (paid === 0) paid = Math.min(cap, room.value);
    bonus = Math.min(bogoBonusFor(paid, limits.bogo), room.value - paid);
  }
  const adjusted = paid < limits.requested;
  const bound: Bound | null = !adjusted
    ? null
    : paid < cap && room !== null
      ? room
      : cap < limits.requested
        ? { kind: "transaction", value: cap }
        : room;
  return {
    paid,
    bonus,
    total: paid + bonus,
    adjusted,
    reason: bound ? REASONS[bound.kind](bound.value) : null,
    refusal: null,
  };
}

// ── Unit price ──────────────────────────────────────────────────────────────────────

export type PricedPhase = { priceModel: "fixed" | "range" | "hidden" | "dutch" | "pegged"; price: bigint };

/** What a price model needs besides the phase row; the service gathers it. */
export type PriceContext = {
  dutch?: { config: DutchConfig; state: DutchAuctionState };
  /** The pegged quote's amount in the settlement token's smallest unit. */
  pegged?: { tokenAmountRaw: bigint };
};

/**
 * The price of one paid NFT in the phase currency's smallest unit, or null when the model
 * cannot be priced with the given context (the caller refuses). fixed and hidden charge the
 * phase's `price`; range answers its minimum, the least an NFT can cost (each reserved NFT is
 * then priced by rarityPrice).
 */
export function priceFor(phase: PricedPhase, context: PriceContext = {}): bigint | null {
  switch (phase.priceModel) {
    case "fixed":
    case "hidden":
    case "range":
      return phase.price;
    case "dutch":
      return context.dutch ? dutchPrice(context.dutch.config, context.dutch.state).price : null;
    case "pegged":
      return context.pegged ? context.pegged.tokenAmountRaw : null;
  }
}

// ── Amounts per transaction ─────────────────────────────────────────────────────────

export type MintItemKind = "paid" | "free" | "bogo_bonus" | "claim_code";

export type MintItem = {
  kind: MintItemKind;
  price: bigint;
  fee: bigint;
  claimCodeId?: string | null;
  discount?: bigint;
  /** A pack code's free mint opens its pack tier: the NFT comes from that tier. */
  packTierId?: string | null;
};

/**
 * Paid (or free) NFTs first, then the bonus ones, each its own transaction. `unitPrice` is one
 * price for all, or each NFT's own by its position (range pricing).
 */
export function mintItems(
  plan: Pick<QuantityPlan, "paid" | "bonus">,
  unitPrice: bigint | ((index: number) => bigint),
  feePerPaidNft: bigint,
): MintItem[] {
  const priceAt = typeof unitPrice === "bigint" ? () => unitPrice : unitPrice;
  const paid = (price: bigint): MintItem =>
    price > 0n ? { kind: "paid", price, fee: feePerPaidNft } : { kind: "free", price: 0n, fee: 0n };
  return [
    ...Array.from({ length: plan.paid }, (_, i) => paid(priceAt(i))),
    ...Array.from({ length: plan.bonus }, (): MintItem => ({ kind: "bogo_bonus", price: 0n, fee: 0n })),
  ];
}

/**
 * Rarity pricing of a range phase: an NFT's price sits in [min, max] by its rarity rank,
 * the rarest (rank 1) at the maximum and the last rank at the minimum, straight in between,
 * rounded down to the smallest unit. An NFT without a rank (a drop without traits, or an NFT
 * the ranking left out) costs the minimum: the low end the range's priceDisplay shows, the
 * price a buyer can read off it; nothing rare earns it more, so it is never silently the
 * maximum. The buyer sees each NFT's price in prepare's pricing before signing.
 */
export function rarityPrice(
  range: { min: bigint; max: bigint | null },
  rank: number | null,
  lastRank: number | null,
): bigint {
  const max = range.max !== null && range.max > range.min ? range.max : range.min;
  if (rank === null || lastRank === null) return range.min;
  if (lastRank <= 1) return max;
  const steps = BigInt(lastRank - 1);
  const fromBottom = BigInt(lastRank - Math.min(Math.max(rank, 1), lastRank));
  return range.min + ((max - range.min) * fromBottom) / steps;
}

/**
 * A wallet's redeemed claim code with uses left, in redemption order. free: each use makes
 * one paid NFT free (no price, no platform fee). discount: each use takes `percent` % and
 * then `fixed` (smallest unit) off one paid NFT's price, never below 0; the fee stays.
 */
export type ClaimGrant = {
  codeId: string;
  kind: "free" | "discount" | "allowlist";
  remaining: number;
  percent: number | null;
  fixed: bigint | null;
  /** A pack code's tier: its free mints take NFTs of that tier. */
  packTierId?: string | null;
};

/** The claim-code kinds prepare-mint applies (external codes answer with their URL instead). */
export type ApplicableGrantType = "free_mint" | "pack" | "discount" | "whitelist" | "nft_redemption";

/**
 * NFTs one wallet can take from one code: free_mint / pack / nft_redemption `mintAllocation`
 * (whitelist: the allowlist spots it adds), discount `discountUses`; an unset figure counts
 * as 1. The redemption's `allocation` when it lands.
 */
export function claimCodeAllocation(batch: {
  grantType: ApplicableGrantType;
  mintAllocation: number | null;
  discountUses: number | null;
}): number {
  const uses = batch.grantType === "discount" ? batch.discountUses : batch.mintAllocation;
  return Math.max(0, uses ?? 1);
}

/**
 * Uses of a claim code this prepare may take: the wallet's share (allocation − landed −
 * held by its live sessions) capped by the code's global room (maxUses − usesCount − held
 * by every wallet's live sessions; null maxUses: no cap). Never below 0.
 */
export function claimCodeRoom(use: {
  allocation: number;
  used: number;
  heldByWallet: number;
  maxUses: number | null;
  usesCount: number;
  heldByAll: number;
}): number {
  const wallet = use.allocation - use.used - use.heldByWallet;
  const global = use.maxUses === null ? wallet : use.maxUses - use.usesCount - use.heldByAll;
  return Math.max(0, Math.min(wallet, global));
}

/**
 * Applies claim-code grants to the paid NFTs of a prepare, as the benefits endpoint
 * describes them: every free grant first, then the oldest discount with uses left
 * (discounts do not stack). Free-phase and bonus NFTs are untouched.
 */
export function applyClaimGrants(items: readonly MintItem[], grants: readonly ClaimGrant[]): MintItem[] {
  const left = grants.map((g) => ({ ...g }));
  const discount = left.find((g) => g.kind === "discount" && g.remaining > 0) ?? null;
  const priced = items.map((item): MintItem => {
    if (item.kind !== "paid") return item;
    const free = left.find((g) => g.kind === "free" && g.remaining > 0);
    if (free) {
      free.remaining -= 1;
      return {
        kind: "claim_code",
        price: 0n,
        fee: 0n,
        claimCodeId: free.codeId,
        discount: item.price,
        ...(free.packTierId ? { packTierId: free.packTierId } : {}),
      };
    }
    if (discount && discount.remaining > 0) {
      discount.remaining -= 1;
      const percentOff = (item.price * BigInt(Math.round((discount.percent ?? 0) * 100))) / 10_000n;
      const reduced = item.price - percentOff - (discount.fixed ?? 0n);
      const price = reduced > 0n ? reduced : 0n;
      return { ...item, price, claimCodeId: discount.codeId, discount: item.price - price };
    }
    return item;
  });
  // An allowlist code changes who may mint, not the price: the prepare's sessions carry it
  // as their admission (prepare.ts), not as a priced item.
  return priced;
}

/** Solana's base fee per signature; mint transactions carry no priority fee. */
export const LAMPORTS_PER_SIGNATURE = 5_000n;

/** What the chain takes besides the payments: the accounts' rent and the signature fees. */
export function networkCost(rentLamports: bigint, signatures: number): bigint {
  return rentLamports + LAMPORTS_PER_SIGNATURE * BigInt(signatures);
}

export type PricedTransaction = MintItem & { networkCost: bigint };

export type PricingTotals = {
  subtotal: bigint;
  discount: bigint;
  platformFee: bigint;
  total: bigint;
  networkCost: bigint;
  walletDebit: bigint;
};

export function pricingTotals(items: readonly PricedTransaction[]): PricingTotals {
  const sum = (pick: (t: PricedTransaction) => bigint) => items.reduce((s, t) => s + pick(t), 0n);
  const subtotal = sum((t) => t.price);
  const platformFee = sum((t) => t.fee);
  const network = sum((t) => t.networkCost);
  return {
    subtotal,
    discount: sum((t) => t.discount ?? 0n),
    platformFee,
    total: subtotal + platformFee,
    networkCost: network,
    walletDebit: subtotal + platformFee + network,
  };
}

/** An amount as the wire carries it: smallest unit and display units, both numbers. */
export function wireAmount(raw: bigint, decimals: number): { raw: number; display: number } {
  return { raw: Number(raw), display: toDisplayAmount(raw, decimals) };
}

// Rules of a mint session that follow from the chain and from who may hold what. Pure.
//
// - A session lives no longer than its transaction can land: a blockhash is good for 150
//   blocks (about 60 s at 400 ms a block), and the session ends a safety margin before the
//   blockhash does, so a signature handed back in time can still land. SESSION_TTL_SECONDS
//   can only shorten it.
// - A wallet holds at most MAX_UNSIGNED_SESSIONS_PER_WALLET unsigned sessions in a drop:
//   a new prepare for the wallet supersedes its earlier unsigned ones (they cannot land
//   without the server's signatures), and one prepare reserves at most this many.
// - A bonus (buy N get M) is signed only once EVERY purchase of its group has landed, and
//   only purchases that cost something earn one (an NFT a discount made free does not).
import { bogoBonusFor, type Bogo } from "./mint-pricing";

/** Solana's target slot time; the block height advances about this often. */
export const ASSUMED_BLOCK_MS = 400;
/** The session ends this long before its blockhash can no longer land. */
export const SESSION_SAFETY_MARGIN_MS = 15_000;
/** Shortest lifetime worth handing out; a blockhash with less left is not used. */
export const MIN_SESSION_LIFETIME_MS = 10_000;
export const MAX_UNSIGNED_SESSIONS_PER_WALLET = 10;

/**
 * How long a session prepared now may live: the configured lifetime, or less when the
 * blockhash has fewer blocks left (`lastValidBlockHeight - blockHeight`).
 */
export function sessionLifetimeMs(configuredMs: number, blocksLeft: bigint): number {
  const chainMs = Number(blocksLeft) * ASSUMED_BLOCK_MS - SESSION_SAFETY_MARGIN_MS;
  return Math.max(0, Math.min(configuredMs, chainMs));
}

/** A prepare group's purchases (paid sessions): how many, how many landed, and how many landed at a price above 0. */
export type GroupPurchases = { purchases: number; landed: number; landedEarning: number };

/**
 * Whether one more bonus of a prepare group may be signed: every purchase of the group has
 * landed (a buyer cannot keep the bonuses and drop the purchases), and the bonuses already
 * claimed (submitting or minted) plus this one stay within what the landed purchases that
 * cost something earn.
 */
export function bonusAllowed(bogo: Bogo | null, group: GroupPurchases, claimedBonuses: number): boolean {
  if (group.landed < group.purchases) return false;
  return claimedBonuses + 1 <= bogoBonusFor(group.landedEarning, bogo);
}

/**
 * How often prepare sweeps its drop's dead sessions (per instance) while supply is not short.
 * The maintenance loop sweeps every drop too, and a prepare that comes up short sweeps at
 * once unless a sweep ran within SHORT_SUPPLY_SWEEP_MS, so a freeable NFT is never refused
 * to a buyer for long; but a rush of prepares does not pay two statements each for it.
 */
export const PREPARE_SWEEP_INTERVAL_MS = 2_000;
export const SHORT_SUPPLY_SWEEP_MS = 250;

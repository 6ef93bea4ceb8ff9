// The live price of a dutch-auction phase: one pure rule, used by GET /phases/{id}/dutch-price
// and (later) by prepare-mint, so the quote and the charge never disagree.
//
// The model (all amounts in the phase currency's smallest unit):
// 1. Decay: the price starts at basePrice and drops by decayAmount for every full
//    decayIntervalMinutes that passes without a mint. The decay clock starts at the
//    auction start and restarts at every mint, so a selling auction holds its price. A live
//    reservation counts as demand too: while supply is held the clock stands at the last
//    instant it was held, so holding supply without buying never drives the price down.
// 2. Floor: decay never takes the price below floorPrice.
// 3. Surge: while the mints in the last surgeWindowMinutes reach surgeThreshold, the
//    surgePremium is added on top.
// 4. Ceiling: the result never exceeds ceilingPrice.
// So price = basePrice − decayApplied + surgeApplied, where both parts are what actually
// took effect after the clamps.
import type { DutchConfig } from "./phase-config";

export type DutchAuctionState = {
  now: Date;
  /** The auction start (the phase start); null when the phase has none. */
  startedAt: Date | null;
  lastMintAt: Date | null;
  /** The last instant (up to now) any of the phase's supply was held by a reservation. */
  lastHeldAt?: Date | null;
  mintsInWindow: number;
  totalMints: number;
};

export type DutchQuote = {
  price: bigint;
  basePrice: bigint;
  /** How much decay took effect (after the floor clamp). */
  decayApplied: bigint;
  /** How much surge premium took effect (0 when not surging; after the ceiling clamp). */
  surgeApplied: bigint;
  decayIntervals: number;
  isSurging: boolean;
};

const MINUTE_MS = 60_000;

export function dutchPrice(config: DutchConfig, state: DutchAuctionState): DutchQuote {
  const decayIntervals = elapsedIntervals(config, state);
  const decayed = config.basePrice - config.decayAmount * BigInt(decayIntervals);
  const afterDecay = decayed < config.floorPrice ? config.floorPrice : decayed;
  const isSurging = state.mintsInWindow >= config.surgeThreshold;
  // The config guarantees floor <= base <= ceiling, so the room is never negative.
  const room = config.ceilingPrice - afterDecay;
  const surgeApplied = !isSurging ? 0n : config.surgePremium < room ? config.surgePremium : room;
  return {
    price: afterDecay + surgeApplied,
    basePrice: config.basePrice,
    decayApplied: config.basePrice - afterDecay,
    surgeApplied,
    decayIntervals,
    isSurging,
  };
}

/** Full decay intervals since the latest of the start, the last mint and the last hold; 0 before the start. */
function elapsedIntervals(config: DutchConfig, state: DutchAuctionState): number {
  const anchors = [state.startedAt, state.lastMintAt, state.lastHeldAt ?? null]
    .filter((d): d is Date => d !== null)
    .map((d) => d.getTime());
  if (anchors.length === 0) return 0;
  const elapsed = state.now.getTime() - Math.max(...anchors);
  if (elapsed <= 0) return 0;
  return Math.floor(elapsed / (config.decayIntervalMinutes * MINUTE_MS));
}

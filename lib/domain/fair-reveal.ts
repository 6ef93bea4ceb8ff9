// When a fair drop's seed is published: only once no NFT can be minted any more (sold out,
// or every phase ended). Publishing it earlier (at a delayed reveal that comes before the
// sell-out, say) would let anyone compute which NFT the next mint gets, and pick.
import { phaseTiming, type PhaseSchedule } from "./phase-status";

export function isFairSeedPublic(
  drop: { totalSupply: number | null; minted: number; phases: readonly PhaseSchedule[] },
  now: Date,
): boolean {
  const soldOut = drop.totalSupply !== null && drop.minted >= drop.totalSupply;
  const closed = drop.phases.length > 0 && drop.phases.every((phase) => phaseTiming(phase, now).hasEnded);
  return soldOut || closed;
}

// One wallet's mint counts in a drop: every phase, with the limit that applies to the
// wallet there (lib/domain/allocation.ts walletPhaseCounts). Counts come from the Mint
// table, where bonus mints (BOGO, bounty, claim-code, free) are rows like paid ones.
import { walletPhaseCounts } from "@/lib/domain/allocation";
import { phaseTiming } from "@/lib/domain/phase-status";
import type { WalletMintsView, WalletPhaseMints } from "@/lib/schemas/wallet-mints";
import type { ServiceContext } from "./context";
import { getDropCounts, getDropFacts } from "./drop-snapshot";
import { gateInputs, readWalletHoldingsCached } from "./holdings";
import { allowlistOf, getWalletDropRows } from "./wallet-rows";

export async function getWalletMints(
  ctx: ServiceContext,
  options: { collectionId: string; walletAddress: string },
): Promise<WalletMintsView> {
  const { collectionId, walletAddress } = options;
  const now = ctx.clock.now();
  const [{ collection, phases }, { minted: dropMinted }, own] = await Promise.all([
    getDropFacts(ctx, collectionId),
    getDropCounts(ctx, collectionId),
    getWalletDropRows(ctx, collectionId, walletAddress),
  ]);
  // A drop with no supply cap never sells out.
  const soldOut = collection.totalSupply !== null && dropMinted >= collection.totalSupply;
  // Every NFT the wallet minted from the drop, phase or not: not the sum of phaseMints.
  const totalMinted = [...own.mintedByPhase.values()].reduce((sum, n) => sum + n, 0);
  const rulesOf = (phase: (typeof phases)[number]) => (phase.isGated ? phase.gateRules : []);
  // One chain read for every gated phase's rules.
  const holdings = await readWalletHoldingsCached(ctx, walletAddress, phases.flatMap(rulesOf));

  const phaseMints: Record<string, WalletPhaseMints> = {};
  for (const phase of phases) {
    const closed = soldOut || phaseTiming(phase, now).status === "ended";
    const counts = walletPhaseCounts(
      {
        isGated: phase.isGated,
        maxPerWallet: phase.maxPerWallet,
        allowlistAllocation: allowlistOf(own, phase.id),
        ...gateInputs(rulesOf(phase), holdings),
        override: own.overrideByPhase.get(phase.id) ?? null,
        minted: own.mintedByPhase.get(phase.id) ?? 0,
      },
      closed,
    );
    phaseMints[phase.id] = { phaseName: phase.name, ...counts, isPackPhase: phase.isPackPhase };
  }
  return { walletAddress, collectionId, phaseMints, totalMinted };
}

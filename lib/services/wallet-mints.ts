// One wallet's mint counts in a drop: every phase, with the limit that applies to the
// wallet there (lib/domain/allocation.ts walletPhaseCounts). Counts come from the Mint
// table, where bonus mints (BOGO, bounty, claim-code, free) are rows like paid ones.
import { walletPhaseCounts } from "@/lib/domain/allocation";
import type { WalletMintsView, WalletPhaseMints } from "@/lib/schemas/wallet-mints";
import type { ServiceContext } from "./context";
import { gateInputs, readWalletHoldings } from "./holdings";

export async function getWalletMints(ctx: ServiceContext, options: { collectionId: string; walletAddress: string }): Promise<WalletMintsView> {
  const { db, chain } = ctx;
  const { collectionId, walletAddress } = options;
  const [phases, byPhase, totalMinted, entries, overrides] = await Promise.all([
    db.phase.findMany({
      where: { collectionId },
      orderBy: [{ sortOrder: "asc" }, { startDate: "asc" }],
      include: { gateRules: { orderBy: { id: "asc" } } },
    }),
    db.mint.groupBy({ by: ["phaseId"], where: { collectionId, walletAddress }, _count: { _all: true } }),
    // Every NFT the wallet minted from the drop, phase or not: not the sum of phaseMints.
    db.mint.count({ where: { collectionId, walletAddress } }),
    db.allowlistEntry.findMany({ where: { walletAddress, phase: { collectionId } }, select: { phaseId: true, allocation: true } }),
    db.walletAllocationOverride.findMany({ where: { walletAddress, phase: { collectionId } }, select: { phaseId: true, allocation: true } }),
  ]);
  const rulesOf = (phase: (typeof phases)[number]) => (phase.isGated ? phase.gateRules : []);
  // One chain read for every gated phase's rules.
  const holdings = await readWalletHoldings(db, chain, walletAddress, phases.flatMap(rulesOf));
  const mintedIn = new Map(byPhase.map((row) => [row.phaseId, row._count._all]));
  const entryOf = new Map(entries.map((row) => [row.phaseId, row.allocation]));
  const overrideOf = new Map(overrides.map((row) => [row.phaseId, row.allocation]));

  const phaseMints: Record<string, WalletPhaseMints> = {};
  for (const phase of phases) {
    const counts = walletPhaseCounts({
      isGated: phase.isGated,
      maxPerWallet: phase.maxPerWallet,
      allowlistAllocation: entryOf.get(phase.id) ?? null,
      ...gateInputs(rulesOf(phase), holdings),
      override: overrideOf.get(phase.id) ?? null,
      minted: mintedIn.get(phase.id) ?? 0,
    });
    phaseMints[phase.id] = { phaseName: phase.name, ...counts, isPackPhase: phase.isPackPhase };
  }
  return { walletAddress, collectionId, phaseMints, totalMinted };
}

// One wallet's eligibility for one phase: gathers the inputs (phase, the wallet's own
// allowlist entry and override, its mints in the phase, its holdings on chain) and asks
// lib/domain/allocation.ts for the verdict. Only the asking wallet's rows are ever read,
// so nothing about the allowlist can leak into the answer.
import type { Chain } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { eligibilityVerdict, type WalletPhaseInput } from "@/lib/domain/allocation";
import { phaseTiming } from "@/lib/domain/phase-status";
import type { EligibilityView } from "@/lib/schemas/eligibility";
import type { ServiceContext } from "./context";
import { gateInputs, readWalletHoldings } from "./holdings";

/**
 * The phase, within its own drop. A phase of another drop answers exactly like an
 * unknown one, so phase ids cannot be probed across drops.
 */
export async function getPhaseOfCollectionOrThrow(db: Db, collectionId: string, phaseId: string) {
  const phase = await db.phase.findFirst({ where: { id: phaseId.toLowerCase(), collectionId }, include: { gateRules: { orderBy: { id: "asc" } } } });
  if (!phase) throw new AppError("PHASE_NOT_FOUND", "No phase of this collection has that id.");
  return phase;
}

type PhaseWithGates = Awaited<ReturnType<typeof getPhaseOfCollectionOrThrow>>;

/**
 * What the allocation rules need to know about one wallet in one phase: its own allowlist
 * entry and override, its holdings on chain (gated phases only) and, when asked, its mints.
 * Shared by eligibility and prepare-mint, so both judge a wallet the same way.
 */
export async function loadWalletPhaseInput(
  db: Db,
  chain: Chain,
  phase: PhaseWithGates,
  walletAddress: string,
  options: { countMinted?: () => Promise<number> } = {},
): Promise<WalletPhaseInput> {
  const key = { phaseId_walletAddress: { phaseId: phase.id, walletAddress } };
  // Gates of an ungated phase do not apply: no chain read for them.
  const rules = phase.isGated ? phase.gateRules : [];
  const [entry, override, minted, holdings] = await Promise.all([
    db.allowlistEntry.findUnique({ where: key, select: { allocation: true } }),
    db.walletAllocationOverride.findUnique({ where: key, select: { allocation: true } }),
    options.countMinted?.() ?? 0,
    readWalletHoldings(db, chain, walletAddress, rules),
  ]);
  return {
    isGated: phase.isGated,
    maxPerWallet: phase.maxPerWallet,
    allowlistAllocation: entry?.allocation ?? null,
    ...gateInputs(rules, holdings),
    override: override?.allocation ?? null,
    minted,
  };
}

export async function getEligibility(ctx: ServiceContext, options: { collectionId: string; phaseId: string; walletAddress: string }): Promise<EligibilityView> {
  const { db, chain } = ctx;
  const now = ctx.clock.now();
  const { collectionId, walletAddress } = options;
  const phase = await getPhaseOfCollectionOrThrow(db, collectionId, options.phaseId);
  const input = await loadWalletPhaseInput(db, chain, phase, walletAddress, {
    countMinted: () => db.mint.count({ where: { collectionId, phaseId: phase.id, walletAddress } }),
  });
  const timing = phaseTiming(phase, now);
  return {
    ...eligibilityVerdict(input, timing),
    phase: {
      id: phase.id,
      name: phase.name,
      startDate: phase.startDate?.toISOString() ?? null,
      endDate: phase.endDate?.toISOString() ?? null,
      hasStarted: timing.hasStarted,
      hasEnded: timing.hasEnded,
    },
    address: walletAddress,
  };
}

// One wallet's eligibility for one phase: gathers the inputs (phase, the wallet's own
// allowlist entry and override, its mints in the phase, its holdings on chain) and asks
// lib/domain/allocation.ts for the verdict. Only the asking wallet's rows are ever read,
// so nothing about the allowlist can leak into the answer.
import type { Chain } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import { eligibilityVerdict, type WalletPhaseInput } from "@/lib/domain/allocation";
import { phaseTiming } from "@/lib/domain/phase-status";
import type { EligibilityView } from "@/lib/schemas/eligibility";
import type { ServiceContext } from "./context";
import { getSnapshotPhaseOrThrow, type PhaseWithGates } from "./drop-snapshot";
import { gateInputs, readWalletHoldings } from "./holdings";

/**
 * What the allocation rules need to know about one wallet in one phase: its own allowlist
 * entry and override, its holdings on chain (gated phases only) and, when asked, its mints.
 * Shared by eligibility and prepare-mint, so both judge a wallet the same way.
 */
export async function loadWalletPhaseInput(db: Db, chain: Chain, phase: PhaseWithGates, walletAddress: string, options: { countMints?: boolean } = {}): Promise<WalletPhaseInput> {
  // Gates of an ungated phase do not apply: no chain read for them.
  const rules = phase.isGated ? phase.gateRules : [];
  const [rows, holdings] = await Promise.all([
    // The wallet's own rows in one round trip: its allowlist entry, its override and its mints.
    db.$queryRaw<Array<{ allowlist: number | null; override: number | null; minted: number }>>`
      SELECT
        (SELECT allocation FROM "AllowlistEntry" WHERE "phaseId" = ${phase.id}::uuid AND "walletAddress" = ${walletAddress}) AS allowlist,
        (SELECT allocation FROM "WalletAllocationOverride" WHERE "phaseId" = ${phase.id}::uuid AND "walletAddress" = ${walletAddress}) AS override,
        CASE WHEN ${options.countMints === true}
          THEN (SELECT count(*)::int FROM "Mint" WHERE "collectionId" = ${phase.collectionId}::uuid AND "phaseId" = ${phase.id}::uuid AND "walletAddress" = ${walletAddress})
          ELSE 0 END AS minted`,
    readWalletHoldings(db, chain, walletAddress, rules),
  ]);
  const own = rows[0]!;
  return {
    isGated: phase.isGated,
    maxPerWallet: phase.maxPerWallet,
    allowlistAllocation: own.allowlist,
    ...gateInputs(rules, holdings),
    override: own.override,
    minted: own.minted,
  };
}

export async function getEligibility(ctx: ServiceContext, options: { collectionId: string; phaseId: string; walletAddress: string }): Promise<EligibilityView> {
  const { db, chain } = ctx;
  const now = ctx.clock.now();
  const { collectionId, walletAddress } = options;
  const phase = await getSnapshotPhaseOrThrow(ctx, collectionId, options.phaseId);
  const input = await loadWalletPhaseInput(db, chain, phase, walletAddress, { countMints: true });
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

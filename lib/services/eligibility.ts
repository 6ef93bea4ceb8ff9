// One wallet's eligibility for one phase: gathers the inputs (phase, the wallet's own
// allowlist entry, its redeemed allowlist codes and its override, its mints in the phase, its holdings on chain) and asks
// lib/domain/allocation.ts for the verdict. Only the asking wallet's rows are ever read,
// so nothing about the allowlist can leak into the answer.
import type { Chain } from "@/lib/chain";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { allowlistSpots, eligibilityVerdict, type WalletPhaseInput } from "@/lib/domain/allocation";
import { phaseTiming } from "@/lib/domain/phase-status";
import type { EligibilityView } from "@/lib/schemas/eligibility";
import type { ServiceContext } from "./context";
import { getSnapshotPhaseOrThrow, type PhaseWithGates } from "./drop-snapshot";
import {
  gateInputs,
  readWalletHoldings,
  readWalletHoldingsCached,
  withoutGateNftsUsedElsewhere,
  withoutGateNftsUsedElsewhereCached,
  type WalletHoldings,
} from "./holdings";
import { allowlistOf, getWalletDropRows } from "./wallet-rows";
import { withDropsSellingGates } from "./gate-drops";

/** The wallet's own rows for one phase: its allowlist entry, its redeemed allowlist codes' spots, its override. */
export type WalletOwnRows = { allowlist: number | null; codes: number | null; override: number | null };

type WalletPhaseOptions = {
  now: Date;
  enteredAllowlistCode?: { codeId: string; spots: number } | null;
  /** Already read (walletOwnRowsSql, with the same entered code): no statement of its own. */
  own?: WalletOwnRows;
};

/**
 * The three columns of WalletOwnRows, for a SELECT list: a caller may read them in the same
 * statement as its other checks. A code entered in the body is left out of `codes` (its
 * spots are counted from the body, once).
 */
export function walletOwnRowsSql(
  // Values, or column references of the query around (execute reads them with its session).
  phase: { id: string | Prisma.Sql; collectionId: string | Prisma.Sql },
  walletAddress: string | Prisma.Sql,
  now: Date,
  enteredCodeId: string | Prisma.Sql | null,
): Prisma.Sql {
  return Prisma.sql`
    (SELECT allocation FROM "AllowlistEntry" WHERE "phaseId" = ${phase.id}::uuid AND "walletAddress" = ${walletAddress}) AS allowlist,
    (SELECT sum(r.allocation)::int FROM "ClaimCodeRedemption" r
       JOIN "ClaimCodeBatch" b ON b.id = r."batchId" JOIN "ClaimCode" c ON c.id = r."codeId"
       WHERE r."collectionId" = ${phase.collectionId}::uuid AND r."walletAddress" = ${walletAddress}
         AND b."grantType" = 'whitelist' AND NOT c.disabled AND (b."phaseId" IS NULL OR b."phaseId" = ${phase.id}::uuid)
         AND (b."expiresAt" IS NULL OR b."expiresAt" > ${now}) AND r."codeId" IS DISTINCT FROM ${enteredCodeId}::uuid) AS codes,
    (SELECT allocation FROM "WalletAllocationOverride" WHERE "phaseId" = ${phase.id}::uuid AND "walletAddress" = ${walletAddress}) AS override`;
}

/**
 * What the allocation rules need to know about one wallet in one phase for prepare-mint,
 * read afresh: its own allowlist entry, the spots of the allowlist codes it redeemed, and
 * its override, and its holdings on chain (gated phases only). Its mints are counted later,
 * under its lock. `enteredAllowlistCode` is a whitelist code in the prepare body: its spots
 * count whether or not the wallet redeemed it already (once). GET eligibility judges with
 * the same rules from the instance's caches.
 */
export async function loadWalletPhaseInput(
  db: Db,
  chain: Chain,
  phase: PhaseWithGates,
  walletAddress: string,
  options: WalletPhaseOptions,
): Promise<WalletPhaseInput> {
  return (await loadWalletPhaseFacts(db, chain, phase, walletAddress, options)).input;
}

/** The same, with the gate NFTs it counted (execute binds them to the wallet, execute-limits.ts). */
export async function loadWalletPhaseFacts(
  db: Db,
  chain: Chain,
  phase: PhaseWithGates,
  walletAddress: string,
  options: WalletPhaseOptions,
): Promise<{ input: WalletPhaseInput; holdings: WalletHoldings }> {
  // Gates of an ungated phase do not apply: no chain read for them.
  const rules = phase.isGated ? phase.gateRules : [];
  const entered = options.enteredAllowlistCode ?? null;
  const [own, held] = await Promise.all([
    // The wallet's own rows in one round trip (prepare counts its mints under its lock); a
    // caller that read them with its other checks (mint-gates.ts) hands them in.
    options.own ??
      db.$queryRaw<
        WalletOwnRows[]
      >`SELECT ${walletOwnRowsSql(phase, walletAddress, options.now, entered?.codeId ?? null)}`.then(
        (rows) => rows[0]!,
      ),
    readWalletHoldings(db, chain, walletAddress, rules),
  ]);
  const holdings = await withoutGateNftsUsedElsewhere(db, phase.id, walletAddress, held);
  const input = {
    isGated: phase.isGated,
    maxPerWallet: phase.maxPerWallet,
    allowlistAllocation: allowlistSpots([own.allowlist, own.codes, entered?.spots ?? null]),
    ...gateInputs(rules, holdings),
    override: own.override,
    minted: 0,
  };
  return { input, holdings };
}

export async function getEligibility(
  ctx: ServiceContext,
  options: { collectionId: string; phaseId: string; walletAddress: string },
): Promise<EligibilityView> {
  const now = ctx.clock.now();
  const { collectionId, walletAddress } = options;
  const phase = await getSnapshotPhaseOrThrow(ctx, collectionId, options.phaseId);
  // From the instance's caches (wallet-rows.ts, holdings.ts): a read, unlike prepare, which reads afresh.
  const rules = phase.isGated ? phase.gateRules : [];
  const [own, held] = await Promise.all([
    getWalletDropRows(ctx, collectionId, walletAddress),
    readWalletHoldingsCached(ctx, walletAddress, rules),
  ]);
  // A gate NFT another wallet used in this phase is reported as not held, as prepare refuses it.
  const holdings = await withoutGateNftsUsedElsewhereCached(ctx, phase.id, walletAddress, held);
  const input: WalletPhaseInput = {
    isGated: phase.isGated,
    maxPerWallet: phase.maxPerWallet,
    allowlistAllocation: allowlistOf(own, phase.id),
    ...gateInputs(rules, holdings),
    override: own.overrideByPhase.get(phase.id) ?? null,
    minted: own.mintedByPhase.get(phase.id) ?? 0,
  };
  const timing = phaseTiming(phase, now);
  const verdict = eligibilityVerdict(input, timing);
  return {
    ...verdict,
    requirements: await withDropsSellingGates(ctx, verdict.requirements, rules),
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

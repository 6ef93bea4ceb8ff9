// One wallet's mint counts in a drop: every phase, with the limit that applies to the
// wallet there (lib/domain/allocation.ts walletPhaseCounts). Counts come from the Mint
// table, where bonus mints (BOGO, bounty, claim-code, free) are rows like paid ones.
import { walletPhaseCounts } from "@/lib/domain/allocation";
import type { WalletMintsView, WalletPhaseMints } from "@/lib/schemas/wallet-mints";
import type { ServiceContext } from "./context";
import { getDropSnapshot } from "./drop-snapshot";
import { gateInputs, readWalletHoldings } from "./holdings";

export async function getWalletMints(ctx: ServiceContext, options: { collectionId: string; walletAddress: string }): Promise<WalletMintsView> {
  const { db, chain } = ctx;
  const { collectionId, walletAddress } = options;
  const [{ phases }, rows] = await Promise.all([
    getDropSnapshot(ctx, collectionId),
    // The wallet's own rows in one round trip: its mints per phase (a null phase too), its
    // allowlist entries and its overrides in the drop.
    db.$queryRaw<Array<{ kind: "mints" | "allowlist" | "override"; phaseId: string | null; n: number }>>`
      SELECT 'mints' AS kind, "phaseId"::text AS "phaseId", count(*)::int AS n FROM "Mint"
        WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${walletAddress} GROUP BY "phaseId"
      UNION ALL
      SELECT 'allowlist', a."phaseId"::text, a.allocation FROM "AllowlistEntry" a JOIN "Phase" p ON p.id = a."phaseId"
        WHERE p."collectionId" = ${collectionId}::uuid AND a."walletAddress" = ${walletAddress}
      UNION ALL
      SELECT 'override', o."phaseId"::text, o.allocation FROM "WalletAllocationOverride" o JOIN "Phase" p ON p.id = o."phaseId"
        WHERE p."collectionId" = ${collectionId}::uuid AND o."walletAddress" = ${walletAddress}`,
  ]);
  const rowsOf = (kind: (typeof rows)[number]["kind"]) => rows.filter((row) => row.kind === kind);
  const byPhase = rowsOf("mints");
  // Every NFT the wallet minted from the drop, phase or not: not the sum of phaseMints.
  const totalMinted = byPhase.reduce((sum, row) => sum + row.n, 0);
  const rulesOf = (phase: (typeof phases)[number]) => (phase.isGated ? phase.gateRules : []);
  // One chain read for every gated phase's rules.
  const holdings = await readWalletHoldings(db, chain, walletAddress, phases.flatMap(rulesOf));
  const mintedIn = new Map(byPhase.map((row) => [row.phaseId, row.n]));
  const entryOf = new Map(rowsOf("allowlist").map((row) => [row.phaseId, row.n]));
  const overrideOf = new Map(rowsOf("override").map((row) => [row.phaseId, row.n]));

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

// One wallet's own rows in one drop, read in one round trip and cached per instance
// (read-caches.ts: forgotten when the wallet mints there or its allowlist entry or override
// changes, on any instance): its mints per phase, its allowlist entries and its overrides.
// Eligibility and wallet-mints read them; only the asking wallet's rows are ever read, so
// nothing about the allowlist can leak into an answer.
import type { ServiceContext } from "./context";

export type WalletDropRows = Readonly<{
  /** Landed mints per phase id ("" for mints without a phase). */
  mintedByPhase: ReadonlyMap<string, number>;
  allowlistByPhase: ReadonlyMap<string, number>;
  overrideByPhase: ReadonlyMap<string, number>;
}>;

export function getWalletDropRows(ctx: ServiceContext, collectionId: string, walletAddress: string): Promise<WalletDropRows> {
  return ctx.caches.walletRows.get(`${collectionId}:${walletAddress}`, () => loadWalletDropRows(ctx, collectionId, walletAddress));
}

async function loadWalletDropRows({ db }: ServiceContext, collectionId: string, walletAddress: string): Promise<WalletDropRows> {
  const rows = await db.$queryRaw<Array<{ kind: "mints" | "allowlist" | "override"; phaseId: string | null; n: number }>>`
    SELECT 'mints' AS kind, "phaseId"::text AS "phaseId", count(*)::int AS n FROM "Mint"
      WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${walletAddress} GROUP BY "phaseId"
    UNION ALL
    SELECT 'allowlist', a."phaseId"::text, a.allocation FROM "AllowlistEntry" a JOIN "Phase" p ON p.id = a."phaseId"
      WHERE p."collectionId" = ${collectionId}::uuid AND a."walletAddress" = ${walletAddress}
    UNION ALL
    SELECT 'override', o."phaseId"::text, o.allocation FROM "WalletAllocationOverride" o JOIN "Phase" p ON p.id = o."phaseId"
      WHERE p."collectionId" = ${collectionId}::uuid AND o."walletAddress" = ${walletAddress}`;
  const byPhase = (kind: (typeof rows)[number]["kind"]) => new Map(rows.filter((row) => row.kind === kind).map((row) => [row.phaseId ?? "", row.n]));
  return Object.freeze({ mintedByPhase: byPhase("mints"), allowlistByPhase: byPhase("allowlist"), overrideByPhase: byPhase("override") });
}

// One wallet's own rows in one drop, read in one round trip and cached per instance
// (read-caches.ts: forgotten when the wallet mints there or its allowlist entry or override
// changes, on any instance): its mints per phase, its allowlist entries, the spots of its
// redeemed allowlist codes (redeemed with a mint, so announced with it) and its overrides.
// Eligibility and wallet-mints read them; only the asking wallet's rows are ever read, so
// nothing about the allowlist can leak into an answer.
import { allowlistSpots } from "@/lib/domain/allocation";
import type { ServiceContext } from "./context";

export type WalletDropRows = Readonly<{
  /** Landed mints per phase id ("" for mints without a phase). */
  mintedByPhase: ReadonlyMap<string, number>;
  allowlistByPhase: ReadonlyMap<string, number>;
  /** Spots of the wallet's redeemed allowlist (whitelist) codes, per phase id ("" for codes of every phase). */
  codeSpotsByPhase: ReadonlyMap<string, number>;
  overrideByPhase: ReadonlyMap<string, number>;
}>;

/** The wallet's allowlist allocation in a phase: its entry plus its allowlist codes' spots, or null when it has neither. */
export const allowlistOf = (rows: WalletDropRows, phaseId: string): number | null =>
  allowlistSpots([
    rows.allowlistByPhase.get(phaseId),
    rows.codeSpotsByPhase.get(phaseId),
    rows.codeSpotsByPhase.get(""),
  ]);

export function getWalletDropRows(
  ctx: ServiceContext,
  collectionId: string,
  walletAddress: string,
): Promise<WalletDropRows> {
  return ctx.caches.walletRows.get(`${collectionId}:${walletAddress}`, () =>
    loadWalletDropRows(ctx, collectionId, walletAddress),
  );
}

async function loadWalletDropRows(
  { db, clock }: ServiceContext,
  collectionId: string,
  walletAddress: string,
): Promise<WalletDropRows> {
  const rows = await db.$queryRaw<
    Array<{ kind: "mints" | "allowlist" | "codes" | "override"; phaseId: string | null; n: number }>
  >`
    SELECT 'mints' AS kind, "phaseId"::text AS "phaseId", count(*)::int AS n FROM "Mint"
      WHERE "collectionId" = ${collectionId}::uuid AND "walletAddress" = ${walletAddress} GROUP BY "phaseId"
    UNION ALL
    SELECT 'allowlist', a."phaseId"::text, a.allocation FROM "AllowlistEntry" a JOIN "Phase" p ON p.id = a."phaseId"
      WHERE p."collectionId" = ${collectionId}::uuid AND a."walletAddress" = ${walletAddress}
    UNION ALL
    SELECT 'override', o."phaseId"::text, o.allocation FROM "WalletAllocationOverride" o JOIN "Phase" p ON p.id = o."phaseId"
      WHERE p."collectionId" = ${collectionId}::uuid AND o."walletAddress" = ${walletAddress}
    UNION ALL
    SELECT 'codes', b."phaseId"::text, sum(r.allocation)::int FROM "ClaimCodeRedemption" r
      JOIN "ClaimCodeBatch" b ON b.id = r."batchId" JOIN "ClaimCode" c ON c.id = r."codeId"
      WHERE r."collectionId" = ${collectionId}::uuid AND r."walletAddress" = ${walletAddress} AND b."grantType" = 'whitelist' AND NOT c.disabled
        AND (b."expiresAt" IS NULL OR b."expiresAt" > ${clock.now()})
      GROUP BY b."phaseId"`;
  const byPhase = (kind: (typeof rows)[number]["kind"]) =>
    new Map(rows.filter((row) => row.kind === kind).map((row) => [row.phaseId ?? "", row.n]));
  return Object.freeze({
    mintedByPhase: byPhase("mints"),
    allowlistByPhase: byPhase("allowlist"),
    codeSpotsByPhase: byPhase("codes"),
    overrideByPhase: byPhase("override"),
  });
}

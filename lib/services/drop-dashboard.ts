// A creator's live dashboard of one drop, from durable rows only (the Prometheus counters are
// per process): Mint rows for the chart, revenue, sold counts and minters; MintSession rows
// for the funnel (every prepared NFT is a row whose state says how far it went);
// MintRefusalCount for refusals; claim-code and bounty rows; the chain for the prize account.
// The caller has already proved the drop is theirs (lib/api/studio-auth.ts).
import { Prisma } from "@/lib/db/generated/client";
import {
  funnelOf,
  minuteOf,
  mintsPerMinute,
  MAX_CHART_MINUTES,
  revenueOfPhase,
  totalsByCurrency,
  type CurrencyTotal,
  type RevenueRow,
} from "@/lib/domain/drop-dashboard";
import { AppError } from "@/lib/errors";
import type { DropDashboardView } from "@/lib/schemas/studio-dashboard";
import type { ServiceContext } from "./context";
import { flushRefusalCounts } from "./mint/refusal-counts";
import { getPrizeAccountMoney } from "./drop-prize-funding";

const TOP_MINTERS = 10;

export async function getDropDashboard(ctx: ServiceContext, collectionId: string): Promise<DropDashboardView> {
  const { db } = ctx;
  const now = ctx.clock.now();
  await flushRefusalCounts(db);
  const collection = await db.collection.findUnique({
    where: { id: collectionId },
    select: {
      id: true,
      shortId: true,
      name: true,
      totalSupply: true,
      treasuryAddress: true,
      phases: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }] },
    },
  });
  if (!collection) throw new AppError("COLLECTION_NOT_FOUND", "No collection has that identifier.");
  const [revenue, minutes, funnel, holders, topMinters, claimCodes, prize] = await Promise.all([
    revenueRows(ctx, collectionId),
    minuteCounts(ctx, collectionId, now),
    funnelFigures(ctx, collectionId),
    holderCounts(ctx, collectionId),
    db.mint.groupBy({
      by: ["walletAddress"],
      where: { collectionId },
      _count: { _all: true },
      orderBy: [{ _count: { walletAddress: "desc" } }, { walletAddress: "asc" }],
      take: TOP_MINTERS,
    }),
    claimCodeFigures(ctx, collectionId),
    getPrizeAccountMoney(ctx, collectionId),
  ]);
  const decimalsOf = currencyDecimals(collection.phases);
  const wire = (total: CurrencyTotal) => ({
    currency: total.currency,
    decimals: decimalsOf(total.currency),
    mints: total.mints,
    proceedsRaw: total.proceedsRaw.toString(),
    feesRaw: total.feesRaw.toString(),
  });
  const { config, keys } = ctx;
  return {
    drop: {
      id: collection.id,
      shortId: collection.shortId,
      name: collection.name,
      totalSupply: collection.totalSupply,
      minted: revenue.reduce((sum, row) => sum + row.mints, 0),
    },
    generatedAt: now.toISOString(),
    mintsPerMinute: mintsPerMinute(minutes, now).map((m) => ({ minute: m.minute.toISOString(), count: m.count })),
    revenue: totalsByCurrency(revenue).map(wire),
    phases: collection.phases.map((phase) => {
      const totals = revenueOfPhase(revenue, phase.id);
      const isToken = phase.currencyMint !== null;
      return {
        id: phase.id,
        name: phase.name,
        currency: phase.currency,
        supply: phase.phaseSupply || null,
        sold: totals.reduce((sum, t) => sum + t.mints, 0),
        revenue: totals.map(wire),
        proceeds: { treasuryAddress: collection.treasuryAddress, currencyMint: phase.currencyMint },
        platformFee: {
          lamportsPerNft: isToken ? null : config.platformFeeLamports.toString(),
          tokenBps: isToken ? config.platformFeeTokenBps : null,
        },
      };
    }),
    ...holders,
    topMinters: topMinters.map((row) => ({ walletAddress: row.walletAddress, mints: row._count._all })),
    claimCodes,
    funnel,
    money: {
      treasuryAddress: collection.treasuryAddress,
      platformFeeAccount: keys.platformFeeAccount.toBase58(),
      prizeAccount: prize,
    },
  };
}

/** A currency's decimals as the phases state them (SOL: 9). */
function currencyDecimals(phases: ReadonlyArray<{ currency: string; currencyDecimals: number }>) {
  const byCurrency = new Map(phases.map((p) => [p.currency, p.currencyDecimals]));
  return (currency: string) => byCurrency.get(currency) ?? (currency === "SOL" ? 9 : 0);
}

async function revenueRows(ctx: ServiceContext, collectionId: string): Promise<RevenueRow[]> {
  const groups = await ctx.db.mint.groupBy({
    by: ["phaseId", "currency"],
    where: { collectionId },
    _count: { _all: true },
    _sum: { pricePaid: true, feePaid: true },
  });
  return groups.map((g) => ({
    phaseId: g.phaseId,
    currency: g.currency,
    mints: g._count._all,
    proceedsRaw: g._sum.pricePaid ?? 0n,
    feesRaw: g._sum.feePaid ?? 0n,
  }));
}

async function minuteCounts(ctx: ServiceContext, collectionId: string, now: Date) {
  const since = new Date(minuteOf(now).getTime() - (MAX_CHART_MINUTES - 1) * 60_000);
  const rows = await ctx.db.$queryRaw<Array<{ minute: Date; count: number }>>`
    SELECT date_trunc('minute', "mintedAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS minute, count(*)::int AS count
    FROM "Mint" WHERE "collectionId" = ${collectionId}::uuid AND "mintedAt" >= ${since}
    GROUP BY 1`;
  return rows.map((row) => ({ minute: new Date(row.minute), count: Number(row.count) }));
}

/** Sessions the service runs for a bounty's winner are not a buyer's steps: the funnel leaves them out. */
async function funnelFigures(ctx: ServiceContext, collectionId: string) {
  const buyers = { collectionId, kind: { not: "bounty_bonus" as const } };
  const [states, executed, refusals] = await Promise.all([
    ctx.db.mintSession.groupBy({ by: ["status"], where: buyers, _count: { _all: true } }),
    ctx.db.mintSession.count({ where: { ...buyers, submittedAt: { not: null } } }),
    ctx.db.mintRefusalCount.findMany({ where: { collectionId }, select: { stage: true, code: true, count: true } }),
  ]);
  const byState = Object.fromEntries(states.map((s) => [s.status, s._count._all]));
  const funnel = funnelOf(byState, executed, refusals);
  return { ...funnel, refused: funnel.refused.map((r) => ({ ...r, stage: r.stage as "prepare" | "execute" })) };
}

async function holderCounts(ctx: ServiceContext, collectionId: string) {
  const [row] = await ctx.db.$queryRaw<Array<{ holders: number; minters: number }>>(Prisma.sql`
    SELECT
      (SELECT count(DISTINCT "ownerWallet")::int FROM "Nft"
        WHERE "collectionId" = ${collectionId}::uuid AND status = 'minted' AND "ownerWallet" IS NOT NULL) AS holders,
      (SELECT count(DISTINCT "walletAddress")::int FROM "Mint" WHERE "collectionId" = ${collectionId}::uuid) AS minters`);
  return { uniqueHolders: Number(row?.holders ?? 0), uniqueMinters: Number(row?.minters ?? 0) };
}

async function claimCodeFigures(ctx: ServiceContext, collectionId: string) {
  const { db } = ctx;
  const [batches, codes, redemptions] = await Promise.all([
    db.claimCodeBatch.findMany({
      where: { collectionId },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, name: true, grantType: true },
    }),
    db.claimCode.groupBy({
      by: ["batchId"],
      where: { collectionId },
      _count: { _all: true },
      _sum: { usesCount: true },
    }),
    db.claimCodeRedemption.count({ where: { collectionId } }),
  ]);
  const byBatch = new Map(codes.map((c) => [c.batchId, c]));
  return {
    redemptions,
    batches: batches.map((b) => ({
      id: b.id,
      name: b.name,
      grantType: b.grantType,
      codes: byBatch.get(b.id)?._count._all ?? 0,
      uses: byBatch.get(b.id)?._sum.usesCount ?? 0,
    })),
  };
}

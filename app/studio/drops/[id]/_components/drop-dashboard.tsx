// The creator's dashboard island: its own React Query client (the studio shares nothing with
// the public pages' providers), the live read, and the sections.
"use client";

import Link from "next/link";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { formatCount, formatUtcDateTime } from "@/lib/format";
import { SignInButton } from "@/app/_components/wallet-sign-in/sign-in-button";
import type { Cluster } from "@/lib/config";
import { downloadMintsCsv, useDropDashboard, useSignedInWallets, DashboardReadError } from "./dashboard-data";
import { MintsChart } from "./mints-chart";
import { ClaimCodes, Funnel, Holders, Money, Phases, Revenue } from "./dashboard-sections";

export function DropDashboard({
  dropId,
  cluster,
  wanted,
}: {
  dropId: string;
  cluster: Cluster;
  wanted: string | null;
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <WalletGate dropId={dropId} cluster={cluster} wanted={wanted} />
    </QueryClientProvider>
  );
}

/** The dashboard acts for a signed-in wallet: the one `?wallet=` names (`wanted`), else the first. */
function WalletGate({ dropId, cluster, wanted }: { dropId: string; cluster: Cluster; wanted: string | null }) {
  const wallets = useSignedInWallets();
  if (wallets.isPending) return <p className="text-slate-400">Loading the dashboard…</p>;
  const list = wallets.data ?? [];
  const wallet = list.find((w) => w === wanted) ?? list[0] ?? null;
  if (!wallet) {
    return (
      <div className="space-y-3">
        <p>Sign in with the wallet that created this drop to see its dashboard.</p>
        <SignInButton cluster={cluster} onSignedIn={() => void wallets.refetch()} />
      </div>
    );
  }
  return <Dashboard dropId={dropId} wallet={wallet} />;
}

function Dashboard({ dropId, wallet }: { dropId: string; wallet: string }) {
  const { data, error, isPending, isRefetchError } = useDropDashboard(dropId, wallet);
  if (isPending) return <p className="text-slate-400">Loading the dashboard…</p>;
  if (!data) {
    const message = error instanceof DashboardReadError ? error.message : "The dashboard could not be read just now.";
    return (
      <p role="alert" className="rounded border border-red-400/40 p-4 text-red-200">
        {message}
      </p>
    );
  }
  const { drop } = data;
  return (
    <div className="space-y-8" data-testid="drop-dashboard">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{drop.name ?? drop.shortId ?? "Drop"}</h1>
          <p className="text-slate-300">
            <span data-testid="minted-count">{formatCount(drop.minted)}</span>
            {drop.totalSupply !== null ? ` of ${formatCount(drop.totalSupply)}` : ""} minted
          </p>
        </div>
        <div className="text-right text-sm">
          <p className={isRefetchError ? "text-amber-300" : "text-slate-400"} aria-live="polite">
            {isRefetchError ? "Not updating: retrying…" : "Live"} · updated {formatUtcDateTime(data.generatedAt)}
          </p>
          <CsvExport dropId={dropId} wallet={wallet} />
          <Link href={`/studio/drops/${dropId}/manage`} className="text-mint underline">
            Manage this drop
          </Link>
        </div>
      </header>
      <section aria-labelledby="chart-title">
        <h2 id="chart-title" className="mb-2 text-lg font-semibold">
          Mints per minute
        </h2>
        <MintsChart points={data.mintsPerMinute} />
      </section>
      <Funnel funnel={data.funnel} />
      <div className="grid gap-8 md:grid-cols-2">
        <Revenue totals={data.revenue} />
        <Holders view={data} />
      </div>
      <Phases phases={data.phases} />
      <ClaimCodes codes={data.claimCodes} />
      <Money money={data.money} />
    </div>
  );
}

/** The export is a request like the dashboard's (it names the wallet), saved through a blob. */
function CsvExport({ dropId, wallet }: { dropId: string; wallet: string }) {
  const [status, setStatus] = useState<string | null>(null);
  const save = async () => {
    setStatus("Exporting…");
    try {
      await downloadMintsCsv(dropId, wallet);
      setStatus(null);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : "The export failed; try again.");
    }
  };
  return (
    <p>
      <button type="button" className="text-mint underline" onClick={() => void save()}>
        Export mints (CSV)
      </button>
      {status && <span className="ml-2 text-slate-400">{status}</span>}
    </p>
  );
}

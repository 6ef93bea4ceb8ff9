// The creator's dashboard island: its own React Query client (the studio shares nothing with
// the public pages' providers), the live read, and the sections.
"use client";

import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { formatCount, formatUtcDateTime } from "@/lib/format";
import { dashboardUrl, useDropDashboard, DashboardReadError } from "./dashboard-data";
import { MintsChart } from "./mints-chart";
import { ClaimCodes, Funnel, Holders, Money, Phases, Revenue } from "./dashboard-sections";

export function DropDashboard({ dropId }: { dropId: string }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: true } } }));
  return (
    <QueryClientProvider client={client}>
      <Dashboard dropId={dropId} />
    </QueryClientProvider>
  );
}

function Dashboard({ dropId }: { dropId: string }) {
  const { data, error, isPending, isRefetchError } = useDropDashboard(dropId);
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
          <a className="text-mint underline" href={dashboardUrl(dropId, "mints.csv")} download>
            Export mints (CSV)
          </a>
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

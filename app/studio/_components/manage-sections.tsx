// The manage page's sections: an allowlist upload per phase, claim-code batches, the audit log.
// The phases editor, bounties and reveal are in phases-editor.tsx and bounties-reveal.tsx.
"use client";

import { useEffect, useState } from "react";
import type { StudioFetch } from "@/lib/client/studio-client";

export type PhaseRow = { id: string; name: string; label: string | null; allowlistSize: number | null };
export type Run = (change: (call: StudioFetch) => Promise<unknown>, done?: string) => Promise<void>;

export function AllowlistUpload({ phases, base, run }: { phases: PhaseRow[]; base: string; run: Run }) {
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">Phases</h2>
      <ul className="space-y-2 text-sm">
        {phases.map((phase) => (
          <li key={phase.id} className="flex flex-wrap items-center gap-3">
            <span className="font-semibold">{phase.name}</span>
            <span className="text-slate-400">
              {phase.allowlistSize === null ? "open to all" : `allowlist of ${phase.allowlistSize}`}
            </span>
            <label className="text-mint">
              Upload allowlist (CSV or JSON)
              <input
                type="file"
                accept=".csv,.txt,.json"
                className="sr-only"
                onChange={(event) => {
                  const file = event.currentTarget.files?.[0];
                  if (!file) return;
                  const format = file.name.toLowerCase().endsWith(".json") ? "json" : "csv";
                  void file
                    .text()
                    .then((text) => run((c) => c("PUT", `${base}/phases/${phase.id}/allowlist`, { format, text })));
                }}
              />
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Batch = {
  id: string;
  name: string | null;
  grantType: string;
  codes: number;
  disabled: number;
  redemptions: number;
};

export function ClaimCodes({
  base,
  call,
  run,
  round,
}: {
  base: string;
  call: StudioFetch | null;
  run: Run;
  round: number;
}) {
  const [batches, setBatches] = useState<Batch[]>([]);
  useEffect(() => {
    call?.<{ batches: Batch[] }>("GET", `${base}/claim-codes`).then(
      (a) => setBatches(a.batches),
      () => undefined,
    );
  }, [call, base, round]);
  const download = async (batch: Batch) => {
    const answer = await call!<{ filename: string; csv: string }>("GET", `${base}/claim-codes/${batch.id}/export`);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([answer.csv], { type: "text/csv" }));
    link.download = answer.filename;
    link.click();
  };
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">Claim codes</h2>
      <form
        className="flex flex-wrap gap-2 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const body = {
            name: String(form.get("name")),
            grantType: String(form.get("kind")),
            count: Number(form.get("count")),
          };
          void run((c) => c("POST", `${base}/claim-codes`, body));
        }}
      >
        <input
          name="name"
          required
          placeholder="Batch name"
          aria-label="Batch name"
          className="rounded bg-white/10 p-2"
        />
        <select name="kind" aria-label="Kind" className="rounded bg-white/10 p-2">
          <option value="free_mint">Free mint</option>
          <option value="whitelist">Allowlist spot</option>
          <option value="discount">Discount</option>
        </select>
        <input
          name="count"
          type="number"
          min={1}
          max={10000}
          defaultValue={100}
          aria-label="How many"
          className="w-24 rounded bg-white/10 p-2"
        />
        <button className="rounded border border-mint px-3 py-1 text-mint">Generate</button>
      </form>
      <ul className="divide-y divide-white/10 text-sm">
        {batches.map((batch) => (
          <li key={batch.id} className="flex flex-wrap items-center gap-3 py-2">
            <span className="font-semibold">{batch.name}</span>
            <span className="text-slate-400">
              {batch.grantType} · {batch.codes} codes · {batch.redemptions} redeemed · {batch.disabled} revoked
            </span>
            <button type="button" onClick={() => void download(batch)} className="text-mint">
              Export CSV
            </button>
            <button
              type="button"
              onClick={() => void run((c) => c("DELETE", `${base}/claim-codes/${batch.id}`), "Revoked.")}
              className="text-red-300"
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Entry = {
  id: string;
  actorWallet: string;
  actorIsAdmin: boolean;
  action: string;
  summary: { changes?: string[] };
  createdAt: string;
};

export function AuditLog({ base, call, round }: { base: string; call: StudioFetch | null; round: number }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    call?.<{ entries: Entry[] }>("GET", `${base}/audit`).then(
      (a) => setEntries(a.entries),
      () => undefined,
    );
  }, [call, base, round]);
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold">Changes</h2>
      <ol className="space-y-1 text-sm" data-testid="studio-audit">
        {entries.map((entry) => (
          <li key={entry.id}>
            <time dateTime={entry.createdAt} className="text-slate-400">
              {entry.createdAt.replace("T", " ").slice(0, 19)} UTC
            </time>{" "}
            {entry.actorWallet.slice(0, 4)}…{entry.actorWallet.slice(-4)}
            {entry.actorIsAdmin ? " (admin)" : ""}: {entry.action}
            {entry.summary.changes?.length ? ` — ${entry.summary.changes.join("; ")}` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}

// The phases editor: dates, prices, per-wallet and per-transaction limits, supply and gate of
// each phase, saved together through PUT …/phases (the CLI's update and its rules after the
// first mint; a refusal's reasons show in the page's status list). Allowlists are uploaded
// per phase (AllowlistUpload) and kept here as they are.
"use client";

import { useState } from "react";
import { parseUnits } from "@/lib/domain/parse-units";
import type { Run } from "./manage-sections";

type Gate = { mint: string; minAmount: string } | null;
export type StudioPhase = {
  id: string;
  label: string | null;
  name: string;
  startDate: string | null;
  endDate: string | null;
  priceModel: "fixed" | "dutch" | "pegged";
  price: string;
  /** The price in SOL as text, from the server (so this island ships no formatting of amounts). */
  priceSol: string;
  dutchConfig: Record<string, unknown> | null;
  pegConfig: Record<string, unknown> | null;
  bogo: { buy: number; get: number } | null;
  maxPerWallet: number | null;
  maxPerTransaction: number | null;
  phaseSupply: number | null;
  allowlistSize: number | null;
  tokenGate: Gate;
  nftGate: { collection: string } | null;
};

type GateKind = "open" | "allowlist" | "token" | "nft";
const gateOf = (p: StudioPhase): GateKind =>
  p.allowlistSize !== null ? "allowlist" : p.tokenGate ? "token" : p.nftGate ? "nft" : "open";

/** An ISO instant as a datetime-local value in UTC ("2026-01-01T12:00"), and back. */
const toLocalInput = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : "");
const fromLocalInput = (value: string) => (value ? new Date(`${value}:00Z`).toISOString() : null);
const limit = (value: string) => (value.trim() === "" ? null : Number(value));

/** The PUT body's phase: the plan's terms, its allowlist kept unless the gate changed away from it. */
function bodyOf(phase: StudioPhase, gate: GateKind) {
  const { id: _id, allowlistSize: _size, priceSol: _sol, ...terms } = phase;
  return {
    ...terms,
    allowlist: gate === "allowlist" ? ("keep" as const) : null,
    tokenGate: gate === "token" ? phase.tokenGate : null,
    nftGate: gate === "nft" ? phase.nftGate : null,
  };
}

export function PhasesEditor({ phases, base, run }: { phases: StudioPhase[]; base: string; run: Run }) {
  const [draft, setDraft] = useState(phases);
  const [gates, setGates] = useState(() => phases.map(gateOf));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Freshly loaded phases (after a save, or the first load) replace the draft.
  const [loaded, setLoaded] = useState(phases);
  if (loaded !== phases) {
    setLoaded(phases);
    setDraft(phases);
    setGates(phases.map(gateOf));
  }
  const edit = (i: number, change: Partial<StudioPhase>) =>
    setDraft((all) => all.map((p, j) => (j === i ? { ...p, ...change } : p)));
  const save = async () => {
    const bad = draft.find((p) => [p.maxPerWallet, p.maxPerTransaction, p.phaseSupply].some(invalidLimit));
    if (bad) return setProblem(`${bad.name}: limits must be whole numbers of 1 or more (or empty for none).`);
    setProblem(null);
    setSaving(true);
    await run((c) => c("PUT", `${base}/phases`, { phases: draft.map((p, i) => bodyOf(p, gates[i]!)) }));
    setSaving(false);
  };
  return (
    <section className="space-y-3" data-testid="phases-editor">
      <h2 className="text-lg font-semibold">Phase terms</h2>
      <p className="text-sm text-slate-400">Dates are in UTC. Empty limits mean no limit.</p>
      {draft.map((phase, i) => (
        <PhaseFields
          key={phase.id}
          phase={phase}
          gate={gates[i]!}
          onGate={(g) => setGates((all) => all.map((x, j) => (j === i ? g : x)))}
          onChange={(change) => edit(i, change)}
        />
      ))}
      {problem && (
        <p role="alert" className="text-sm text-red-300">
          {problem}
        </p>
      )}
      <button
        type="button"
        disabled={saving || draft.length === 0}
        onClick={() => void save()}
        className="rounded border border-mint px-3 py-1 text-mint disabled:opacity-50"
      >
        {saving ? "Saving…" : "Save phases"}
      </button>
    </section>
  );
}

const invalidLimit = (n: number | null) => n !== null && (!Number.isInteger(n) || n < 1);
const field = "flex flex-col gap-1 text-xs text-slate-400";
const input = "rounded bg-white/10 p-2 text-sm text-white";

type FieldsProps = {
  phase: StudioPhase;
  gate: GateKind;
  onGate(gate: GateKind): void;
  onChange(change: Partial<StudioPhase>): void;
};

function PhaseFields({ phase, gate, onGate, onChange }: FieldsProps) {
  const [sol, setSol] = useState(phase.priceSol);
  return (
    <fieldset className="grid grid-cols-1 gap-2 rounded border border-white/10 p-3 sm:grid-cols-3">
      <legend className="px-1 font-semibold">{phase.name}</legend>
      <label className={field}>
        Starts (UTC)
        <input
          type="datetime-local"
          className={input}
          value={toLocalInput(phase.startDate)}
          onChange={(e) => onChange({ startDate: fromLocalInput(e.target.value) })}
        />
      </label>
      <label className={field}>
        Ends (UTC)
        <input
          type="datetime-local"
          className={input}
          value={toLocalInput(phase.endDate)}
          onChange={(e) => onChange({ endDate: fromLocalInput(e.target.value) })}
        />
      </label>
      <label className={field}>
        {phase.priceModel === "fixed" ? "Price (SOL)" : `Base price (SOL, ${phase.priceModel})`}
        <input
          inputMode="decimal"
          className={input}
          value={sol}
          onChange={(e) => {
            setSol(e.target.value);
            try {
              onChange({ price: parseUnits(e.target.value, 9).toString() });
            } catch {
              // Not a SOL amount yet (mid-typing): the last good price stays until it is one.
            }
          }}
        />
      </label>
      <LimitField label="Per wallet" value={phase.maxPerWallet} onChange={(v) => onChange({ maxPerWallet: v })} />
      <LimitField
        label="Per transaction"
        value={phase.maxPerTransaction}
        onChange={(v) => onChange({ maxPerTransaction: v })}
      />
      <LimitField label="Phase supply" value={phase.phaseSupply} onChange={(v) => onChange({ phaseSupply: v })} />
      <GateFields phase={phase} gate={gate} onGate={onGate} onChange={onChange} />
    </fieldset>
  );
}

function LimitField(props: { label: string; value: number | null; onChange(value: number | null): void }) {
  return (
    <label className={field}>
      {props.label}
      <input
        type="number"
        min={1}
        step={1}
        className={input}
        aria-label={props.label}
        value={props.value ?? ""}
        onChange={(e) => props.onChange(limit(e.target.value))}
      />
    </label>
  );
}

function GateFields({ phase, gate, onGate, onChange }: FieldsProps) {
  return (
    <div className="grid grid-cols-1 gap-2 sm:col-span-3 sm:grid-cols-3">
      <label className={field}>
        Who may mint
        <select className={input} value={gate} onChange={(e) => onGate(e.target.value as GateKind)}>
          <option value="open">Everyone</option>
          {phase.allowlistSize !== null && <option value="allowlist">Allowlist ({phase.allowlistSize} wallets)</option>}
          <option value="token">Holders of a token</option>
          <option value="nft">Holders of a collection</option>
        </select>
      </label>
      {gate === "token" && (
        <>
          <label className={field}>
            Token mint address
            <input
              className={input}
              value={phase.tokenGate?.mint ?? ""}
              onChange={(e) =>
                onChange({ tokenGate: { mint: e.target.value.trim(), minAmount: phase.tokenGate?.minAmount ?? "1" } })
              }
            />
          </label>
          <label className={field}>
            Minimum amount (smallest units)
            <input
              inputMode="numeric"
              className={input}
              value={phase.tokenGate?.minAmount ?? "1"}
              onChange={(e) =>
                onChange({ tokenGate: { mint: phase.tokenGate?.mint ?? "", minAmount: e.target.value.trim() } })
              }
            />
          </label>
        </>
      )}
      {gate === "nft" && (
        <label className={`${field} sm:col-span-2`}>
          Collection address
          <input
            className={input}
            value={phase.nftGate?.collection ?? ""}
            onChange={(e) => onChange({ nftGate: { collection: e.target.value.trim() } })}
          />
        </label>
      )}
    </div>
  );
}

// Bounties (the Nth mint wins a prize) and a hidden drop's reveal moment, each saved through
// the CLI's update and its rules (PUT …/bounties replaces them all; PUT …/reveal). Both start
// from what the drop holds now (GET …/bounties, GET …/reveal), so a save keeps what was there.
"use client";

import { useState } from "react";
import type { Run } from "./manage-sections";
import { useStudioRead, type StudioReader } from "./studio-query";

type Prize = { kind: "sol"; amount: number } | { kind: "free_mint" } | { kind: "grant"; label: string };
type Bounty = { name: string; description?: string; triggerMintCount: number; prize: Prize };

const input = "rounded bg-white/10 p-2 text-sm";

function bountyOf(form: FormData): Bounty {
  const kind = String(form.get("kind"));
  const prize: Prize =
    kind === "sol"
      ? { kind: "sol", amount: Number(form.get("amount")) }
      : kind === "grant"
        ? { kind: "grant", label: String(form.get("amount")).trim() }
        : { kind: "free_mint" };
  const description = String(form.get("description") ?? "").trim();
  return {
    name: String(form.get("name")).trim(),
    triggerMintCount: Number(form.get("trigger")),
    prize,
    ...(description ? { description } : {}),
  };
}

const prizeText = (p: Prize) =>
  p.kind === "sol" ? `${p.amount} SOL` : p.kind === "grant" ? `a grant: ${p.label}` : "a free mint";

type EditorProps = { base: string; run: Run; reader: StudioReader };

export function BountiesEditor({ base, run, reader }: EditorProps) {
  const saved = useStudioRead<{ bounties: Bounty[] }>(reader, `${base}/bounties`);
  if (!saved.data)
    return (
      <section className="space-y-2" data-testid="bounties-editor">
        <h2 className="text-lg font-semibold">Bounties</h2>
        <p className="text-sm text-slate-400">{saved.isError ? "The bounties could not be read." : "Loading…"}</p>
      </section>
    );
  // A new read (after any saved change) starts the list again from the server's.
  return <BountiesForm key={saved.dataUpdatedAt} initial={saved.data.bounties} base={base} run={run} />;
}

function BountiesForm({ initial, base, run }: { initial: Bounty[]; base: string; run: Run }) {
  const [bounties, setBounties] = useState<Bounty[]>(initial);
  const [kind, setKind] = useState("sol");
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    await run((c) => c("PUT", `${base}/bounties`, { bounties }), "Bounties saved.");
    setSaving(false);
  };
  return (
    <section className="space-y-2" data-testid="bounties-editor">
      <h2 className="text-lg font-semibold">Bounties</h2>
      <p className="text-sm text-slate-400">
        The Nth mint of the drop wins the prize. Saving replaces all of the drop&apos;s bounties with this list.
      </p>
      <form
        className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const bounty = bountyOf(new FormData(event.currentTarget));
          setBounties((all) => [...all, bounty]);
          event.currentTarget.reset();
          setKind("sol");
        }}
      >
        <input
          name="name"
          required
          maxLength={64}
          placeholder="Bounty name"
          aria-label="Bounty name"
          className={input}
        />
        <input
          name="trigger"
          type="number"
          required
          min={1}
          step={1}
          placeholder="Winning mint number"
          aria-label="Winning mint number"
          className={input}
        />
        <select name="kind" aria-label="Prize" value={kind} onChange={(e) => setKind(e.target.value)} className={input}>
          <option value="sol">SOL</option>
          <option value="free_mint">A free mint</option>
          <option value="grant">A grant (your own label)</option>
        </select>
        {kind !== "free_mint" && (
          <input
            name="amount"
            required
            {...(kind === "sol" ? { type: "number", min: 0.000000001, step: "any" } : { maxLength: 64 })}
            placeholder={kind === "sol" ? "Prize in SOL" : "What the winner gets"}
            aria-label={kind === "sol" ? "Prize in SOL" : "What the winner gets"}
            className={input}
          />
        )}
        <input
          name="description"
          maxLength={300}
          placeholder="Description (optional)"
          aria-label="Description"
          className={input}
        />
        <button className="rounded border border-white/30 px-3 py-1 sm:justify-self-start">Add to the list</button>
      </form>
      <ul className="divide-y divide-white/10 text-sm" data-testid="bounty-list">
        {bounties.map((b, i) => (
          <li key={`${b.name}-${i}`} className="flex flex-wrap items-center gap-3 py-2">
            <span className="font-semibold">{b.name}</span>
            <span className="text-slate-400">
              mint #{b.triggerMintCount} wins {prizeText(b.prize)}
            </span>
            <button
              type="button"
              className="text-red-300"
              onClick={() => setBounties((all) => all.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled={saving}
        onClick={() => void save()}
        className="rounded border border-mint px-3 py-1 text-mint disabled:opacity-50"
      >
        {saving ? "Saving…" : bounties.length ? "Save bounties" : "Save (removes every bounty)"}
      </button>
    </section>
  );
}

type Reveal = { hidden: boolean; revealAt: string | null; placeholderImage: string | null };

/** An ISO instant as a datetime-local value in UTC ("2031-02-03T04:05"). */
const utcInputValue = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : "");

export function RevealSettings({ base, run, reader }: EditorProps) {
  const saved = useStudioRead<Reveal>(reader, `${base}/reveal`);
  const [saving, setSaving] = useState(false);
  const reveal = saved.data;
  return (
    <section className="space-y-2" data-testid="reveal-settings">
      <h2 className="text-lg font-semibold">Reveal</h2>
      <p className="text-sm text-slate-400">
        For a drop with hidden art (Sugar&apos;s hiddenSettings): when its art is revealed. Leave empty for not
        scheduled.
      </p>
      {reveal && !reveal.hidden && (
        <p className="text-sm text-slate-300" data-testid="reveal-state">
          This drop&apos;s art is shown at once: it has no hidden settings.
        </p>
      )}
      <form
        key={saved.dataUpdatedAt}
        className="flex flex-col gap-2 text-sm sm:flex-row sm:flex-wrap sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const at = String(form.get("revealAt") ?? "");
          const placeholder = String(form.get("placeholder") ?? "").trim();
          const body = {
            revealAt: at ? new Date(`${at}:00Z`).toISOString() : null,
            ...(placeholder ? { placeholderImage: placeholder } : {}),
          };
          setSaving(true);
          void run((c) => c("PUT", `${base}/reveal`, body), "Reveal saved.").finally(() => setSaving(false));
        }}
      >
        <label className="flex flex-col gap-1 text-xs text-slate-400">
          Reveal at (UTC)
          <input
            name="revealAt"
            type="datetime-local"
            defaultValue={utcInputValue(reveal?.revealAt ?? null)}
            className={input}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs text-slate-400">
          Placeholder image (optional: /media/… or https://…)
          <input name="placeholder" defaultValue={reveal?.placeholderImage ?? ""} className={input} />
        </label>
        <button
          disabled={saving}
          className="rounded border border-mint px-3 py-1 text-mint disabled:opacity-50 sm:self-end"
        >
          {saving ? "Saving…" : "Save reveal"}
        </button>
      </form>
    </section>
  );
}
